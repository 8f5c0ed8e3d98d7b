import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/e2e/chromium.ts';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// Tests import the package by its public names, so they exercise the entry points users get.
export const alias = [
  { find: /^toolchat\/core$/, replacement: src('core/index.ts') },
  { find: /^toolchat\/transports$/, replacement: src('transports/index.ts') },
  { find: /^toolchat\/server$/, replacement: src('server/index.ts') },
  { find: /^toolchat\/mcp$/, replacement: src('mcp/index.ts') },
  { find: /^toolchat\/marker$/, replacement: src('marker/index.ts') },
  { find: /^toolchat\/testing$/, replacement: src('testing/index.ts') },
  { find: /^toolchat\/locales$/, replacement: src('locales/index.ts') },
  { find: /^toolchat$/, replacement: src('index.ts') },
];

// toolchat's source is not a package to Vite's dev server: the AI SDK, which only the loop's
// chunk imports, is found when that chunk first loads, and Vite then reloads the page (a story
// or a demo under test starts over). Named here, it is ready before the page loads.
export const optimizeDeps = { include: ['ai', '@ai-sdk/provider'] };

export default defineConfig({
  resolve: { alias },
  optimizeDeps,
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    globals: true,
    restoreMocks: true,
    // Rendering hundreds of rows in jsdom takes 2–3 s alone on CI's two cores, and a machine busy
    // with other work stretches it several times over (one took 15 s at a load of 18 on two
    // cores). These are limits for a hung test, not measures of speed: a hung test still fails.
    testTimeout: 30_000,
    // `expect.poll` waits for a state to come; the event ends the wait, the timeout only a hang.
    expect: { poll: { timeout: 10_000 } },
    // Vitest keeps a core for itself (one worker on two cores), but a test file spends much of
    // its time waiting for Chromium, a server or a timer: two workers on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/compat/**'],
          setupFiles: ['test/setup-waits.ts'],
          // The public types (composed options, typed messages) are tests too, run by tsc.
          // Only these files and what they import: the whole repository is `npm run typecheck`'s.
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './test/types/tsconfig.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/**/*.test.tsx'],
          // The fresh app's own tests run in that app (npm run test:compat), on the packed package.
          exclude: ['test/compat/**'],
          setupFiles: ['test/setup-waits.ts', 'test/setup-dom.ts'],
        },
      },
      {
        // Every story's play function, as a test in Debian's Chromium.
        extends: true,
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) })],
        test: {
          name: 'stories',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: CHROMIUM_PATH,
                args: CHROMIUM_ARGS,
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          setupFiles: ['test/setup-waits.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
