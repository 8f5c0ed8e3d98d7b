import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, type ViteDevServer } from 'vite';
import { createDemoServer } from '../../demo/production-server';

const configFile = fileURLToPath(new URL('../../demo/vite.config.ts', import.meta.url));
const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));

export interface RunningDemo {
  url: string;
  close: () => Promise<void>;
}

/**
 * The demo app with its /api/chat endpoint as a deployment runs it: its production build (`vite
 * build`, into a folder of its own) on a plain node:http server, on a free port of 127.0.0.1;
 * `headers` go on every response. A page loads in a few requests instead of one per module (the
 * dev server's), so the end-to-end tests spend their time on what they check.
 */
export async function startDemo(env: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<RunningDemo> {
  Object.assign(process.env, { TOOLCHAT_DEMO_DELAY_MS: '0', ...env });
  const outDir = mkdtempSync(join(cache, 'toolchat-e2e-demo-'));
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = createDemoServer(outDir, { headers });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }).finally(() => rmSync(outDir, { recursive: true, force: true })),
  };
}

/** The demo on Vite's dev server, as `npm start` runs it, on a free port of 127.0.0.1. */
export async function startDemoDev(env: Record<string, string> = {}): Promise<RunningDemo> {
  Object.assign(process.env, { TOOLCHAT_DEMO_DELAY_MS: '0', ...env });
  const server: ViteDevServer = await createServer({
    configFile,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('demo server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}
