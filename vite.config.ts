import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const external = [...Object.keys(pkg.peerDependencies), ...Object.keys(pkg.dependencies)];

// Library build: one ESM entry per subpath of package.json `exports` (each also has a line in
// vitest.config.ts `alias` and tsconfig.json `paths`); peers and dependencies stay external (and
// their subpaths). Declarations come from scripts/build-types.mjs.
export default defineConfig({
  // The published build never uses React's development runtime, whatever NODE_ENV the build runs
  // under (the compatibility job packs from inside vitest, where it is `test`).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
        core: fileURLToPath(new URL('./src/core/index.ts', import.meta.url)),
        transports: fileURLToPath(new URL('./src/transports/index.ts', import.meta.url)),
        server: fileURLToPath(new URL('./src/server/index.ts', import.meta.url)),
        mcp: fileURLToPath(new URL('./src/mcp/index.ts', import.meta.url)),
        marker: fileURLToPath(new URL('./src/marker/index.ts', import.meta.url)),
        testing: fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      // The React entry is client code: React Server Components (Next.js App Router) may render
      // `ChatWrapper` from a server page. Server code imports `toolchat/server` or `toolchat/core`.
      output: {
        banner: (chunk) => (chunk.isEntry && chunk.name === 'index' ? "'use client';" : ''),
        preserveModules: true,
        preserveModulesRoot: 'src',
      },
    },
  },
});
