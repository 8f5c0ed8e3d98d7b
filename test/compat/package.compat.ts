import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, inject, it } from 'vitest';
import { run } from './support/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

describe('the packed package', () => {
  it('passes publint --strict', async () => {
    await run(bin('publint'), ['--strict', '--pack', 'npm'], { cwd: root, timeoutMs: 60_000 });
  });

  it('has types that resolve for every entry under node16 and bundler (@arethetypeswrong/cli)', async () => {
    // ESM only: `require` from CommonJS is not offered, so those resolutions are not checked.
    await run(bin('attw'), [inject('tarball'), '--profile', 'esm-only'], { cwd: root, timeoutMs: 60_000 });
  });
});
