import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

/** The demo app with its /api/chat endpoint, on a free port of 127.0.0.1; `headers` go on every response. */
export async function startDemo(
  env: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  Object.assign(process.env, { TOOLCHAT_DEMO_DELAY_MS: '0', ...env });
  const server: ViteDevServer = await createServer({
    configFile: fileURLToPath(new URL('../../demo/vite.config.ts', import.meta.url)),
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, headers },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('demo server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}
