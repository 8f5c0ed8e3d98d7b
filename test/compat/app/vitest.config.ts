import { defineConfig } from 'vitest/config';

// The app's tests: components in jsdom, JSX by Vite's own compiler.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: { environment: 'jsdom', include: ['test/**/*.test.{ts,tsx}'] },
});
