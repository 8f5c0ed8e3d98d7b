import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:compat`: the packed package in fresh apps and in the examples, one at a time (each
// step is CPU-bound on a 2-core machine), outside the default `npm test`.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'compat',
    include: ['test/compat/**/*.compat.ts'],
    globalSetup: ['test/compat/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
