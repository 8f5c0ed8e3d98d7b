import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { run } from './support/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** Every file package.json `exports` points at (`./dist/index.js`, `./dist/types/index.d.ts`, …). */
function exportedFiles(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const files = new Set<string>();
  const visit = (target: unknown): void => {
    if (typeof target === 'string') files.add(target.replace(/^\.\//, ''));
    else if (typeof target === 'object' && target !== null) Object.values(target).forEach(visit);
  };
  Object.values(pkg.exports).forEach(visit);
  return [...files].sort();
}

describe('the packed package', () => {
  it('carries the build that its prepack script made: every file package.json exports points at, and no sources or tests', () => {
    // The tarball was packed from a tree without dist/ (test/compat/global-setup.ts), as a fresh
    // clone, a git install or `npm publish` has it.
    const listed = execFileSync('tar', ['-tzf', inject('tarball')], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.replace(/^package\//, ''));
    const exported = exportedFiles();
    expect(exported).toContain('dist/index.js');
    expect(exported.filter((file) => !listed.includes(file))).toEqual([]);
    expect(listed.filter((file) => /^(src|test|stories|bench|demo|examples|scripts)\//.test(file))).toEqual([]);
  });

  it('passes publint --strict', async () => {
    await run(bin('publint'), ['--strict', '--pack', 'npm'], { cwd: root, timeoutMs: 60_000 });
  });

  it('has types that resolve for every entry under node16 and bundler (@arethetypeswrong/cli)', async () => {
    // ESM only: `require` from CommonJS is not offered, so those resolutions are not checked.
    await run(bin('attw'), [inject('tarball'), '--profile', 'esm-only'], { cwd: root, timeoutMs: 60_000 });
  });
});
