import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build, createServer, type ViteDevServer } from 'vite';
import { createDemoServer } from '../../demo/production-server';

const configFile = fileURLToPath(new URL('../../demo/vite.config.ts', import.meta.url));

export interface RunningDemo {
  url: string;
  close: () => Promise<void>;
}

/**
 * The demo app with its /api/chat endpoint, on Vite's dev server on a free port of 127.0.0.1;
 * `headers` go on every response.
 */
export async function startDemo(env: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<RunningDemo> {
  Object.assign(process.env, { TOOLCHAT_DEMO_DELAY_MS: '0', ...env });
  const server: ViteDevServer = await createServer({
    configFile,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, headers },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('demo server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

/** The demo's production build (`vite build`), served with its endpoint by a plain node:http server. */
export async function startDemoBuild(env: Record<string, string> = {}): Promise<RunningDemo> {
  Object.assign(process.env, { TOOLCHAT_DEMO_DELAY_MS: '0', ...env });
  await build({ configFile, logLevel: 'error' });
  const server = createDemoServer(fileURLToPath(new URL('../../dist-demo', import.meta.url)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
