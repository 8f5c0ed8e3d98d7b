import type { Connect, Plugin, ViteDevServer } from 'vite';
// Imported by path: Vite bundles its config without the `toolchat/*` aliases.
import { toNodeHandler } from '../src/server/node-handler.ts';

type Handler = (request: Request) => Promise<Response>;

/**
 * Mounts `createChatHandler` at `/api/chat` (and the routes under it) on Vite's dev and preview servers, loaded through
 * Vite so the demo runs the package's own TypeScript source: the real path
 * client → server → model → browser tool → server. `toNodeHandler` streams both ways and
 * aborts the model when the browser goes away or presses Stop, at any point of the answer.
 */
export function chatApiPlugin(loadHandler: (server?: ViteDevServer) => Promise<Handler>): Plugin {
  let handler: Promise<Handler> | undefined;
  const mount = (middlewares: Connect.Server, server?: ViteDevServer) => {
    const serve = toNodeHandler(async (request) => {
      handler ??= loadHandler(server);
      return (await handler)(request);
    });
    // Connect matches the path and everything under it: the thread and resume routes too.
    // `toNodeHandler` reads `originalUrl`, the address before Connect cut the mount path off.
    middlewares.use('/api/chat', (req, res) => serve(req, res));
  };
  return {
    name: 'toolchat-chat-api',
    configureServer(server) {
      mount(server.middlewares, server);
    },
    configurePreviewServer(server) {
      mount(server.middlewares);
    },
  };
}
