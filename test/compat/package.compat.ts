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

/** `^X.Y.Z` holds `version`: the same major (above 0), and not older. */
function caretHolds(range: string, version: string): boolean {
  const [low, have] = [range.slice(1), version].map((v) => v.split('.').map(Number));
  if (low![0] === 0 || low![0] !== have![0]) return false;
  for (let i = 1; i < 3; i++) if (have![i] !== low![i]) return have![i]! > low![i]!;
  return true;
}

describe('its dependencies on the AI SDK', () => {
  // Exact versions would install a second copy beside an app's newer `ai` (which pins its own).
  it('are caret ranges that hold the versions the tested ai release pins', () => {
    const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { version: string; dependencies: Record<string, string> };
    const { dependencies } = read('package.json');
    const ai = read('node_modules/ai/package.json').dependencies;
    const tested = {
      '@ai-sdk/provider': ai['@ai-sdk/provider']!,
      '@ai-sdk/provider-utils': ai['@ai-sdk/provider-utils']!,
      '@ai-sdk/openai': read('node_modules/@ai-sdk/openai/package.json').version,
    };
    for (const [name, version] of Object.entries(tested)) {
      const range = dependencies[name] ?? '(missing)';
      expect(range, name).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(caretHolds(range, version), `${name} ${range} holds ${version}`).toBe(true);
    }
  });
});

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
