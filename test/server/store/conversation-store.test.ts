import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memoryConversationStore,
  migrateConversationStore,
  pgliteDatabase,
  pgliteStore,
  postgresDatabase,
  postgresStore,
  schemaVersion,
  SCHEMA_VERSION,
  ThreadNotFoundError,
  type ConversationStore,
  type PgPoolLike,
} from 'toolchat/server';
import { startPostgresServer, type PostgresServer } from '../../support/postgres-server';

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const assistantWithTool: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    { type: 'tool-getWeather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { temperature: 21 } },
    { type: 'step-start' },
    { type: 'text', text: 'It is 21 °C in Paris.', state: 'done' },
  ],
};

let clock = Date.parse('2026-01-01T00:00:00Z');
const now = () => new Date((clock += 1000));

/** The same behaviour, whatever the database. */
function storeSuite(name: string, make: () => ConversationStore) {
  describe(`${name}: a conversation store`, () => {
    let store: ConversationStore;
    beforeAll(() => {
      store = make();
    });

    it('keeps a thread with its tool rounds and titles it from the first user text', async () => {
      await store.saveMessages('alice', 'chat-1', { from: 0, messages: [user('u1', 'Weather in   Paris?'), assistantWithTool] });
      const thread = await store.loadThread('alice', 'chat-1');
      expect(thread?.title).toBe('Weather in Paris?');
      expect(thread?.messages).toEqual([user('u1', 'Weather in   Paris?'), assistantWithTool]);
    });

    it('replaces the tail from a position and appends after it', async () => {
      await store.saveMessages('alice', 'chat-2', { from: 0, messages: [user('u1', 'one'), user('u2', 'two'), user('u3', 'three')] });
      await store.saveMessages('alice', 'chat-2', { from: 1, messages: [user('u2b', 'two again')] });
      expect((await store.loadThread('alice', 'chat-2'))?.messages.map((m) => m.id)).toEqual(['u1', 'u2b']);
      await store.saveMessages('alice', 'chat-2', { from: 2, messages: [user('u3', 'three')] });
      expect((await store.loadThread('alice', 'chat-2'))?.messages.map((m) => m.id)).toEqual(['u1', 'u2b', 'u3']);
    });

    it("never shows or writes another user's thread", async () => {
      await store.saveMessages('alice', 'chat-3', { from: 0, messages: [user('u1', 'secret')] });
      expect(await store.loadThread('bob', 'chat-3')).toBeUndefined();
      await expect(store.saveMessages('bob', 'chat-3', { from: 0, messages: [user('x', 'mine now')] })).rejects.toBeInstanceOf(ThreadNotFoundError);
      expect(await store.renameThread('bob', 'chat-3', 'taken')).toBeUndefined();
      expect(await store.deleteThread('bob', 'chat-3')).toBe(false);
      expect((await store.listThreads('bob')).map((t) => t.chatId)).not.toContain('chat-3');
      expect((await store.loadThread('alice', 'chat-3'))?.messages).toEqual([user('u1', 'secret')]);
    });

    it('lists threads newest first, renames and deletes them', async () => {
      await store.saveMessages('carol', 'old', { from: 0, messages: [user('u1', 'old')] });
      await store.saveMessages('carol', 'new', { from: 0, messages: [user('u1', 'new')] });
      expect((await store.listThreads('carol')).map((t) => t.chatId)).toEqual(['new', 'old']);
      await store.saveMessages('carol', 'old', { from: 1, messages: [user('u2', 'again')] });
      expect((await store.listThreads('carol')).map((t) => t.chatId)).toEqual(['old', 'new']);

      expect((await store.renameThread('carol', 'old', 'Renamed'))?.title).toBe('Renamed');
      await store.saveMessages('carol', 'old', { from: 0, messages: [user('u1', 'a new first text')] });
      expect((await store.loadThread('carol', 'old'))?.title).toBe('Renamed');

      expect(await store.deleteThread('carol', 'old')).toBe(true);
      expect(await store.loadThread('carol', 'old')).toBeUndefined();
      expect((await store.listThreads('carol')).map((t) => t.chatId)).toEqual(['new']);
    });

    it('records the answer streaming now, and clears it only while it is still that one', async () => {
      await store.saveMessages('dave', 'chat-s', { from: 0, messages: [user('u1', 'hi')] });
      await store.setActiveStream('dave', 'chat-s', 's1');
      await store.setActiveStream('dave', 'chat-s', 's2');
      await store.setActiveStream('dave', 'chat-s', null, 's1');
      expect((await store.loadThread('dave', 'chat-s'))?.activeStreamId).toBe('s2');
      await store.setActiveStream('dave', 'chat-s', null, 's2');
      expect((await store.loadThread('dave', 'chat-s'))?.activeStreamId).toBeUndefined();
    });
  });
}

let postgres: PostgresServer;
let pglite: PGlite;
let pgStore: ConversationStore;
let liteStore: ConversationStore;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  [postgres, pglite] = await Promise.all([startPostgresServer(), PGlite.create()]);
  pgStore = postgresStore({ connectionString: postgres.url, now });
  liteStore = pgliteStore({ db: pglite, now });
}, 60_000);

afterAll(async () => {
  await pgStore?.close();
  await liteStore?.close();
  await Promise.all(pools.map((pool) => pool.end()));
  await pglite?.close();
  await postgres?.stop();
});

storeSuite('PostgreSQL', () => pgStore);
storeSuite('PGlite', () => liteStore);
storeSuite('memory', () => memoryConversationStore({ now }));

async function freshDatabase(name: string): Promise<PgPoolLike> {
  const admin = new pg.Pool({ connectionString: postgres.url, max: 1 });
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: postgres.url.replace(/\/toolchat$/, `/${name}`), max: 2 });
  pool.on('error', () => {}); // an idle connection closed as the server stops
  pools.push(pool);
  return pool as unknown as PgPoolLike;
}

describe('schema migrations (PostgreSQL)', () => {
  it('creates the schema in an empty database, once, even when instances start together', async () => {
    const pool = await freshDatabase('empty_db');
    const db = postgresDatabase(pool);
    expect(await schemaVersion(db)).toBe(0);
    const applied = await Promise.all([migrateConversationStore(db), migrateConversationStore(db), migrateConversationStore(db)]);
    expect(applied.flat().sort()).toEqual([1, 2]);
    expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    const store = postgresStore({ pool, now });
    await store.saveMessages('alice', 'c', { from: 0, messages: [user('u1', 'hello')] });
    expect((await store.loadThread('alice', 'c'))?.title).toBe('hello');
  });

  it('upgrades a database of the previous version, keeping its threads', async () => {
    const pool = await freshDatabase('previous_db');
    const db = postgresDatabase(pool);
    expect(await migrateConversationStore(db, SCHEMA_VERSION - 1)).toEqual([1]);
    // A thread written by the previous version's schema.
    await pool.query("insert into toolchat_threads (id, user_id, title, created_at, updated_at) values ('old', 'alice', 'Old chat', now(), now())");
    await pool.query(`insert into toolchat_messages (thread_id, position, id, message) values ('old', 0, 'u1', $1)`, [JSON.stringify(user('u1', 'hello'))]);

    const store = postgresStore({ pool, now });
    const thread = await store.loadThread('alice', 'old');
    expect(thread).toMatchObject({ chatId: 'old', title: 'Old chat', messages: [user('u1', 'hello')] });
    expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    await store.setActiveStream('alice', 'old', 's1');
    expect((await store.loadThread('alice', 'old'))?.activeStreamId).toBe('s1');
  });

  it('refuses a database newer than this toolchat', async () => {
    const pool = await freshDatabase('newer_db');
    const db = postgresDatabase(pool);
    await migrateConversationStore(db);
    await pool.query("insert into toolchat_migrations (version, name) values (99, 'from the future')");
    await expect(migrateConversationStore(db)).rejects.toThrow(/schema version 99, newer than this toolchat's/);
  });
});

describe('schema migrations (PGlite)', () => {
  it('upgrades an embedded database of the previous version', async () => {
    // A schema of its own in the shared instance: a second PGlite would take seconds to create.
    await pglite.exec('create schema previous; set search_path to previous');
    try {
      const db = pgliteDatabase(pglite);
      expect(await schemaVersion(db)).toBe(0);
      expect(await migrateConversationStore(db, SCHEMA_VERSION - 1)).toEqual([1]);
      await pglite.query("insert into toolchat_threads (id, user_id, title, created_at, updated_at) values ('old', 'alice', 'Old chat', now(), now())");
      const store = pgliteStore({ db: pglite, now });
      expect((await store.listThreads('alice')).map((t) => t.title)).toEqual(['Old chat']);
      expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    } finally {
      await pglite.exec('set search_path to public');
    }
  });
});
