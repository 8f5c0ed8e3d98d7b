import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface SizeRow {
  name: string;
  budget?: string;
  budgetKiB?: number;
  gzipBytes: number;
  gzipKiB: number;
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

  for (const row of rows.filter((r) => r.budget !== undefined)) {
    it(`${row.name} stays within ${String(row.budgetKiB)} KiB`, () => {
      expect(row.gzipBytes).toBeGreaterThan(0);
      expect(row.gzipKiB).toBeLessThanOrEqual(row.budgetKiB ?? 0);
    });
  }
});
