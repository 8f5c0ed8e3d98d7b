/**
 * The parts of `node:http`'s `IncomingMessage` that {@link toNodeHandler} reads; Express's and
 * Connect's requests fit too. Declared here so that `toolchat/server` needs no Node types on
 * runtimes without them.
 */
export interface NodeRequest {
  method?: string | undefined;
  url?: string | undefined;
  /** Set by Express and Connect when the handler is mounted under a path. */
  originalUrl?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** Whether the whole body has arrived. */
  readonly complete: boolean;
  /** A TLS socket (`encrypted: true`) makes the request's URL `https:`. */
  readonly socket?: object | null;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close' | 'aborted', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  off(event: 'end', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** The parts of `node:http`'s `ServerResponse` that {@link toNodeHandler} writes to. */
export interface NodeResponse {
  statusCode: number;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
  setHeader(name: string, value: string | string[]): unknown;
  flushHeaders(): void;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(error?: Error): unknown;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

/** Options of {@link toNodeHandler}. */
export interface NodeHandlerOptions {
  /**
   * Told about an error the handler threw (the client gets a `500` with
   * `{ error: { message: "Internal server error" } }`) or one its response body raised once
   * streaming had begun (the connection is cut, so the client sees an incomplete response).
   * @default console.error
   */
  onError?: (error: unknown) => void;
}

type WebHandler = (request: Request) => Promise<Response>;

/**
 * Serves a web `Request` → `Response` handler (such as `createChatHandler`'s) from `node:http`,
 * Express or Connect: `http.createServer(toNodeHandler(handler))`,
 * `app.post('/api/chat', toNodeHandler(handler))`.
 *
 * The request body streams in as it arrives and the response body streams out as the client
 * takes it (a slow client pauses the handler's stream instead of filling memory). The
 * request's `signal` aborts whenever the client goes away before the response has finished:
 * during the upload, while the answer streams, or while it waits for the first byte.
 */
export function toNodeHandler(
  handler: WebHandler,
  options: NodeHandlerOptions = {},
): (req: NodeRequest, res: NodeResponse) => void {
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  return (req, res) => {
    void serve(handler, req, res, onError);
  };
}

async function serve(handler: WebHandler, req: NodeRequest, res: NodeResponse, onError: (error: unknown) => void): Promise<void> {
  const controller = new AbortController();
  const abort = () => {
    if (!controller.signal.aborted) controller.abort(new DOMException('The client disconnected', 'AbortError'));
  };
  // Node emits the request's `close` also after a body that was read to the end: only an
  // incomplete body means the client left. The response's `close` before `finish` covers
  // the rest, for as long as the answer streams.
  req.on('aborted', abort);
  req.on('close', () => {
    if (!req.complete) abort();
  });
  res.on('close', () => {
    if (!res.writableFinished) abort();
  });

  let request: Request;
  try {
    request = toRequest(req, controller.signal);
  } catch {
    sendJsonError(res, 400, 'Invalid request: the URL or headers cannot be read');
    return;
  }
  let response: Response;
  try {
    response = await handler(request);
  } catch (error) {
    if (!controller.signal.aborted) onError(error);
    sendJsonError(res, 500, 'Internal server error');
    return;
  }
  await sendResponse(response, req, res, controller.signal, onError);
}

function toRequest(req: NodeRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (`:path`, …) are not headers of a web Request.
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const host = typeof req.headers.host === 'string' && req.headers.host ? req.headers.host : 'localhost';
  const tls = typeof req.socket === 'object' && req.socket !== null && 'encrypted' in req.socket && req.socket.encrypted === true;
  const origin = `${tls ? 'https' : 'http'}://${host}`;
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers,
    signal,
    // Undici's Request needs `duplex: 'half'` for a streamed body.
    ...(hasBody ? { body: bodyStream(req), duplex: 'half' as const } : {}),
  };
  return new Request(new URL(req.originalUrl ?? req.url ?? '/', origin), init);
}

/** The request body as a web stream that asks Node for more only as the handler reads. */
function bodyStream(req: NodeRequest): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Uint8Array) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (error: Error) => {
          detach();
          controller.error(error);
        };
        detach = () => {
          req.off('data', onData);
          req.off('end', onEnd);
          req.off('error', onError);
        };
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('error', onError);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        // The handler has read enough (a body over its limit): stop reading, and let the
        // response close the connection instead of draining the rest of the upload.
        detach();
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

async function sendResponse(
  response: Response,
  req: NodeRequest,
  res: NodeResponse,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  // A body the handler left unread (a 413, an early error) is not drained on a kept-alive
  // connection: the connection ends with the response.
  if (!req.complete) res.setHeader('connection', 'close');
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch(() => {});
  if (signal.aborted) {
    cancel();
    return;
  }
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted || res.destroyed) break;
      if (!res.write(value)) await drained(res);
    }
    if (!signal.aborted) res.end();
  } catch (error) {
    if (signal.aborted) return;
    onError(error);
    // Ending normally would make a cut answer look complete.
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

function drained(res: NodeResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function sendJsonError(res: NodeResponse, status: number, message: string): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.write(new TextEncoder().encode(JSON.stringify({ error: { message } })));
  res.end();
}
