// `npm run bench [-- name…]`: bundles every bench/*.bench.ts(x) with esbuild, runs each in a
// fresh node process (so one bench cannot warm up another's JIT or caches), adds the bundle
// sizes, prints one table and, when every bench ran, writes it into bench/README.md.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCompetitors, measureSizes } from '../scripts/size.mjs';
import { appRows } from './apps/measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const ROWS_MARK = '__BENCH_ROWS__';
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const args = process.argv.slice(2);
const noWrite = args.includes('--no-write');
const only = args.filter((arg) => !arg.startsWith('--'));
const files = readdirSync(here)
  .filter((name) => /\.bench\.tsx?$/.test(name))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort();

// Inside node_modules, not the system's temporary directory: optional peers (PGlite, pg, redis)
// are imported by a specifier bundlers leave alone, which Node resolves from the bundle's place.
const cache = join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, 'toolchat-bench-'));

function fromNodeModules(names) {
  return {
    name: 'from-node-modules',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({
        // As Node's ESM loader resolves it (playwright-core's `import` entry is not its `main`).
        path: import.meta.resolve(args.path),
        external: true,
      }));
    },
  };
}

async function bundle(file) {
  const name = file.replace(/\.tsx?$/, '');
  const outdir = join(out, name);
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [join(here, file)],
    outdir,
    outExtension: { '.js': '.mjs' },
    // Split at dynamic imports as an app's bundler does: in one file esbuild wraps every module a
    // dynamic import reaches in a lazy initialiser, and a module importing zod's namespace then
    // ran before zod's classes existed ("ZodEnum is not a constructor").
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // jsdom and PGlite read their own files at run time, playwright-core and esbuild start their
    // own processes, pg and redis are CommonJS with optional requires: load them from
    // node_modules, by absolute path since the bundle lives in a temporary directory.
    plugins: [fromNodeModules(['jsdom', 'playwright-core', 'esbuild', '@electric-sql/pglite', 'pg', 'redis', 'resumable-stream/generic'])],
    alias: {
      toolchat: join(root, 'src/index.ts'),
      'toolchat/core': join(root, 'src/core/index.ts'),
      'toolchat/server': join(root, 'src/server/index.ts'),
    },
    // React's production build: what users ship, and what the issue's figures assume.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Bundled CommonJS (React) may `require` node built-ins.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error',
  });
  const runner = join(out, `${file}.run.mjs`);
  writeFileSync(
    runner,
    `const m = await import(${JSON.stringify(outfile)});\n` +
      `const rows = await m.default();\n` +
      `process.stdout.write('\\n${ROWS_MARK}' + JSON.stringify(rows) + '\\n');\n` +
      // Pending timers or sockets of a bench must not keep the process alive.
      `process.exit(0);\n`,
  );
  return runner;
}

async function runBench(file) {
  const runner = await bundle(file);
  // stderr passes through: progress and errors of a bench show as it runs.
  const child = spawn(process.execPath, ['--expose-gc', ...(process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? []), runner], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 15 * 60 * 1000,
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (data) => (stdout += data));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const line = stdout.split('\n').find((l) => l.startsWith(ROWS_MARK));
  if (code !== 0 || !line) throw new Error(`${file} exited with ${code} and printed no rows:\n${stdout.slice(-2000)}`);
  return JSON.parse(line.slice(ROWS_MARK.length));
}

async function sizeRows() {
  const rows = await measureSizes();
  const baseline = rows.find((row) => row.name.startsWith('baseline:'));
  const out = rows.map((row) => ({
    bench: 'size',
    case: row.name,
    value: round(row.gzipKiB),
    unit: 'KiB min+gzip',
    ...(baseline && row !== baseline ? { baseline: baseline.name, ratio: round(row.gzipKiB / baseline.gzipKiB) } : {}),
    ...(row.budgetKiB === undefined ? {} : { target: `budget ≤ ${row.budgetKiB} KiB`, targetOf: 'value' }),
  }));
  const issueTargets = { chatWrapper: 20, useToolChat: 10, upFront: 110, chatWrapperOwnSource: 20 };
  for (const row of rows) {
    const target = issueTargets[row.budget];
    if (target !== undefined && row.budgetKiB !== target) {
      out.push({ bench: 'size', case: `${row.name}: issue target`, value: round(row.gzipKiB), unit: 'KiB min+gzip', target: `≤ ${target}`, targetOf: 'value' });
    }
  }
  // assistant-ui and CopilotKit, bundled the same way from bench/compare (installed there on
  // first use); offline, the issue's figures, marked as such.
  const others = await measureCompetitors();
  const note = others.measured ? '' : ` (not measured: ${others.reason}; figure quoted from issue 8)`;
  const unit = others.measured ? 'KiB min+gzip' : 'KiB (quoted)';
  for (const row of others.rows) {
    out.push({
      bench: 'size',
      case: `${row.name}${others.measured ? ` (issue 8 quoted ${row.quoted ?? row.quotedKiB} KiB)` : note}`,
      value: round(row.gzipKiB),
      unit,
      ...(baseline && others.measured ? { baseline: baseline.name, ratio: round(row.gzipKiB / baseline.gzipKiB) } : {}),
    });
  }
  const ours = rows.find((row) => row.budget === 'upFront');
  const theirs = others.rows.find((row) => row.key === 'assistantUiAiSdk');
  if (ours && theirs) {
    // The issue asks for "well below"; ≤ 1 is what the verdict can check (never exactly 1 in practice).
    out.push({
      bench: 'size',
      case: `toolchat everything up front vs assistant-ui + AI SDK adapter${others.measured ? '' : ' (theirs quoted from issue 8, not measured)'}`,
      value: round(ours.gzipKiB),
      unit: 'KiB min+gzip',
      baseline: `${theirs.name} (${round(theirs.gzipKiB)} ${unit})`,
      ratio: round(ours.gzipKiB / theirs.gzipKiB),
      target: '≤ 1 (well below)',
    });
  }
  return out;
}

function round(value) {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  return Number(value.toFixed(digits));
}

/** ✓ or ✗ for a target such as "≤ 1.5", "≥ 0.5", "= 0" or "budget ≤ 65 KiB", on the ratio unless the row says value. */
function verdict(row) {
  if (!row.target) return '';
  const match = /(≤|≥|<=|>=|=)\s*(-?[\d.]+)/.exec(row.target);
  if (!match) return '';
  const subject = row.targetOf === 'value' || row.ratio === undefined ? row.value : row.ratio;
  const limit = Number(match[2]);
  if (typeof subject !== 'number' || Number.isNaN(subject)) return '✗';
  const ok = match[1] === '=' ? subject === limit : /≤|<=/.test(match[1]) ? subject <= limit : subject >= limit;
  return ok ? '✓' : '✗';
}

function format(value) {
  if (value === null) return 'n/a';
  return typeof value === 'number' ? String(round(value)) : String(value ?? '');
}

function toTable(rows) {
  return rows.map((row) => ({
    bench: row.bench,
    case: row.case,
    value: `${format(row.value)} ${row.unit}`,
    baseline: row.baseline ?? '',
    ratio: row.ratio === undefined ? '' : format(row.ratio),
    target: row.target ?? '',
    ok: verdict(row),
  }));
}

function plain(table) {
  const keys = Object.keys(table[0] ?? {});
  const widths = keys.map((key) => Math.max(key.length, ...table.map((row) => String(row[key]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' │ ');
  return [line(keys), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...table.map((row) => line(keys.map((k) => row[k])))].join('\n');
}

function markdown(table) {
  const keys = Object.keys(table[0] ?? {});
  const esc = (cell) => String(cell).replaceAll('|', '\\|');
  return [
    `| ${keys.join(' | ')} |`,
    `| ${keys.map(() => '---').join(' | ')} |`,
    ...table.map((row) => `| ${keys.map((k) => esc(row[k])).join(' | ')} |`),
  ].join('\n');
}

function machine() {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}, ${process.platform}-${process.arch}, ${new Date().toISOString().slice(0, 10)}`;
}

const rows = [];
const failures = [];
try {
  for (const file of files) {
    const started = performance.now();
    process.stderr.write(`bench ${file}… `);
    try {
      rows.push(...(await runBench(file)));
      process.stderr.write(`${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      failures.push(file);
      process.stderr.write(`failed\n${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  if (only.length === 0 || only.some((filter) => 'size'.includes(filter))) rows.push(...(await sizeRows()));
  // Three tiny apps built with Vite and esbuild against the built package (bench/apps).
  if (only.length === 0 || only.some((filter) => 'apps'.includes(filter))) rows.push(...(await appRows()));
} finally {
  rmSync(out, { recursive: true, force: true });
}

const table = toTable(rows);
const where = machine();
console.log(`\n${where}\n`);
console.log(plain(table));
const missed = table.filter((row) => row.ok === '✗').length;
console.log(`\n${table.filter((row) => row.ok === '✓').length} targets met, ${missed} missed${failures.length ? `; failed: ${failures.join(', ')}` : ''}`);

if (!noWrite && only.length === 0 && failures.length === 0) {
  const readmePath = join(here, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`bench/README.md lacks the ${START} … ${END} markers`);
  const block = `${START}\nMachine: ${where}\n\n${markdown(table)}\n${END}`;
  writeFileSync(readmePath, readme.slice(0, start) + block + readme.slice(end + END.length));
  console.log('bench/README.md updated');
}
if (failures.length > 0) process.exitCode = 1;
