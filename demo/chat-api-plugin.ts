import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Connect, Plugin, ViteDevServer } from 'vite';

type IncomingMessage = Connect.IncomingMessage;

type Handler = (request: Request) => Promise<Response>;

/**
 * Mounts `createChatHandler` at `/api/chat` on Vite's dev and preview servers, loaded through
 * Vite so the demo runs the package's own TypeScript source: the real path
 * client → server → model → browser tool → server.
 */
export function chatApiPlugin(loadHandler: (server?: ViteDevServer) => Promise<Handler>): Plugin {
  let handler: Promise<Handler> | undefined;
  const mount = (use: (path: string, fn: (req: IncomingMessage, res: ServerResponse) => void) => void, server?: ViteDevServer) => {
    use('/api/chat', (req, res) => {
      handler ??= loadHandler(server);
      void handler
        .then((handle) => handle(toRequest(req)))
        .then((response) => send(response, res))
        .catch((error: unknown) => {
          res.statusCode = 500;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error) } }));
        });
    });
  };
  return {
    name: 'toolchat-chat-api',
    configureServer(server) {
      mount((path, fn) => server.middlewares.use(path, fn), server);
    },
    configurePreviewServer(server) {
      mount((path, fn) => server.middlewares.use(path, fn));
    },
  };
}

function toRequest(req: IncomingMessage): Request {
  const controller = new AbortController();
  req.on('close', () => {
    if (!req.complete) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.originalUrl ?? req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
