import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ES module of the bench, without types.
import { OWN_CODE_TARGET_KIB } from '../../bench/apps/measure.mjs';

interface SizeRow {
  name: string;
  budget?: string;
  budgetKiB?: number;
  gzipBytes: number;
  gzipKiB: number;
  includesMcp: boolean;
  includesMarker: boolean;
  includesTesting: boolean;
  importsTestTools: boolean;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const budgets = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { sizeBudget?: Record<string, number> })
  .sizeBudget;
// The measurement runs esbuild in a child process: the same script as `npm run size`.
const rows = JSON.parse(
  execFileSync(process.execPath, ['scripts/size.mjs', '--json'], { cwd: root, encoding: 'utf8' }),
) as SizeRow[];

describe('bundle budget (min+gzip, package.json sizeBudget)', () => {
  it('sets a budget for every measured case that has one, and only for those', () => {
    expect(budgets).toBeDefined();
    const measured = rows.flatMap((row) => (row.budget === undefined ? [] : [row.budget])).sort();
    expect(Object.keys(budgets ?? {}).sort()).toEqual(measured);
  });

  it("keeps toolchat/mcp (its code, the MCP SDK, its validator) out of ChatWrapper's and useToolChat's first load", () => {
    const firstLoad = rows.filter((row) => /^toolchat: (?:ChatWrapper|useToolChat)|everything up front/.test(row.name));
    expect(firstLoad).toHaveLength(4);
    for (const row of firstLoad) expect(row, row.name).toMatchObject({ includesMcp: false });
    // The measurement sees MCP code where it is: in the toolchat/mcp entry.
    expect(rows.filter((row) => row.name.startsWith('toolchat/mcp')).map((row) => row.includesMcp)).toEqual([true, true]);
  });

  it("keeps the ###: marker (its code, micromark) out of ChatWrapper's and useToolChat's first load", () => {
    const firstLoad = rows.filter((row) => /^toolchat: (?:ChatWrapper|useToolChat)|everything up front/.test(row.name));
    expect(firstLoad).toHaveLength(4);
    for (const row of firstLoad) expect(row, row.name).toMatchObject({ includesMarker: false });
    // The measurement sees the marker where it is: in the toolchat/marker entry.
    expect(rows.filter((row) => row.name.startsWith('toolchat/marker')).map((row) => row.includesMarker)).toEqual([true]);
  });

  it('keeps toolchat/testing out of every other entry, and loads Vitest and Testing Library only in the helpers using them', () => {
    const testing = rows.filter((row) => row.name.startsWith('toolchat/testing'));
    expect(testing.map((row) => row.includesTesting)).toEqual([true]);
    // Not even toolchat/testing imports them up front: its scripted models work in any runner.
    expect(testing.map((row) => row.importsTestTools)).toEqual([false]);
    for (const row of rows.filter((r) => !r.name.startsWith('toolchat/testing'))) {
      expect(row, row.name).toMatchObject({ includesTesting: false, importsTestTools: false });
    }
  });

  for (const row of rows.filter((r) => r.budget !== undefined)) {
    it(`${row.name} stays within ${String(row.budgetKiB)} KiB`, () => {
      expect(row.gzipBytes).toBeGreaterThan(0);
      expect(row.gzipKiB).toBeLessThanOrEqual(row.budgetKiB ?? 0);
    });
  }
});

describe('the published build', () => {
  // What apps bundle is dist/, not src/: built with one shared chunk, every lazy `import()` of a
  // module some entry also imports statically came back into the first load (ChatWrapper 28 KiB,
  // useToolChat the same 28). One output module per source module keeps the measured graph, and
  // the lazy modules go to dist/lazy/ (scripts/lazy-bundles.ts). Built as an app installs it:
  // dist/ beside this package.json, in a node_modules/toolchat of its own.
  const pkgDir = `${root}node_modules/.cache/toolchat-size-pkg/node_modules/toolchat`;
  execFileSync(process.execPath, ['-e', `import('./bench/apps/measure.mjs').then((m) => m.installPackage(${JSON.stringify(pkgDir)}))`], { cwd: root });
  const built = JSON.parse(
    execFileSync(process.execPath, ['scripts/size.mjs', '--json', '--from', `${pkgDir}/dist`], { cwd: root, encoding: 'utf8' }),
  ) as SizeRow[];

  // The first loads. "Everything up front" also holds the loop's chunk, whose bundle copies the
  // small modules it shares with the first load (scripts/lazy-bundles.ts, `copyBelow`): an app
  // gets those twice, about 1.4 KiB more than the source measures.
  for (const name of ['toolchat: ChatWrapper', 'toolchat: useToolChat alone']) {
    it(`gives an app what the source measures: ${name} (within 1 KiB)`, () => {
      const fromSource = rows.find((row) => row.name.startsWith(name));
      const fromBuild = built.find((row) => row.name.startsWith(name));
      expect(fromBuild?.gzipKiB).toBeLessThanOrEqual((fromSource?.gzipKiB ?? 0) + 1);
    });
  }

  // scripts/lazy-bundles.ts copies into each lazy bundle what only lazy code needs, except what
  // must stay one: a module named in `share` (the engine that runs a call, which several lazy
  // bundles run) and a class the package exports (`instanceof ChatRequestError` holds whoever
  // threw it). Those stay one file of dist/ that the lazy bundles import.
  it('keeps shared modules and public classes one file of dist/, imported by the lazy bundles, never copied', () => {
    const lazyDir = `${pkgDir}/dist/lazy`;
    const lazy = readdirSync(lazyDir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(`${lazyDir}/${file}`, 'utf8'));
    const kept: Array<[file: string, definition: RegExp]> = [
      ['core/tools/execute-tool-calls-now.js', /function executeToolCallNow\b/],
      ['core/loop/chat-request-error.js', /ChatRequestError = class\b/],
    ];
    for (const [file, definition] of kept) {
      expect(readFileSync(`${pkgDir}/dist/${file}`, 'utf8'), file).toMatch(definition);
      expect(lazy.some((code) => code.includes(`from "../${file}"`)), file).toBe(true);
      expect(lazy.filter((code) => definition.test(code)), file).toEqual([]);
    }
  });

  // esbuild splits an app by file: any file an entry reaches that some lazy code uses lands in
  // the first load. The apps of bench/apps, bundled by esbuild with code splitting.
  const apps = JSON.parse(
    execFileSync(process.execPath, ['bench/apps/measure.mjs', '--json', '--esbuild-only', '--pkg', pkgDir], { cwd: root, encoding: 'utf8' }),
  ) as AppResult[];

  for (const app of ['chatWrapper', 'toolChat']) {
    it(`keeps what loads later out of an esbuild app's first load: ${app}`, () => {
      const result = apps.find((r) => r.app === app && r.bundler === 'esbuild');
      expect(result?.firstLoad.chunks).toBeGreaterThan(0);
      expect(result).toMatchObject({ zodLocales: false, loadsLaterInFirstLoad: { micromark: false, marker: false, engine: false, mcp: false, ai: false } });
    });
  }

  // Issue 36: toolchat's own code in an esbuild `ChatWrapper` app, every package external.
  it(`keeps toolchat's own code in an esbuild ChatWrapper app's first load within ${OWN_CODE_TARGET_KIB} KiB`, () => {
    const result = apps.find((r) => r.app === 'chatWrapper' && r.bundler === 'esbuild, own code only');
    expect(result?.firstLoad.gzipBytes).toBeGreaterThan(0);
    expect((result?.firstLoad.gzipBytes ?? 0) / 1024).toBeLessThanOrEqual(OWN_CODE_TARGET_KIB);
  });
});

interface AppResult {
  app: string;
  bundler: string;
  firstLoad: { gzipBytes: number; chunks: number };
  zodLocales: boolean;
  loadsLaterInFirstLoad: { micromark: boolean; marker: boolean; engine: boolean; mcp: boolean; ai: boolean };
}
