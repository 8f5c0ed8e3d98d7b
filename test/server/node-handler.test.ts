import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toNodeHandler } from 'toolchat/server';
import { deferred, listen, openRequest, readText, whenAborted } from './node-server';

type Handler = (request: Request) => Promise<Response>;

let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

async function serve(handler: Handler, onError?: (error: unknown) => void) {
  const server = await listen(toNodeHandler(handler, onError ? { onError } : {}));
  closeServer = server.close;
  return server;
}

const encoder = new TextEncoder();

describe('toNodeHandler on a node:http server', () => {
  it('passes method, URL, headers and body to the handler, and status, headers and body back', async () => {
    let seen: { method: string; url: string; header: string | null; body: string } | undefined;
    const { port } = await serve(async (request) => {
      seen = { method: request.method, url: request.url, header: request.headers.get('x-test'), body: await request.text() };
      const headers = new Headers({ 'content-type': 'text/plain', 'x-answer': '42' });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      return new Response('created', { status: 201, headers });
    });
    const { req, response } = openRequest(port, { path: '/api/chat?x=1', headers: { 'x-test': 'yes' } });
    req.end('{"hello":"world"}');
    const res = await response;
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-answer']).toBe('42');
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(await readText(res)).toBe('created');
    expect(seen).toEqual({ method: 'POST', url: `http://127.0.0.1:${port}/api/chat?x=1`, header: 'yes', body: '{"hello":"world"}' });
  });

  it('takes the body a parser such as express.json() read before it', async () => {
    let body: unknown;
    const nodeHandler = toNodeHandler(async (request) => {
      body = await request.json();
      return new Response('ok');
    });
    // What express.json() does: read the stream to its end, put the value on req.body.
    const server = await listen((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        req.body = JSON.parse(text);
        nodeHandler(req, res);
      });
    });
    closeServer = server.close;
    const { req, response } = openRequest(server.port, { headers: { 'content-type': 'application/json' } });
    req.end('{"messages":[{"id":"u1"}]}');
    expect(await readText(await response)).toBe('ok');
    expect(body).toEqual({ messages: [{ id: 'u1' }] });
  });

  it('gives a GET request no body', async () => {
    let body: ReadableStream | null = new ReadableStream();
    const { port } = await serve(async (request) => {
      body = request.body;
      return new Response(null, { status: 204 });
    });
    const { req, response } = openRequest(port, { method: 'GET' });
    req.end();
    expect((await response).statusCode).toBe(204);
    expect(body).toBeNull();
  });

  it('streams the request body in as it arrives, without waiting for its end', async () => {
    const firstChunk = deferred<string>();
    const { port } = await serve(async (request) => {
      const reader = request.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!text) firstChunk.resolve(value);
        text += value;
      }
      return new Response(text);
    });
    const { req, response } = openRequest(port);
    req.write('hello ');
    // The rest is sent only once the handler has read the first piece.
    expect(await firstChunk.promise).toBe('hello ');
    req.end('world');
    expect(await readText(await response)).toBe('hello world');
  });

  it('streams the response out as the handler produces it', async () => {
    const clientGotFirst = deferred();
    const { port } = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('first '));
          await clientGotFirst.promise;
          controller.enqueue(encoder.encode('second'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const { req, response } = openRequest(port);
    req.end();
    const res = await response;
    res.setEncoding('utf8');
    const chunks: string[] = [];
    for await (const chunk of res) {
      chunks.push(chunk as string);
      if (chunks.length === 1) clientGotFirst.resolve();
    }
    expect(chunks.join('')).toBe('first second');
    expect(chunks[0]).toBe('first ');
  });

  it('aborts the request signal and cancels the response body when the client leaves mid-answer', async () => {
    let signal: AbortSignal | undefined;
    const cancelled = deferred<unknown>();
    const { port } = await serve(async (request) => {
      signal = request.signal;
      await request.text();
      // An answer that never ends by itself.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('data: {"type":"start"}\n\n'));
        },
        cancel(reason) {
          cancelled.resolve(reason);
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const { req, response } = openRequest(port);
    req.end('{}');
    const res = await response;
    await new Promise((resolve) => res.once('data', resolve));
    expect(signal?.aborted).toBe(false);
    req.destroy();
    await whenAborted(signal!);
    expect(signal?.reason).toMatchObject({ name: 'AbortError' });
    await cancelled.promise;
  });

  it('aborts the request signal when the client leaves after its body, before the first byte of the answer', async () => {
    const started = deferred<AbortSignal>();
    const { port } = await serve(async (request) => {
      await request.text();
      started.resolve(request.signal);
      // A model that takes its time before the first token.
      await whenAborted(request.signal);
      return new Response('too late');
    });
    const { req, response } = openRequest(port);
    response.catch(() => {});
    req.end('{"messages":[]}');
    const signal = await started.promise;
    expect(signal.aborted).toBe(false);
    req.destroy();
    await whenAborted(signal);
  });

  it('aborts the request signal when the client leaves during the upload', async () => {
    const reading = deferred<AbortSignal>();
    const { port } = await serve(async (request) => {
      reading.resolve(request.signal);
      await request.text().catch(() => '');
      return new Response('never sent');
    });
    const { req, response } = openRequest(port);
    response.catch(() => {});
    req.write('{"messages": [');
    const signal = await reading.promise;
    req.destroy();
    await whenAborted(signal);
  });

  it('holds the handler’s stream back while the client does not read (backpressure)', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    const total = 64;
    let pulled = 0;
    let serverResponse: ServerResponse | undefined;
    const nodeHandler = toNodeHandler(async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (pulled === total) return controller.close();
            pulled++;
            controller.enqueue(chunk);
          },
        }),
      ),
    );
    const server = await listen((req: IncomingMessage, res: ServerResponse) => {
      serverResponse = res;
      nodeHandler(req, res);
    });
    closeServer = server.close;
    const { req, response } = openRequest(server.port);
    req.end();
    const res = await response;
    res.pause();
    // Wait until the server is held up by the client: its socket is full and it waits for
    // `drain`; then a few more turns of the event loop (I/O included) must not pull anything.
    await vi.waitFor(() => expect(serverResponse?.writableNeedDrain).toBe(true), { timeout: 10_000, interval: 5 });
    const pulledWhenFull = pulled;
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBe(pulledWhenFull);
    expect(pulled).toBeLessThan(total / 2);
    // Reading resumes the stream, to the last byte.
    let received = 0;
    res.on('data', (data: Buffer) => (received += data.byteLength));
    res.resume();
    await new Promise((resolve) => res.on('end', resolve));
    expect(received).toBe(total * chunk.byteLength);
  });

  it('answers a handler that throws with a 500 in the JSON error shape, and reports the error', async () => {
    const onError = vi.fn();
    const { port } = await serve(async () => {
      throw new Error('secret internals');
    }, onError);
    const { req, response } = openRequest(port);
    req.end('{}');
    const res = await response;
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(await readText(res))).toEqual({ error: { message: 'Internal server error' } });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'secret internals' }));
  });

  it('cuts the connection when the answer fails after it began, so the client never sees a clean end', async () => {
    const onError = vi.fn();
    const { port } = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('partial'));
        },
        pull(controller) {
          controller.error(new Error('the model server went away'));
        },
      });
      return new Response(body);
    }, onError);
    const { req, response } = openRequest(port);
    req.end();
    const res = await response;
    await expect(readText(res)).rejects.toThrow(/aborted/);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'the model server went away' }));
  });
});
