import { createServer, type Server } from 'node:http';
import sirv from 'sirv';
import { toNodeHandler } from 'toolchat/server';
import { createDemoHandler } from './server';

/**
 * The demo's production build (`dist-demo`, from `vite build --config demo/vite.config.ts`) on a
 * plain `node:http` server with the endpoint at `/api/chat`: the demo as a deployment runs it,
 * minified and split into chunks, without Vite's dev server in between. The routes under the
 * endpoint (`/api/chat/threads`, `/api/chat/:id/stream`) go to the same handler. `headers` go on
 * every response (a Content-Security-Policy, say).
 */
export function createDemoServer(root: string, { headers = {} }: { headers?: Record<string, string> } = {}): Server {
  const chat = toNodeHandler(createDemoHandler());
  const files = sirv(root, { single: true });
  return createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/api/chat' || pathname.startsWith('/api/chat/')) chat(req, res);
    else files(req, res);
  });
}
