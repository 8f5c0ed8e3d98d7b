import { createServer, request as httpRequest, type ClientRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A `node:http` server on 127.0.0.1 with a free port; `close()` also ends open connections. */
export async function listen(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; port: number; url: string; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts a request whose body the test writes itself; `response` resolves with the head. */
export function openRequest(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string> } = {},
): { req: ClientRequest; response: Promise<IncomingMessage> } {
  const req = httpRequest({ host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/api/chat', headers: options.headers ?? {} });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  return { req, response };
}

/** Reads a response to its end, as text. */
export async function readText(response: IncomingMessage): Promise<string> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk as string;
  return text;
}

/** A promise with its resolve function, for steps the test waits on. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves when `signal` aborts. */
export function whenAborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}
