import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { createServer as createViteServer } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatHandler, toNodeHandler } from 'toolchat/server';
import { chatApiPlugin } from '../../demo/chat-api-plugin';
import { listen, openRequest, whenAborted } from './node-server';

const body = JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Tell me a long story' }] }] });

/**
 * A model that starts an answer and never finishes it by itself, and keeps the abort signal
 * of each call.
 */
function endlessModel() {
  const signals: AbortSignal[] = [];
  let started!: () => void;
  const streaming = new Promise<void>((resolve) => (started = resolve));
  const model = new MockLanguageModelV4({
    doStream: async ({ abortSignal }) => {
      if (abortSignal) signals.push(abortSignal);
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Once upon a time' });
            started();
          },
        }),
      };
    },
  });
  return { model, signals, streaming };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Sends the chat request, waits for the answer to begin, then drops the connection. */
async function disconnectMidAnswer(port: number, path = '/api/chat') {
  const { req, response } = openRequest(port, { path, headers: { 'content-type': 'application/json' } });
  req.end(body);
  const res = await response;
  expect(res.statusCode).toBe(200);
  await new Promise((resolve) => res.once('data', resolve));
  req.destroy();
}

describe('a client that disconnects mid-answer aborts the model call', () => {
  it('through toNodeHandler(createChatHandler(…)) on node:http', async () => {
    const { model, signals, streaming } = endlessModel();
    const server = await listen(toNodeHandler(createChatHandler({ model })));
    cleanup = server.close;
    await disconnectMidAnswer(server.port);
    await streaming;
    expect(signals).toHaveLength(1);
    await whenAborted(signals[0]!);
  });

  it("through the demo's Vite dev-server plugin", async () => {
    const { model, signals, streaming } = endlessModel();
    const vite = await createViteServer({
      configFile: false,
      root: import.meta.dirname,
      logLevel: 'error',
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { host: '127.0.0.1', port: 0, hmr: false, ws: false },
      plugins: [chatApiPlugin(async () => createChatHandler({ model }))],
    });
    await vite.listen();
    cleanup = () => vite.close();
    const address = vite.httpServer?.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    await disconnectMidAnswer(address.port);
    await streaming;
    expect(signals).toHaveLength(1);
    await whenAborted(signals[0]!);
  });
});
