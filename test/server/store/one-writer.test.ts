import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatHandler, memoryConversationStore, postgresStore, redisStreams, type ChatHandlerOptions, type ConversationStore } from 'toolchat/server';
import { startPostgresServer, type PostgresServer } from '../../support/postgres-server';
import { startRedisServer, type RedisServer } from '../../support/redis-server';
import { as, chunksOf, gatedModel, getUserId, readUntil, scriptedModel, textOf, userText } from './support';

let postgres: PostgresServer;
let redis: RedisServer;
let store: ConversationStore;
const streams = [] as ReturnType<typeof redisStreams>[];
beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()]);
  store = postgresStore({ connectionString: postgres.url });
}, 60_000);
afterAll(async () => {
  await Promise.all(streams.map((each) => each.close()));
  await store?.close();
  await Promise.all([postgres?.stop(), redis?.stop()]);
});

/** Two instances of the app: each its own handler, its own connections, one PostgreSQL and one Redis. */
function twoInstances(model: NonNullable<ChatHandlerOptions['model']>, instanceStore: ConversationStore = store) {
  const make = () => {
    const kept = redisStreams({ url: redis.url });
    streams.push(kept);
    return createChatHandler({ model, store: instanceStore, getUserId, streams: kept });
  };
  return [make(), make()] as const;
}

const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

let n = 0;
const chat = () => `writer-${++n}`;

describe('one writer per chat, on two instances sharing PostgreSQL and Redis', () => {
  it('answers one of two sends at once and refuses the other with 409: never a 200 whose message is lost', async () => {
    const gated = gatedModel();
    const [a, b] = twoInstances(gated.model);
    const chatId = chat();
    const [first, second] = await Promise.all([
      a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'From tab one')] })),
      b(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u2', 'From tab two')] })),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [ok, refused] = first.status === 200 ? [first, second] : [second, first];
    expect(await errorOf(refused)).toMatch(/An answer is in progress in this chat/);
    const answer = ok.text();
    gated.release();
    expect(textOf(chunksOf(await answer))).toBe('Hello, world');
    const stored = (await store.loadThread('alice', chatId))!.messages;
    // The answered message and its answer; the refused one is the client's to send again.
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(gated.calls).toBe(1);
  });

  it('refuses a send while a kept answer streams (after a reload), and takes it once the answer is stored', async () => {
    const gated = gatedModel();
    const [a, b] = twoInstances(gated.model);
    const chatId = chat();
    const posted = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'Say hello')] }));
    await (await readUntil(posted.body!, 'Hel')).reader.cancel(); // the page reloads

    const during = await b(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u2', 'Are you there?')] }));
    expect(during.status).toBe(409);
    expect((await store.loadThread('alice', chatId))!.messages.map((message) => message.id)).toEqual(['u1']);

    const resumed = await b(as('alice', 'GET', `/api/chat/${chatId}/stream`));
    const text = resumed.text();
    gated.release();
    expect(textOf(chunksOf(await text))).toBe('Hello, world');
    const after = await b(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u2', 'Are you there?')] }));
    expect(after.status).toBe(200);
    const resumedAfter = after.text();
    gated.release();
    await resumedAfter;
    expect((await store.loadThread('alice', chatId))!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('a delete on one instance stops the answer on the other; the thread stays deleted, nothing is written back', async () => {
    const gated = gatedModel();
    const [a, b] = twoInstances(gated.model);
    const chatId = chat();
    const posted = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'A long story, please')] }));
    const reading = await readUntil(posted.body!, 'Hel');
    expect((await b(as('alice', 'DELETE', `/api/chat/threads/${chatId}`))).status).toBe(204);
    // The model stops, and the answer's end finds the thread gone.
    let rest = reading.text;
    const decoder = new TextDecoder();
    for (let next = await reading.reader.read(); !next.done; next = await reading.reader.read()) rest += decoder.decode(next.value);
    expect(gated.aborted).toEqual([true]);
    expect(chunksOf(rest).some((chunk) => chunk.type === 'error')).toBe(false);
    expect(await store.loadThread('alice', chatId)).toBeUndefined();
    expect((await store.listThreads('alice')).map((thread) => thread.chatId)).not.toContain(chatId);
    expect((await a(as('alice', 'GET', `/api/chat/threads/${chatId}`))).status).toBe(204);
    // Nothing brings it back: a late request for it is refused, and the model is not called.
    const late = await b(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u2', 'Still there?')] }));
    expect(late.status).toBe(404);
    expect(gated.calls).toBe(1);
  });

  it('a stop from the other instance keeps the answer as the page showed it, and says it was stopped', async () => {
    const gated = gatedModel();
    const [a, b] = twoInstances(gated.model);
    const chatId = chat();
    const posted = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'Say hello')] }));
    const reading = await readUntil(posted.body!, 'Hel');
    const answerId = (chunksOf(reading.text).find((chunk) => chunk.type === 'start') as { messageId: string }).messageId;
    // The page had shown "He" of its one text part when the user pressed Stop.
    const stopped = await b(as('alice', 'DELETE', `/api/chat/${chatId}/stream`, { shown: { messageId: answerId, parts: 2, textLength: 2 } }));
    expect(stopped.status).toBe(204);
    const decoder = new TextDecoder();
    for (let next = await reading.reader.read(); !next.done; next = await reading.reader.read()) decoder.decode(next.value);
    const answer = (await store.loadThread('alice', chatId))!.messages.at(-1)!;
    expect(answer.id).toBe(answerId);
    expect(answer.parts).toEqual([{ type: 'step-start' }, expect.objectContaining({ type: 'text', text: 'He' })]);
    expect(answer.metadata).toEqual(expect.objectContaining({ ending: 'stopped' }));
  });

  it('ends the stream with an error the chat shows when the answer cannot be saved, keeping the user message', async () => {
    // The cause goes to the server's log.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { model } = scriptedModel(['An answer that will not be kept']);
    // A store that fails on the answer's write (the database went away at that moment).
    const failing: ConversationStore = {
      ...store,
      writeThread: (userId, chatId, write) =>
        write.answer && 'end' in write.answer && write.messages.length > 0 ? Promise.reject(new Error('connection terminated')) : store.writeThread(userId, chatId, write),
    };
    const [a] = twoInstances(model, failing);
    const chatId = chat();
    const response = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'Keep this')] }));
    expect(response.status).toBe(200);
    const chunks = chunksOf(await response.text());
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'The answer could not be saved: the conversation store is not answering.' });
    expect(chunks.some((chunk) => chunk.type === 'finish')).toBe(false);
    const thread = await store.loadThread('alice', chatId);
    expect(thread?.messages).toEqual([userText('u1', 'Keep this')]);
    // The thread is not held by the failed answer: the next message goes through.
    expect(thread?.activeAnswerId).toBeUndefined();
    expect(logged).toHaveBeenCalledWith('toolchat: the answer could not be saved', expect.any(Error));
    logged.mockRestore();
  });

  it('answers a store that fails with a 503 JSON error, on every route, without a Node server in between', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const broken: ConversationStore = {
      listThreads: () => Promise.reject(down),
      loadThread: () => Promise.reject(down),
      writeThread: () => Promise.reject(down),
      renewAnswer: () => Promise.reject(down),
      renameThread: () => Promise.reject(down),
      deleteThread: () => Promise.reject(down),
      close: async () => {},
    };
    const { model, prompts } = scriptedModel(['never']);
    const handler = createChatHandler({ model, store: broken, getUserId });
    const requests = [
      as('alice', 'POST', '/api/chat', { id: 'c1', messages: [userText('u1', 'hi')] }),
      as('alice', 'GET', '/api/chat/threads'),
      as('alice', 'GET', '/api/chat/threads/c1'),
      as('alice', 'PATCH', '/api/chat/threads/c1', { title: 'x' }),
      as('alice', 'DELETE', '/api/chat/threads/c1'),
      as('alice', 'GET', '/api/chat/c1/stream'),
      as('alice', 'DELETE', '/api/chat/c1/stream'),
    ];
    for (const request of requests) {
      const response = await handler(request);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const message = await errorOf(response);
      expect(message).toMatch(/the conversation store is not answering/);
      expect(message).not.toMatch(/ECONNREFUSED/);
    }
    // The write of the message failing after a good read: 503 too, and no model call.
    const writeFails: ConversationStore = { ...store, writeThread: () => Promise.reject(down) };
    const response = await createChatHandler({ model, store: writeFails, getUserId })(as('alice', 'POST', '/api/chat', { id: 'c2', messages: [userText('u1', 'hi')] }));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toBe('Your message could not be saved: the conversation store is not answering. Try again in a moment.');
    expect(prompts).toHaveLength(0);
    // Each cause in the server's log, never in the answer.
    expect(logged).toHaveBeenCalledTimes(requests.length + 1);
    logged.mockRestore();
  });
});

describe('a stop when no answer is in flight (the browser was running its tools)', () => {
  it('ends the calls as cancelled, as the page shows them, so a reload reads "Cancelled"', async () => {
    const { model } = scriptedModel([{ calls: [{ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } }] }]);
    const [a] = twoInstances(model);
    const chatId = chat();
    const response = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'Weather?')], tools: { getWeather: { inputSchema: { type: 'object' } } } }));
    await response.text();
    const calling = (await store.loadThread('alice', chatId))!.messages.at(-1)!;
    expect(calling.parts).toContainEqual(expect.objectContaining({ toolCallId: 'c1', state: 'input-available' }));
    const shown = { messageId: calling.id, parts: calling.parts.length };
    expect((await a(as('alice', 'DELETE', `/api/chat/${chatId}/stream`, { shown }))).status).toBe(204);
    const stopped = (await store.loadThread('alice', chatId))!.messages.at(-1) as UIMessage;
    expect(stopped.parts).toContainEqual(expect.objectContaining({ toolCallId: 'c1', state: 'output-error', errorText: 'Tool "getWeather" was cancelled by the user' }));
    expect(stopped.metadata).toEqual(expect.objectContaining({ ending: 'stopped' }));
    // A second stop changes nothing more.
    const version = (await store.loadThread('alice', chatId))!.version;
    expect((await a(as('alice', 'DELETE', `/api/chat/${chatId}/stream`, { shown }))).status).toBe(204);
    expect((await store.loadThread('alice', chatId))!.version).toBe(version);
  });
});

describe('without kept answers (no streams), on two instances sharing a store', () => {
  it('a delete on the other instance stops the answer at its claim\'s next renewal; nothing is written back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const shared = memoryConversationStore();
      const gated = gatedModel();
      const a = createChatHandler({ model: gated.model, store: shared, getUserId });
      const b = createChatHandler({ model: gated.model, store: shared, getUserId });
      const chatId = chat();
      const posted = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'A long story')] }));
      const reading = await readUntil(posted.body!, 'Hel');
      // B cannot reach A's answer: no Redis between them.
      expect((await b(as('alice', 'DELETE', `/api/chat/threads/${chatId}`))).status).toBe(204);
      expect(gated.aborted).toEqual([]);
      // The renewal finds the claim gone, and stops the model.
      await vi.advanceTimersByTimeAsync(20_000);
      for (let next = await reading.reader.read(); !next.done; next = await reading.reader.read()) {
        // to the end
      }
      expect(gated.aborted).toEqual([true]);
      expect(await shared.loadThread('alice', chatId)).toBeUndefined();
      expect((await b(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u2', 'Back?')] }))).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});
