// What an app pays, min+gzip, for toolchat's entry points, beside the AI SDK's own `useChat`.
// `node scripts/size.mjs` prints a table; `--json` prints the rows; `measureSizes()` is used by
// the size test and the bench runner. Budgets live in package.json under `sizeBudget` (KiB).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = (path) => resolve(root, 'src', path);

const PEERS = ['react', 'react-dom', 'ai', '@ai-sdk/react', 'zod'];
const REACT = ['react', 'react-dom'];
// Subpaths too (`react/jsx-runtime`, `ai/internal`…).
const external = (names) => names.flatMap((name) => [name, `${name}/*`]);

/**
 * Each case: what the app imports, and which packages it already has (external). `budget`
 * names the key of package.json's `sizeBudget` that caps the case.
 */
export const cases = [
  {
    name: 'toolchat: ChatWrapper (own code + its dependencies, peers external)',
    code: `export { ChatWrapper } from 'toolchat';`,
    external: PEERS,
    budget: 'chatWrapper',
  },
  {
    name: 'toolchat: useToolChat alone (own code + its dependencies, peers external)',
    code: `export { useToolChat } from 'toolchat';`,
    external: PEERS,
    budget: 'useToolChat',
  },
  {
    name: 'toolchat: ChatWrapper, source only (every package external)',
    code: `export { ChatWrapper } from 'toolchat';`,
    external: 'all-packages',
    budget: 'chatWrapperOwnSource',
  },
  {
    name: 'toolchat: everything up front for ChatWrapper (ai and zod included, Markdown loaded after mount; React external)',
    code: `export { ChatWrapper } from 'toolchat';`,
    external: REACT,
    budget: 'upFront',
  },
  {
    name: 'baseline: @ai-sdk/react useChat + DefaultChatTransport (React external)',
    code: `export { useChat } from '@ai-sdk/react'; export { DefaultChatTransport } from 'ai';`,
    external: REACT,
  },
  {
    name: 'react-markdown + remark-gfm (React external)',
    code: `export { default } from 'react-markdown'; export { default as gfm } from 'remark-gfm';`,
    external: REACT,
  },
];

/** Packages the issue compares with; not installed here, so their figures are the issue's. */
export const quoted = [
  { name: '@assistant-ui/react + AI SDK adapter, minimal thread', kib: 180 },
  { name: '@assistant-ui/react without the adapter', kib: 108 },
  { name: '@copilotkit/react-core + @copilotkit/react-ui (first load)', kib: 620 },
];

const aliasPlugin = {
  name: 'toolchat-alias',
  setup(b) {
    const entries = { toolchat: 'index.ts', 'toolchat/core': 'core/index.ts', 'toolchat/server': 'server/index.ts' };
    b.onResolve({ filter: /^toolchat(\/core|\/server)?$/ }, (args) => ({ path: src(entries[args.path]) }));
  },
};

// What loads later, behind `import()` (the Markdown renderer, storage, the marker stage), is
// not what an app pays up front: leave it out.
const lazyPlugin = {
  name: 'toolchat-lazy',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

async function measure(entry) {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    ...(entry.external === 'all-packages' ? { packages: 'external' } : { external: external(entry.external) }),
    plugins: [lazyPlugin, aliasPlugin],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** Every case with its sizes in bytes and KiB, and its budget when package.json sets one. */
export async function measureSizes() {
  const budgets = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).sizeBudget ?? {};
  const rows = [];
  for (const entry of cases) {
    const { minBytes, gzipBytes } = await measure(entry);
    const budgetKiB = entry.budget === undefined ? undefined : budgets[entry.budget];
    rows.push({ name: entry.name, budget: entry.budget, budgetKiB, minBytes, gzipBytes, gzipKiB: gzipBytes / 1024 });
  }
  return rows;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const rows = await measureSizes();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows));
  } else {
    const over = rows.filter((row) => row.budgetKiB !== undefined && row.gzipKiB > row.budgetKiB);
    console.table(
      rows.map((row) => ({
        case: row.name,
        'min KiB': (row.minBytes / 1024).toFixed(1),
        'min+gzip KiB': row.gzipKiB.toFixed(1),
        'budget KiB': row.budgetKiB ?? '',
      })),
    );
    for (const row of quoted) console.log(`${row.name}: ${row.kib} KiB (quoted from issue 8; not installed here)`);
    if (over.length > 0) {
      for (const row of over) console.error(`over budget: ${row.name}: ${row.gzipKiB.toFixed(1)} KiB > ${row.budgetKiB} KiB`);
      process.exitCode = 1;
    }
  }
}
