import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { alias, optimizeDeps } from '../vitest.config.ts';
import { chatApiPlugin } from './chat-api-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  resolve: { alias },
  optimizeDeps,
  oxc: { jsx: { runtime: 'automatic' } },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: fileURLToPath(new URL('../dist-demo', import.meta.url)),
    emptyOutDir: true,
    // Two pages: the chat (with its MCP field) and the WebMCP demo.
    rolldownOptions: { input: { main: `${root}index.html`, webmcp: `${root}webmcp.html` } },
  },
  plugins: [
    chatApiPlugin(async (server) => {
      // Loaded through Vite, so the handler runs the package's TypeScript source.
      if (!server) throw new Error('The demo API runs on the dev server: use npm start');
      const serverModule = fileURLToPath(new URL('./server.ts', import.meta.url));
      const { createDemoHandler } = (await server.ssrLoadModule(serverModule)) as typeof import('./server.ts');
      return createDemoHandler();
    }),
  ],
});
