import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { lazyBundles } from './scripts/lazy-bundles.ts';

const external = [...Object.keys(pkg.peerDependencies), ...Object.keys(pkg.dependencies)];
const isExternal = (id: string) => external.some((name) => id === name || id.startsWith(`${name}/`));
const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// Library build: one ESM entry per subpath of package.json `exports` (each also has a line in
// vitest.config.ts `alias` and tsconfig.json `paths`); peers and dependencies stay external (and
// their subpaths). Declarations come from scripts/build-types.mjs.
export default defineConfig({
  // The published build never uses React's development runtime, whatever NODE_ENV the build runs
  // under (the compatibility job packs from inside vitest, where it is `test`).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  plugins: [
    // Code behind `import()` goes to dist/lazy/, out of the files the entries re-export: see
    // scripts/lazy-bundles.ts. What `ChatWrapper`, `useToolChat` and `createToolChat` import is
    // the first load, shared with the lazy bundles.
    lazyBundles({
      srcDir: src(''),
      firstLoad: [src('react/components/chat-wrapper.tsx'), src('react/use-tool-chat.ts'), src('core/chat/create-tool-chat.ts')],
      external: isExternal,
      copyBelow: 3000,
      share: [src('core/tools/execute-tool-calls-now.ts')],
      inline: {
        // `@ag-ui/core`'s schemas import zod's whole namespace (`{ z }`): in an esbuild app
        // that brings every zod locale into the first load, even if AG-UI is never used. The
        // same schemas, reading `z` as a namespace import, let bundlers keep only what they use.
        '@ag-ui/core/schemas': (code) => code.replace('import { z } from "zod/v4";', 'import * as z from "zod/v4";'),
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: src('index.ts'),
        core: src('core/index.ts'),
        transports: src('transports/index.ts'),
        server: src('server/index.ts'),
        mcp: src('mcp/index.ts'),
        marker: src('marker/index.ts'),
        testing: src('testing/index.ts'),
        locales: src('locales/index.ts'),
      },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: isExternal,
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
