import type { UIMessage, UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { listChats, serverStorage } from 'toolchat/core';
import { createChatHandler, memoryConversationStore, memoryStreams } from 'toolchat/server';
import { ServerConversationTransport } from 'toolchat/transports';

const userText = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

/** The browser's fetch reaching the handler in-process, recording each request's method and address. */
function browserFetch(handler: (request: Request) => Promise<Response>, sent: { method: string; url: string }[]) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: request.url });
    return handler(request);
  }) as typeof fetch;
}

async function drain(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return chunks;
}

describe('given a chat endpoint whose address carries a query (`/api/chat?toolMarkers=on`)', () => {
  it('resumes, stops and lists under the endpoint, with the query kept at the end of every address', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const model = new MockLanguageModelV4({
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream({
          async start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Partial' });
            await Promise.race([gate, new Promise((resolve) => abortSignal?.addEventListener('abort', resolve))]);
            controller.error(new Error('stopped'));
          },
        }),
      }),
    });
    const streams = memoryStreams();
    const handler = createChatHandler({ model, store: memoryConversationStore(), streams, getUserId: () => 'ida' });
    const sent: { method: string; url: string }[] = [];
    const api = 'http://localhost/api/chat?toolMarkers=on';
    const transport = new ServerConversationTransport({ api, fetch: browserFetch(handler, sent) });
    const stream = await transport.sendMessages({ chatId: 'ida-chat', messages: [userText('u1', 'Go')], trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    expect(sent.at(-1)).toEqual({ method: 'POST', url: api });
    const reader = stream.getReader();
    while ((await reader.read()).value?.type !== 'text-delta') {
      // until the answer has begun
    }
    await reader.cancel(); // the reload

    const reloaded = new ServerConversationTransport({ api, fetch: browserFetch(handler, sent) });
    const resumed = await reloaded.reconnectToStream({ chatId: 'ida-chat' });
    expect(sent.at(-1)).toEqual({ method: 'GET', url: 'http://localhost/api/chat/ida-chat/stream?toolMarkers=on' });
    expect(resumed).not.toBeNull();
    const rest = drain(resumed!);
    await reloaded.stopOnServer('ida-chat');
    expect(sent.at(-1)).toEqual({ method: 'DELETE', url: 'http://localhost/api/chat/ida-chat/stream?toolMarkers=on' });
    expect((await rest).some((chunk) => chunk.type === 'text-delta')).toBe(true);

    const storage = serverStorage({ api, fetch: browserFetch(handler, sent) });
    expect((await listChats(storage)).map((chat) => chat.chatId)).toEqual(['ida-chat']);
    expect(sent.at(-1)).toEqual({ method: 'GET', url: 'http://localhost/api/chat/threads?toolMarkers=on' });
    expect((await storage.load('ida-chat'))?.messages[0]).toEqual(userText('u1', 'Go'));
    expect(sent.at(-1)).toEqual({ method: 'GET', url: 'http://localhost/api/chat/threads/ida-chat?toolMarkers=on' });
    release();
    await streams.close();
  });

  it('keeps a relative endpoint relative, and a trailing slash adds no empty segment', async () => {
    const sent: { method: string; url: string }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input) });
      return Response.json({ threads: [] });
    }) as typeof globalThis.fetch;
    await serverStorage({ api: '/api/chat/?toolMarkers=on#top', fetch }).list();
    await serverStorage({ api: '/api/chat/', fetch }).list();
    await new ServerConversationTransport({ api: '/api/chat?a=1&b=2', fetch }).stopOnServer('c/1');
    expect(sent.map((request) => request.url)).toEqual(['/api/chat/threads?toolMarkers=on#top', '/api/chat/threads', '/api/chat/c%2F1/stream?a=1&b=2']);
  });
});
