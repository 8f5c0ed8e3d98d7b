import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatHandler, memoryStreams, postgresStore, redisStreams, type ChatStreams, type ConversationStore } from 'toolchat/server';
import { startPostgresServer, type PostgresServer } from '../../support/postgres-server';
import { startRedisServer, type RedisServer } from '../../support/redis-server';
import { as, chunksOf, gatedModel, getUserId, readUntil, textOf, userText } from './support';

let postgres: PostgresServer;
let redis: RedisServer;
let store: ConversationStore;
beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()]);
  store = postgresStore({ connectionString: postgres.url });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await Promise.all([postgres?.stop(), redis?.stop()]);
});

/** Two instances of the app, each with its own handler (and its own connections). */
function suite(name: string, makeStreams: () => { a: ChatStreams; b: ChatStreams; close(): Promise<void> }) {
  describe(`${name}: an answer in flight`, () => {
    let streams: ReturnType<typeof makeStreams>;
    beforeAll(() => {
      streams = makeStreams();
    });
    afterAll(() => streams.close());

    it('survives a reload: the client resumes it from its beginning, and it is stored whole', async () => {
      const { model, release } = gatedModel();
      const a = createChatHandler({ model, store, getUserId, streams: streams.a });
      const b = createChatHandler({ model, store, getUserId, streams: streams.b });
      const chatId = `${name}-reload`;
      const posted = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'Say hello')] }));
      const first = await readUntil(posted.body!, 'Hel');
      await first.reader.cancel(); // the page reloads

      const resumed = await b(as('alice', 'GET', `/api/chat/${chatId}/stream`));
      expect(resumed.status).toBe(200);
      expect(resumed.headers.get('content-type')).toMatch(/text\/event-stream/);
      const text = resumed.text();
      release();
      const chunks = chunksOf(await text);
      expect(chunks[0]).toMatchObject({ type: 'start', messageId: expect.any(String) });
      expect(textOf(chunks)).toBe('Hello, world');

      const thread = await store.loadThread('alice', chatId);
      expect(thread?.activeAnswerId).toBeUndefined();
      expect(thread?.messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Hello, world' }));
      expect((await b(as('alice', 'GET', `/api/chat/${chatId}/stream`))).status).toBe(204);
    });

    it('is stopped by a stop sent to another instance, also when resumed (vercel/ai#6502), and keeps what was said', async () => {
      const { model, aborted } = gatedModel();
      const a = createChatHandler({ model, store, getUserId, streams: streams.a });
      const b = createChatHandler({ model, store, getUserId, streams: streams.b });
      const chatId = `${name}-stop`;
      const posted = await a(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u1', 'Say hello')] }));
      await (await readUntil(posted.body!, 'Hel')).reader.cancel();
      const resumed = await b(as('alice', 'GET', `/api/chat/${chatId}/stream`));
      const text = resumed.text();

      // Another user cannot stop it: the same 204 as for a chat of no answer, and nothing stops.
      expect((await b(as('bob', 'DELETE', `/api/chat/${chatId}/stream`))).status).toBe(204);
      expect(aborted).toEqual([]);
      expect((await b(as('alice', 'DELETE', `/api/chat/${chatId}/stream`))).status).toBe(204);
      expect(textOf(chunksOf(await text))).toBe('Hel');
      expect(aborted).toEqual([true]);

      const thread = await store.loadThread('alice', chatId);
      expect(thread?.activeAnswerId).toBeUndefined();
      expect(thread?.messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Hel' }));
    });

    it('answers 204 when nothing is in flight', async () => {
      const a = createChatHandler({ model: gatedModel().model, store, getUserId, streams: streams.a });
      await store.writeThread('alice', `${name}-idle`, { expectedVersion: 0, after: null, messages: [userText('u1', 'hi')] });
      expect((await a(as('alice', 'GET', `/api/chat/${name}-idle/stream`))).status).toBe(204);
    });
  });
}

suite('memory', () => {
  // One process: both "instances" share the memory.
  const shared = memoryStreams();
  return { a: shared, b: shared, close: () => shared.close() };
});

suite('redis', () => {
  const a = redisStreams({ url: redis.url });
  const b = redisStreams({ url: redis.url });
  return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
});
