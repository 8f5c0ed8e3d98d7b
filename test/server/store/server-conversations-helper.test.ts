import type { UIMessage, UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { listChats } from 'toolchat/core';
import { createChatHandler, memoryConversationStore } from 'toolchat/server';
import { serverConversations } from 'toolchat/transports';
import { textResponse } from '../../support/mock-models';

const userText = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

async function drain(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return chunks;
}

describe('given serverConversations({ api, fetch, headers })', () => {
  it('gives a storage and a transport on that endpoint, both signed in by the same headers', async () => {
    const handler = createChatHandler({
      model: new MockLanguageModelV4({ doStream: async () => textResponse('Hello') }),
      store: memoryConversationStore(),
      getUserId: (request) => request.headers.get('authorization')?.replace(/^Bearer /, ''),
    });
    const sent: { method: string; url: string; messages?: number }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const body = init?.body ? (JSON.parse(String(init.body)) as { messages: unknown[] }) : undefined;
      sent.push({ method: request.method, url: request.url, ...(body ? { messages: body.messages.length } : {}) });
      return handler(request);
    }) as typeof globalThis.fetch;
    let token = 'kim';
    const { storage, transport } = serverConversations({ api: 'http://localhost/api/chat', fetch, headers: () => ({ authorization: `Bearer ${token}` }) });

    const first = [userText('u1', 'Hi')];
    await drain(await transport.sendMessages({ chatId: 'kim-chat', messages: first, trigger: 'submit-message', messageId: undefined, abortSignal: undefined }));
    const record = await storage.load('kim-chat');
    expect(record?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    // The transport sends only the last message: what came before is the server's.
    const more = [userText('u1', 'Hi'), userText('u2', 'Again')];
    await drain(await transport.sendMessages({ chatId: 'kim-chat', messages: more, trigger: 'submit-message', messageId: undefined, abortSignal: undefined }));

    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: 'http://localhost/api/chat', messages: 1 },
      { method: 'POST', url: 'http://localhost/api/chat', messages: 1 },
    ]);
    expect(await listChats(storage)).toEqual([{ chatId: 'kim-chat', title: 'Hi', updatedAt: expect.any(String) }]);
    // The headers are read at each request: another user sees nothing of kim's.
    token = 'lee';
    expect(await listChats(storage)).toEqual([]);
    expect(await storage.load('kim-chat')).toBeUndefined();
  });

  it('defaults to /api/chat, same-origin', async () => {
    const seen: { url: string; credentials: RequestCredentials | undefined }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), credentials: init?.credentials });
      return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : Response.json({ threads: [] });
    }) as typeof globalThis.fetch;
    const { storage, transport } = serverConversations({ fetch });
    await storage.list();
    await transport.stopOnServer('c1');
    expect(seen).toEqual([
      { url: '/api/chat/threads', credentials: 'same-origin' },
      { url: '/api/chat/c1/stream', credentials: 'same-origin' },
    ]);
  });
});
