// What an app pays, min+gzip, for toolchat's entry points, beside the AI SDK's own `useChat`.
// `node scripts/size.mjs` prints a table; `--json` prints the rows; `--breakdown` prints, for the
// first-load cases, what each module weighs in the minified bundle; `measureSizes()` is used by
// the size test and the bench runner. `--from <dir>` measures a built package (`vite build
// --outDir <dir>`) instead of the source: what an app bundling the published files gets. Budgets live in package.json under `sizeBudget` (KiB).
// `measureCompetitors()` (the bench runner, or `--compare`) bundles assistant-ui and CopilotKit
// from their own prefix, bench/compare/, installed there on first use: never by `npm ci` or
// `npm test`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = (path) => resolve(root, 'src', path);

// The peers, and the packages `ai` itself brings and uses for `DefaultChatTransport` (its SSE
// parser): every app with `ai` already ships them, so what toolchat imports of them is free.
const PEERS = ['react', 'react-dom', 'ai', '@ai-sdk/react', 'zod', '@ai-sdk/provider-utils', 'eventsource-parser'];
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
    // The first load holds none of the AI SDK: the chat fetches it with the loop's chunk as it
    // starts, before it can send. What other chat libraries load up front is this.
    name: 'toolchat: everything up front for ChatWrapper, ready to send (the loop\'s chunk it fetches as it starts, ai and zod included; Markdown loaded after mount; React external)',
    code: `export { ChatWrapper } from 'toolchat'; export * as loopChunk from 'toolchat/lazy/loop-chunk';`,
    external: REACT,
    budget: 'upFront',
  },
  {
    name: 'toolchat/mcp: MCP and WebMCP tools and their hooks (own code + @cfworker/json-schema; peers and the MCP SDK external)',
    code: `export * from 'toolchat/mcp';`,
    external: [...PEERS, '@modelcontextprotocol/sdk'],
    budget: 'mcp',
  },
  {
    name: 'toolchat/mcp with the MCP SDK client bundled, what an app adds for MCP (peers external; the SSE fallback loads on demand)',
    code: `export * from 'toolchat/mcp';`,
    external: PEERS,
  },
  {
    name: 'toolchat/marker: the ###: marker for text-only models (parser, its Markdown reading with micromark, prompt, stream stage; peers external)',
    code: `export * from 'toolchat/marker';`,
    external: PEERS,
    budget: 'marker',
  },
  {
    name: 'toolchat/testing: scripted models and transports, waits, renderChat (peers, vitest and Testing Library external)',
    code: `export * from 'toolchat/testing';`,
    external: [...PEERS, 'vitest', '@testing-library/react'],
  },
  {
    name: 'toolchat/locales: one language, every string of the chat (German; peers external)',
    code: `export { de } from 'toolchat/locales';`,
    external: PEERS,
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

const compareDir = resolve(root, 'bench', 'compare');

/**
 * What the issue compares with: each an app entry in bench/compare/ (only React external, like
 * our "everything up front"), with the issue's figure (`quoted` when it is a range) for when it
 * cannot be installed. `key` lets the bench runner find the row it compares us with.
 */
export const competitors = [
  {
    key: 'assistantUiAiSdk',
    name: 'assistant-ui: @assistant-ui/react + AI SDK adapter (useChatRuntime), minimal thread (React external)',
    file: 'assistant-ui-ai-sdk.jsx',
    quotedKiB: 180,
  },
  {
    key: 'assistantUiLocal',
    name: 'assistant-ui: @assistant-ui/react without the adapter (useLocalRuntime), minimal thread (React external)',
    file: 'assistant-ui-local.jsx',
    quotedKiB: 108,
  },
  {
    key: 'copilotKit',
    name: 'CopilotKit: @copilotkit/react-core + @copilotkit/react-ui, <CopilotKit><CopilotChat/></CopilotKit>, CSS dropped (React external)',
    file: 'copilotkit.jsx',
    // The issue gives a range; the fallback row shows its lower end.
    quotedKiB: 620,
    quoted: '620–914',
  },
];

const fromIndex = process.argv.indexOf('--from');
/** A built package to measure instead of `src/`, or undefined. */
const fromDir = fromIndex > 0 ? resolve(process.argv[fromIndex + 1]) : undefined;

const aliasPlugin = {
  name: 'toolchat-alias',
  setup(b) {
    const entries = fromDir
      ? { toolchat: 'index.js', 'toolchat/lazy/loop-chunk': 'lazy/loop-chunk.js', 'toolchat/core': 'core.js', 'toolchat/server': 'server.js', 'toolchat/mcp': 'mcp.js', 'toolchat/marker': 'marker.js', 'toolchat/testing': 'testing.js', 'toolchat/locales': 'locales.js' }
      : {
          toolchat: 'index.ts',
          'toolchat/lazy/loop-chunk': 'core/loop/loop-chunk.ts',
          'toolchat/core': 'core/index.ts',
          'toolchat/server': 'server/index.ts',
          'toolchat/mcp': 'mcp/index.ts',
          'toolchat/marker': 'marker/index.ts',
          'toolchat/testing': 'testing/index.ts',
          'toolchat/locales': 'locales/index.ts',
        };
    const at = (file) => (fromDir ? resolve(fromDir, file) : src(file));
    b.onResolve({ filter: /^toolchat(\/core|\/server|\/mcp|\/marker|\/testing|\/locales|\/lazy\/loop-chunk)?$/ }, (args) => ({ path: at(entries[args.path]) }));
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
    ...(entry.file === undefined
      ? { stdin: { contents: entry.code, resolveDir: root, loader: 'ts' } }
      : { entryPoints: [resolve(compareDir, entry.file)] }),
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    legalComments: 'none',
    // Stylesheets are not JavaScript (CopilotKit's packages import theirs): drop them.
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    ...(entry.external === 'all-packages' ? { packages: 'external' } : { external: external(entry.external) }),
    plugins: [lazyPlugin, aliasPlugin],
    logLevel: 'silent',
    metafile: true,
  });
  const code = result.outputFiles[0].contents;
  // What ends up in the bundle: modules read and then tree-shaken away weigh nothing.
  const modules = Object.entries(Object.values(result.metafile.outputs)[0].inputs).flatMap(([path, { bytesInOutput }]) =>
    bytesInOutput > 0 ? [{ path, minBytes: bytesInOutput }] : [],
  );
  const inputs = modules.map((module) => module.path);
  return {
    modules,
    minBytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    // Whether any of toolchat/mcp (its source, the MCP SDK, its validator) is in the bundle.
    includesMcp: inputs.some((path) => MCP_CODE.test(path)),
    // Whether any of the ###: marker (its source, micromark) is in the bundle.
    includesMarker: inputs.some((path) => MARKER_CODE.test(path)),
    // Whether toolchat/testing's own code is in the bundle, and whether the bundle loads a test
    // runner or Testing Library up front (they are optional peers, loaded by the helpers using them).
    includesTesting: inputs.some((path) => TESTING_CODE.test(path)),
    importsTestTools: Object.values(result.metafile.outputs)[0].imports.some(
      (imported) => imported.kind === 'import-statement' && TEST_TOOLS.test(imported.path),
    ),
  };
}

const MCP_CODE = /(?:^|\/)src\/mcp\/|@modelcontextprotocol\/|@cfworker\/json-schema/;
const MARKER_CODE = /(?:^|\/)src\/(?:core\/)?marker\/|\/micromark/;
const TESTING_CODE = /(?:^|\/)src\/testing\/|(?:^|\/)testing\.js$/;
const TEST_TOOLS = /^(?:vitest|@testing-library\/)/;

/** Every case with its sizes in bytes and KiB, and its budget when package.json sets one. */
export async function measureSizes() {
  const budgets = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).sizeBudget ?? {};
  const rows = [];
  for (const entry of cases) {
    const { minBytes, gzipBytes, includesMcp, includesMarker, includesTesting, importsTestTools } = await measure(entry);
    const budgetKiB = entry.budget === undefined ? undefined : budgets[entry.budget];
    rows.push({
      name: entry.name,
      budget: entry.budget,
      budgetKiB,
      minBytes,
      gzipBytes,
      gzipKiB: gzipBytes / 1024,
      includesMcp,
      includesMarker,
      includesTesting,
      importsTestTools,
    });
  }
  return rows;
}

/** Whether bench/compare/node_modules holds every dependency at its package-lock.json version. */
function competitorsInstalled() {
  try {
    const lock = JSON.parse(readFileSync(resolve(compareDir, 'package-lock.json'), 'utf8'));
    const wanted = Object.keys(JSON.parse(readFileSync(resolve(compareDir, 'package.json'), 'utf8')).dependencies);
    return wanted.every((name) => {
      const installed = resolve(compareDir, 'node_modules', name, 'package.json');
      return existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === lock.packages[`node_modules/${name}`]?.version;
    });
  } catch {
    return false;
  }
}

/** `npm ci` into bench/compare (quietly); the reason it failed, or undefined. */
function installCompetitors() {
  process.stderr.write('size: installing bench/compare (assistant-ui, CopilotKit; once)… ');
  const args = ['ci', '--prefix', compareDir, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
  // Windows runs npm through its .cmd shim, which needs a shell.
  const result = spawnSync('npm', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    shell: process.platform === 'win32',
    timeout: 10 * 60 * 1000,
  });
  if (result.status === 0 && competitorsInstalled()) {
    process.stderr.write('done\n');
    return undefined;
  }
  // npm's first error lines go to stderr; the reason (it ends up in row names) keeps its code.
  const output = result.error?.message ?? (result.stderr ?? '').split('\n').filter((line) => line.startsWith('npm error')).slice(0, 4).join('\n');
  process.stderr.write(`failed\n${output}\n`);
  const code = result.error ? result.error.code : /npm error code (\S+)/.exec(result.stderr ?? '')?.[1];
  return `npm ci in bench/compare failed${code ? ` (${code})` : ''}`;
}

/**
 * Each competitor measured like our cases (esbuild, minified, zlib level 9, dynamic imports
 * left out), installing bench/compare first when needed. When that or a build fails (offline),
 * every row carries the issue's quoted figure instead and `reason` says why.
 */
export async function measureCompetitors({ install = true } = {}) {
  let reason = competitorsInstalled() ? undefined : install ? installCompetitors() : 'bench/compare is not installed';
  if (reason === undefined) {
    try {
      const rows = [];
      for (const entry of competitors) {
        const { minBytes, gzipBytes } = await measure({ ...entry, external: REACT });
        rows.push({ ...entry, measured: true, minBytes, gzipBytes, gzipKiB: gzipBytes / 1024 });
      }
      return { measured: true, rows };
    } catch (error) {
      reason = `bundling bench/compare failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
  }
  return { measured: false, reason, rows: competitors.map((entry) => ({ ...entry, measured: false, gzipKiB: entry.quotedKiB })) };
}

/**
 * What each module of the first-load cases weighs, minified (esbuild's `bytesInOutput`), the
 * heaviest first, with each folder's sum: where the bytes are. Minified bytes, not gzip: gzip
 * cannot be split per module (roughly a third of these).
 */
export async function measureBreakdown() {
  const rows = [];
  for (const entry of cases.filter((c) => ['chatWrapper', 'useToolChat'].includes(c.budget))) {
    const { modules } = await measure(entry);
    const folders = new Map();
    for (const { path, minBytes } of modules) {
      const folder = path.startsWith('src/') ? path.split('/').slice(0, -1).join('/') : path.split('/').slice(0, 2).join('/');
      folders.set(folder, (folders.get(folder) ?? 0) + minBytes);
    }
    rows.push({ name: entry.name, modules: modules.sort((a, b) => b.minBytes - a.minBytes), folders: [...folders].sort((a, b) => b[1] - a[1]) });
  }
  return rows;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain && process.argv.includes('--breakdown')) {
  for (const { name, modules, folders } of await measureBreakdown()) {
    const total = modules.reduce((sum, module) => sum + module.minBytes, 0);
    console.log(`\n${name}: ${(total / 1024).toFixed(1)} KiB minified`);
    for (const [folder, bytes] of folders) console.log(`  ${String(bytes).padStart(7)}  ${folder}/`);
    for (const { path, minBytes } of modules) console.log(`  ${String(minBytes).padStart(7)}  ${path}`);
  }
} else if (isMain) {
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
    if (process.argv.includes('--compare')) {
      const { measured, reason, rows: others } = await measureCompetitors();
      if (!measured) console.log(`competitors not measured (${reason}); issue 8's figures:`);
      for (const row of others) {
        const quoted = measured ? `, issue 8 quoted ${row.quoted ?? row.quotedKiB} KiB` : ' (quoted)';
        console.log(`${row.name}: ${row.gzipKiB.toFixed(1)} KiB min+gzip${quoted}`);
      }
    } else {
      for (const row of competitors) console.log(`${row.name}: ${row.quotedKiB} KiB (quoted from issue 8; \`--compare\` measures it)`);
    }
    if (over.length > 0) {
      for (const row of over) console.error(`over budget: ${row.name}: ${row.gzipKiB.toFixed(1)} KiB > ${row.budgetKiB} KiB`);
      process.exitCode = 1;
    }
  }
}
