import type { UIMessage, UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChats, serverStorage } from 'toolchat/core';
import { conversationsFromEnv, createChatHandler, memoryStreams, postgresStore, type ConversationStore } from 'toolchat/server';
import { ServerConversationTransport } from 'toolchat/transports';
import { textResponse } from '../../support/mock-models';
import { startPostgresServer, type PostgresServer } from '../../support/postgres-server';
import { assistantMessage } from '../chat-stream';

const userText = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

let postgres: PostgresServer;
let store: ConversationStore;
beforeAll(async () => {
  postgres = await startPostgresServer();
  store = postgresStore({ connectionString: postgres.url });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await postgres?.stop();
});

/** The browser's fetch, reaching the handler in-process, signed in as `user` (a cookie would do it). */
function browserFetch(handler: (request: Request) => Promise<Response>, user: string, sent: { method: string; url: string; body: string }[] = []) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    request.headers.set('x-user', user);
    sent.push({ method: request.method, url: request.url, body: init?.body ? String(init.body) : '' });
    return handler(request);
  }) as typeof fetch;
}
const getUserId = (request: Request) => request.headers.get('x-user');

async function drain(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return chunks;
}

describe('given the ServerConversationTransport', () => {
  it('sends only the last message, however long the thread, and the server answers from the whole thread', async () => {
    const seen: number[] = [];
    const model = new MockLanguageModelV4({
      doStream: async ({ prompt }) => {
        seen.push(prompt.length);
        return textResponse('ok');
      },
    });
    const handler = createChatHandler({ model, store, getUserId });
    const sent: { method: string; url: string; body: string }[] = [];
    const transport = new ServerConversationTransport({ api: 'http://localhost/api/chat', fetch: browserFetch(handler, 'erin', sent) });

    const messages: UIMessage[] = [];
    for (let turn = 1; turn <= 3; turn++) {
      messages.push(userText(`u${turn}`, `Question ${turn}`));
      const stream = await transport.sendMessages({ chatId: 'erin-chat', messages: [...messages], trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
      messages.push(await assistantMessage(await drain(stream)));
    }
    expect(seen).toEqual([1, 3, 5]);
    const bodies = sent.map((request) => JSON.parse(request.body) as { id: string; messages: UIMessage[] });
    expect(bodies.map((body) => body.messages.map((m) => m.id))).toEqual([['u1'], ['u2'], ['u3']]);
    expect(bodies.every((body) => body.id === 'erin-chat')).toBe(true);

    // The thread routes, through the client storage.
    const storage = serverStorage({ api: 'http://localhost/api/chat', fetch: browserFetch(handler, 'erin') });
    expect(await listChats(storage)).toEqual([{ chatId: 'erin-chat', title: 'Question 1', updatedAt: expect.any(String) }]);
    const record = await storage.load('erin-chat');
    expect(record?.messages).toEqual(messages);
    await storage.rename('erin-chat', 'Three questions');
    expect((await storage.list())[0]?.title).toBe('Three questions');
    expect(await serverStorage({ api: 'http://localhost/api/chat', fetch: browserFetch(handler, 'frank') }).load('erin-chat')).toBeUndefined();
    await storage.remove('erin-chat');
    expect(await storage.list()).toEqual([]);
    expect(await storage.load('erin-chat')).toBeUndefined();
  });

  it('resumes an answer in flight after a reload, and stopOnServer stops it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let aborted = false;
    const model = new MockLanguageModelV4({
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream({
          async start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Partial' });
            await Promise.race([gate, new Promise((resolve) => abortSignal?.addEventListener('abort', resolve))]);
            aborted = abortSignal?.aborted ?? false;
            controller.error(new Error('stopped'));
          },
        }),
      }),
    });
    const streams = memoryStreams();
    const handler = createChatHandler({ model, store, getUserId, streams });
    const sent: { method: string; url: string; body: string }[] = [];
    const transport = new ServerConversationTransport({ api: 'http://localhost/api/chat', fetch: browserFetch(handler, 'gina', sent) });
    const stream = await transport.sendMessages({ chatId: 'gina-chat', messages: [userText('u1', 'Go')], trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    const reader = stream.getReader();
    while ((await reader.read()).value?.type !== 'text-delta') {
      // until the answer has begun
    }
    await reader.cancel(); // the reload

    // After the reload: a new transport, as a new page makes.
    const reloaded = new ServerConversationTransport({ api: 'http://localhost/api/chat', fetch: browserFetch(handler, 'gina', sent) });
    const resumed = await reloaded.reconnectToStream({ chatId: 'gina-chat' });
    expect(sent.at(-1)).toMatchObject({ method: 'GET', url: 'http://localhost/api/chat/gina-chat/stream' });
    expect(resumed).not.toBeNull();
    const rest = drain(resumed!);
    await reloaded.stopOnServer('gina-chat');
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: 'http://localhost/api/chat/gina-chat/stream' });
    const chunks = await rest;
    expect(aborted).toBe(true);
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => (chunk as { delta: string }).delta)).toEqual(['Partial']);
    expect(await reloaded.reconnectToStream({ chatId: 'gina-chat' })).toBeNull();
    release();
    await streams.close();
  });
});

describe('given the transport of a store, for each of the AI SDK\'s requests', () => {
  it('sends its intent with the one message it is about: send, tool results, edit, regenerate', async () => {
    const sent: { method: string; url: string; body: string }[] = [];
    const capture = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input), body: String(init?.body ?? '') });
      return new Response('data: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch;
    const transport = new ServerConversationTransport({ api: 'http://localhost/api/chat', fetch: capture });
    const u1 = userText('u1', 'Weather?');
    const a1: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'tool-getWeather', toolCallId: 'c1', state: 'output-available', input: {}, output: 21 }] };
    const request = (messages: UIMessage[], trigger: 'submit-message' | 'regenerate-message', messageId?: string) =>
      transport.sendMessages({ chatId: 'c', messages, trigger, messageId, abortSignal: undefined }).then(drain);
    await request([u1], 'submit-message');
    await request([u1, a1], 'submit-message', 'a1');
    await request([{ ...u1, parts: [{ type: 'text', text: 'Weather in Rome?' }] }], 'submit-message', 'u1');
    await request([u1], 'regenerate-message');
    const bodies = sent.map((each) => JSON.parse(each.body) as { messages: UIMessage[]; intent: unknown });
    expect(bodies.map((body) => [body.intent, body.messages.map((message) => message.id)])).toEqual([
      [{ type: 'send' }, ['u1']],
      [{ type: 'tool-results' }, ['a1']],
      [{ type: 'edit', messageId: 'u1' }, ['u1']],
      [{ type: 'regenerate' }, ['u1']],
    ]);
  });

  it('tells the server what the page showed when it stops', async () => {
    const sent: RequestInit[] = [];
    const transport = new ServerConversationTransport({
      api: 'http://localhost/api/chat?mode=x',
      headers: { authorization: 'Bearer t' },
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(init ?? {});
        return new Response(null, { status: 204 });
      }) as typeof fetch,
    });
    const shown: UIMessage[] = [userText('u1', 'Tell me'), { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Once ' }] }];
    await transport.stopOnServer('c', shown);
    await transport.stopOnServer('c');
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ shown: { messageId: 'a1', parts: 2, textLength: 5 } });
    expect(sent[0]!.headers).toEqual({ authorization: 'Bearer t', 'content-type': 'application/json' });
    expect(sent[1]!.body).toBeUndefined();
    expect(sent[1]!.headers).toEqual({ authorization: 'Bearer t' });
  });
});

describe('given DATABASE_URL in the environment', () => {
  it('keeps the conversations in that PostgreSQL database', async () => {
    const { store: fromEnv, streams } = conversationsFromEnv({ DATABASE_URL: postgres.url });
    try {
      const handler = createChatHandler({ model: new MockLanguageModelV4({ doStream: async () => textResponse('ok') }), store: fromEnv, getUserId, streams });
      const transport = new ServerConversationTransport({ api: 'http://localhost/api/chat', fetch: browserFetch(handler, 'hana') });
      await drain(await transport.sendMessages({ chatId: 'hana-chat', messages: [userText('u1', 'Hello')], trigger: 'submit-message', messageId: undefined, abortSignal: undefined }));
      // The same database, read through another store.
      expect((await store.listThreads('hana')).map((thread) => thread.title)).toEqual(['Hello']);
    } finally {
      await fromEnv.close();
      await streams.close();
    }
  });
});
