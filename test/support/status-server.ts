import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The statuses a chat request meets in practice, and whether sending it again can succeed. */
export const HTTP_FAILURES: readonly { status: number; retryable: boolean }[] = [
  { status: 400, retryable: false },
  { status: 401, retryable: false },
  { status: 403, retryable: false },
  { status: 404, retryable: false },
  { status: 408, retryable: true },
  { status: 413, retryable: false },
  { status: 422, retryable: false },
  { status: 429, retryable: true },
  { status: 500, retryable: true },
  { status: 502, retryable: true },
  { status: 503, retryable: true },
];

/**
 * A real HTTP server on 127.0.0.1 that answers `POST /status/<code>` with that status and an
 * OpenAI-style error body `{ error: { message: "failed with <code>" } }` (`Retry-After: 3` on a 429).
 */
export async function startStatusServer(): Promise<{ url: (status: number) => string; closedUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const status = Number(/\/status\/(\d{3})/.exec(req.url ?? '')?.[1] ?? 404);
      res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '3' } : {}) });
      res.end(JSON.stringify({ error: { message: `failed with ${status}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // A port that was free a moment ago: nothing listens there.
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  const closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
  return {
    url: (status) => `http://127.0.0.1:${port}/status/${status}`,
    closedUrl: `http://127.0.0.1:${closedPort}/api/chat`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
