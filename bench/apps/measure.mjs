// What an app's first load weighs: three tiny apps (bench/apps/*.tsx), each with React and one
// zod schema, built as production apps with Vite (Rolldown, the project's own vite) and with
// esbuild (code splitting on, as an app that lazy-loads does), against the package as an app
// installs it: `vite build` into a throwaway node_modules/toolchat with this package.json.
//
// The first load is the entry chunk and every chunk it imports statically, each gzipped on its
// own (level 9) as the browser fetches them; what loads later behind `import()` is counted apart.
// Ratios are to the bare `useChat` app of the same bundler in the same run.
//
// `node bench/apps/measure.mjs` prints the table; `--breakdown` adds the heaviest modules of each
// first load; `--src` measures the source instead of the built package (quicker, less true).
// `measureApps()` is used by bench/run.mjs.
import { build as esbuild } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

export const apps = [
  { key: 'bare', file: 'bare.tsx', name: 'bare AI SDK useChat app (one tool wired by hand)' },
  { key: 'chatWrapper', file: 'chat-wrapper.tsx', name: 'ChatWrapper app with one tool' },
  { key: 'toolChat', file: 'tool-chat.tsx', name: 'useToolChat app with one tool' },
];

/** The targets: first load as a ratio to the bare app of the same bundler. */
export const targets = {
  vite: { chatWrapper: 1.15, toolChat: 1.05 },
  esbuild: { chatWrapper: 1.3, toolChat: 1.3 },
};
/** toolchat's own code in the esbuild ChatWrapper app's first load, KiB min+gzip. */
export const OWN_CODE_TARGET_KIB = 22;

const REACT = ['react', 'react-dom', 'scheduler'];

/**
 * Builds the package into a throwaway node_modules/toolchat (its dist/ and package.json), as an
 * app installs it; its path. The bare imports of its files resolve to this repository's
 * node_modules, as an app's do to its own.
 */
export function installPackage(pkg = resolve(root, 'node_modules/.cache/toolchat-apps/node_modules/toolchat')) {
  rmSync(pkg, { recursive: true, force: true });
  mkdirSync(pkg, { recursive: true });
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', resolve(pkg, 'dist'), '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cpSync(resolve(root, 'src/react/styles.css'), resolve(pkg, 'dist/styles.css'));
  writeFileSync(resolve(pkg, 'package.json'), readFileSync(resolve(root, 'package.json')));
  return pkg;
}

/** `toolchat` and its subpaths, resolved through the installed package's `exports` (or to src/). */
function toolchatEntries(pkg) {
  if (pkg === undefined) {
    const src = (path) => resolve(root, 'src', path);
    return { toolchat: src('index.ts'), 'toolchat/core': src('core/index.ts'), 'toolchat/transports': src('transports/index.ts') };
  }
  const { exports } = JSON.parse(readFileSync(resolve(pkg, 'package.json'), 'utf8'));
  const entries = {};
  for (const [subpath, target] of Object.entries(exports)) {
    const file = typeof target === 'string' ? target : (target.import ?? target.default);
    entries[subpath === '.' ? 'toolchat' : `toolchat/${subpath.slice(2)}`] = resolve(pkg, file);
  }
  return entries;
}

const gzip = (code) => gzipSync(code, { level: 9 }).length;

/** Which module a path is, for the breakdown and the checks: toolchat's, a package's, or the app's. */
function owner(path, pkg) {
  const normal = path.split(sep).join('/');
  if (pkg !== undefined && resolve(path).startsWith(pkg + sep)) return 'toolchat';
  if (normal.includes('/src/') && !normal.includes('node_modules')) return 'toolchat';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(normal.slice(normal.lastIndexOf('node_modules/')));
  return match ? match[1] : 'app';
}

// zod's locales (every language but the default English) and its JSON Schema compiler: an app
// pays for them only when its own code asks.
const ZOD_LOCALES = /zod\/v4\/locales\/(?!en\.js)/;
const ZOD_JSON_SCHEMA = /zod\/v4\/core\/(?:to-json-schema|json-schema-processors|json-schema-generator)\.js/;
// What loads only when used: the Markdown parser (the renderer loads after mount), the `###:`
// marker (its own entry, or with `toolMarkers: 'on'`), what runs a call, MCP (its own entry), the
// AI SDK itself.
const LATER = {
  micromark: /node_modules\/micromark|node_modules\/react-markdown|node_modules\/remark-/,
  marker: /toolchat\/dist\/(?:core\/)?marker\/|src\/(?:core\/)?marker\//,
  // What runs a call (input validation, timeouts, retries): with the first call or request.
  engine: /toolchat\/dist\/core\/tools\/(?:execute-tool-calls-now|attempt|input-schema)\.js|src\/core\/tools\/(?:execute-tool-calls-now|attempt|input-schema)\.ts/,
  mcp: /toolchat\/dist\/mcp|src\/mcp\/|@modelcontextprotocol/,
  // The AI SDK's chat, which sends and streams: with the loop's chunk, which every request waits for.
  ai: /node_modules\/ai\//,
};

function summarise(chunks, firstLoadNames, pkg) {
  const first = chunks.filter((chunk) => firstLoadNames.has(chunk.name));
  const later = chunks.filter((chunk) => !firstLoadNames.has(chunk.name));
  const modules = first.flatMap((chunk) => chunk.modules);
  const minOf = (list) => list.reduce((sum, chunk) => sum + chunk.code.length, 0);
  const gzipOf = (list) => list.reduce((sum, chunk) => sum + gzip(chunk.code), 0);
  return {
    firstLoad: { minBytes: minOf(first), gzipBytes: gzipOf(first), chunks: first.length },
    later: { minBytes: minOf(later), gzipBytes: gzipOf(later), chunks: later.length },
    modules,
    zodLocales: modules.some((module) => ZOD_LOCALES.test(module.path)),
    zodJsonSchema: modules.some((module) => ZOD_JSON_SCHEMA.test(module.path)),
    loadsLaterInFirstLoad: Object.fromEntries(Object.entries(LATER).map(([name, test]) => [name, modules.some((module) => module.bytes > 0 && test.test(module.path.split(sep).join('/')))])),
    ownBytes: modules.filter((module) => owner(module.path, pkg) === 'toolchat').reduce((sum, module) => sum + module.bytes, 0),
  };
}

/** The entry chunk's name and every chunk it reaches by static imports. */
function reach(entry, importsOf) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of importsOf(name)) visit(next);
  };
  visit(entry);
  return seen;
}

async function buildWithEsbuild(app, pkg, { reactExternal = false, ownOnly = false } = {}) {
  const entries = toolchatEntries(pkg);
  const result = await esbuild({
    entryPoints: [resolve(here, app.file)],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: resolve(root, 'node_modules/.cache/toolchat-apps/out-esbuild'),
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    legalComments: 'none',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'silent',
    ...(reactExternal ? { external: REACT.flatMap((name) => [name, `${name}/*`]) } : {}),
    plugins: [
      {
        name: 'toolchat',
        setup(b) {
          b.onResolve({ filter: /^toolchat(\/[\w.-]+)?$/ }, (args) => ({ path: entries[args.path] }));
          // Own code alone: every other package stays out.
          if (ownOnly) b.onResolve({ filter: /^[@\w]/ }, (args) => (args.path.startsWith('toolchat') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const outputs = result.metafile.outputs;
  const codeOf = new Map(result.outputFiles.map((file) => [relative(root, file.path).split(sep).join('/'), file.text]));
  const chunks = Object.entries(outputs)
    .filter(([name]) => name.endsWith('.js'))
    .map(([name, output]) => ({
      name,
      code: codeOf.get(name) ?? '',
      modules: Object.entries(output.inputs).map(([path, { bytesInOutput }]) => ({ path: resolve(root, path), bytes: bytesInOutput })),
    }));
  // esbuild names every `import()` target an entry point too: the app's is its own file.
  const entry = Object.entries(outputs).find(([, output]) => output.entryPoint !== undefined && resolve(root, output.entryPoint) === resolve(here, app.file))[0];
  const firstLoad = reach(entry, (name) => (outputs[name]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path));
  return summarise(chunks, firstLoad, pkg);
}

async function buildWithVite(app, pkg) {
  const { build } = await import('vite');
  const entries = toolchatEntries(pkg);
  const output = await build({
    configFile: false,
    root: here,
    logLevel: 'silent',
    mode: 'production',
    oxc: { jsx: { runtime: 'automatic' } },
    plugins: [
      {
        name: 'toolchat',
        enforce: 'pre',
        resolveId(id) {
          return Object.hasOwn(entries, id) ? entries[id] : undefined;
        },
      },
    ],
    build: {
      write: false,
      emptyOutDir: false,
      outDir: resolve(root, 'node_modules/.cache/toolchat-apps/out-vite'),
      target: 'es2022',
      rolldownOptions: { input: resolve(here, app.file) },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  const byName = new Map(result.output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const chunks = [...byName.values()].map((chunk) => ({
    name: chunk.fileName,
    code: chunk.code,
    // Rolldown's renderedLength is before minification: a share, not the bytes shipped.
    modules: Object.entries(chunk.modules).map(([path, module]) => ({ path, bytes: module.renderedLength })),
  }));
  const entry = [...byName.values()].find((chunk) => chunk.isEntry).fileName;
  const firstLoad = reach(entry, (name) => byName.get(name)?.imports ?? []);
  return summarise(chunks, firstLoad, pkg);
}

/**
 * Every app with both bundlers: first load and later chunks (bytes, min+gzip), whether zod's
 * locales or JSON Schema compiler are in the first load, toolchat's share; and for esbuild the
 * same apps with React external, and toolchat's own code alone.
 */
export async function measureApps({ fromSource = false, pkg = fromSource ? undefined : installPackage(), vite = true } = {}) {
  const results = [];
  for (const app of apps) {
    if (vite) results.push({ bundler: 'vite', app, ...(await buildWithVite(app, pkg)) });
    results.push({ bundler: 'esbuild', app, ...(await buildWithEsbuild(app, pkg)) });
    results.push({ bundler: 'esbuild, React external', app, ...(await buildWithEsbuild(app, pkg, { reactExternal: true })) });
    if (app.key !== 'bare') results.push({ bundler: 'esbuild, own code only', app, ...(await buildWithEsbuild(app, pkg, { ownOnly: true })) });
  }
  return results;
}

const kib = (bytes) => Number((bytes / 1024).toFixed(2));

/** Rows for bench/run.mjs: first loads, ratios to the bare app, the zod and own-code checks. */
export async function appRows() {
  const results = await measureApps();
  const rows = [];
  for (const bundler of ['vite', 'esbuild', 'esbuild, React external']) {
    const bare = results.find((r) => r.bundler === bundler && r.app.key === 'bare');
    for (const result of results.filter((r) => r.bundler === bundler)) {
      const target = (targets[bundler] ?? targets.esbuild)[result.app.key];
      rows.push({
        bench: 'apps',
        case: `${bundler}: ${result.app.name}, first load (later: ${kib(result.later.gzipBytes)} KiB in ${result.later.chunks} chunks)`,
        value: kib(result.firstLoad.gzipBytes),
        unit: 'KiB min+gzip',
        ...(result === bare ? {} : { baseline: `${bare.app.name} (${kib(bare.firstLoad.gzipBytes)} KiB)`, ratio: Number((result.firstLoad.gzipBytes / bare.firstLoad.gzipBytes).toFixed(3)) }),
        ...(target !== undefined ? { target: `≤ ${target}` } : {}),
      });
    }
  }
  // ai brings zod's JSON Schema compiler into the bare app already: only what toolchat adds counts.
  const bareEsbuild = results.find((r) => r.bundler === 'esbuild' && r.app.key === 'bare');
  for (const result of results.filter((r) => r.bundler === 'esbuild' && r.app.key !== 'bare')) {
    rows.push({
      bench: 'apps',
      case: `esbuild: ${result.app.name}: zod's locales, or its JSON Schema compiler where the bare app has none, in the first load`,
      value: Number(result.zodLocales) + Number(result.zodJsonSchema && !bareEsbuild?.zodJsonSchema),
      unit: 'of 2',
      target: '= 0',
      targetOf: 'value',
    });
  }
  for (const result of results.filter((r) => r.bundler === 'esbuild, own code only')) {
    rows.push({
      bench: 'apps',
      case: `esbuild: ${result.app.name}: toolchat's own code in the first load (every package external)`,
      value: kib(result.firstLoad.gzipBytes),
      unit: 'KiB min+gzip',
      ...(result.app.key === 'chatWrapper' ? { target: `≤ ${OWN_CODE_TARGET_KIB}`, targetOf: 'value' } : {}),
    });
  }
  return rows;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
if (isMain && process.argv.includes('--json')) {
  // For test/size: every result without its chunks' code.
  const pkg = option('--pkg');
  const results = await measureApps({ ...(pkg ? { pkg: resolve(pkg) } : {}), vite: !process.argv.includes('--esbuild-only') });
  console.log(JSON.stringify(results.map(({ modules: _modules, app, ...rest }) => ({ ...rest, app: app.key }))));
} else if (isMain) {
  const results = await measureApps({ fromSource: process.argv.includes('--src') });
  const table = [];
  for (const result of results) {
    const bare = results.find((r) => r.bundler === result.bundler && r.app.key === 'bare');
    table.push({
      bundler: result.bundler,
      app: result.app.key,
      'first KiB gz': kib(result.firstLoad.gzipBytes),
      'first KiB min': kib(result.firstLoad.minBytes),
      chunks: result.firstLoad.chunks,
      'vs bare': bare ? (result.firstLoad.gzipBytes / bare.firstLoad.gzipBytes).toFixed(3) : '',
      'later KiB gz': kib(result.later.gzipBytes),
      'zod locales': result.zodLocales,
      'zod JSON Schema': result.zodJsonSchema,
      'toolchat share KiB (pre-gzip)': kib(result.ownBytes),
    });
  }
  console.table(table);
  if (process.argv.includes('--breakdown')) {
    for (const result of results) {
      const byOwner = new Map();
      for (const module of result.modules) byOwner.set(owner(module.path, undefined), (byOwner.get(owner(module.path, undefined)) ?? 0) + module.bytes);
      console.log(`\n${result.bundler} ${result.app.key}: first load by package (bytes before gzip)`);
      for (const [name, bytes] of [...byOwner].sort((a, b) => b[1] - a[1])) console.log(`  ${String(bytes).padStart(8)}  ${name}`);
      const top = [...result.modules].sort((a, b) => b.bytes - a.bytes).slice(0, 40);
      for (const module of top) console.log(`  ${String(module.bytes).padStart(8)}  ${relative(root, module.path)}`);
    }
  }
}
