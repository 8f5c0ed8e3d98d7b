import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface SizeRow {
  name: string;
  budget?: string;
  budgetKiB?: number;
  gzipBytes: number;
  gzipKiB: number;
  includesMcp: boolean;
  includesMarker: boolean;
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

  for (const row of rows.filter((r) => r.budget !== undefined)) {
    it(`${row.name} stays within ${String(row.budgetKiB)} KiB`, () => {
      expect(row.gzipBytes).toBeGreaterThan(0);
      expect(row.gzipKiB).toBeLessThanOrEqual(row.budgetKiB ?? 0);
    });
  }
});
