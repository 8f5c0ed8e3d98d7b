import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { alias } from '../vitest.config.ts';
import { chatApiPlugin } from './chat-api-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  resolve: { alias },
  oxc: { jsx: { runtime: 'automatic' } },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { outDir: fileURLToPath(new URL('../dist-demo', import.meta.url)), emptyOutDir: true },
  plugins: [
    chatApiPlugin(async (server) => {
      const serverModule = fileURLToPath(new URL('./server.ts', import.meta.url));
      // Through Vite in dev (TypeScript source, hot reload); bundled by Vite for preview.
      const { createDemoHandler } = server
        ? ((await server.ssrLoadModule(serverModule)) as typeof import('./server.ts'))
        : await import('./server.ts');
      return createDemoHandler();
    }),
  ],
});
