import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  conversationsFromEnv,
  memoryConversationStore,
  migrateConversationStore,
  pgliteDatabase,
  pgliteStore,
  postgresDatabase,
  postgresStore,
  schemaVersion,
  SCHEMA_VERSION,
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
    const later = (ms: number) => new Date(clock + ms);

    it('keeps a thread with its tool rounds, titles it from the first user text and versions every write', async () => {
      expect(await store.writeThread('alice', 'chat-1', { expectedVersion: 0, after: null, messages: [user('u1', 'Weather in   Paris?'), assistantWithTool] })).toEqual({ ok: true, version: 1 });
      const thread = await store.loadThread('alice', 'chat-1');
      expect(thread?.title).toBe('Weather in Paris?');
      expect(thread?.version).toBe(1);
      expect(thread?.messages).toEqual([user('u1', 'Weather in   Paris?'), assistantWithTool]);
      expect(thread?.activeAnswerId).toBeUndefined();
    });

    it('places messages after a message named by id, replacing what followed it', async () => {
      await store.writeThread('alice', 'chat-2', { expectedVersion: 0, after: null, messages: [user('u1', 'one'), user('u2', 'two'), user('u3', 'three')] });
      expect(await store.writeThread('alice', 'chat-2', { expectedVersion: 1, after: 'u1', messages: [user('u2b', 'two again')] })).toEqual({ ok: true, version: 2 });
      expect((await store.loadThread('alice', 'chat-2'))?.messages.map((m) => m.id)).toEqual(['u1', 'u2b']);
      await store.writeThread('alice', 'chat-2', { expectedVersion: 2, after: 'u2b', messages: [user('u3', 'three'), user('u4', 'four')] });
      expect((await store.loadThread('alice', 'chat-2'))?.messages.map((m) => m.id)).toEqual(['u1', 'u2b', 'u3', 'u4']);
      await store.writeThread('alice', 'chat-2', { expectedVersion: 3, after: 'u2b', messages: [] });
      expect((await store.loadThread('alice', 'chat-2'))?.messages.map((m) => m.id)).toEqual(['u1', 'u2b']);
      // After a message the thread does not hold: refused, nothing written.
      expect(await store.writeThread('alice', 'chat-2', { expectedVersion: 4, after: 'nope', messages: [user('x', 'x')] })).toEqual({ ok: false, reason: 'conflict' });
      expect((await store.loadThread('alice', 'chat-2'))?.version).toBe(4);
    });

    it('refuses a write from an older read, and a second creation of one id', async () => {
      await store.writeThread('alice', 'chat-v', { expectedVersion: 0, after: null, messages: [user('u1', 'one')] });
      const [a, b] = await Promise.all([
        store.writeThread('alice', 'chat-v', { expectedVersion: 1, after: 'u1', messages: [user('a', 'from a')] }),
        store.writeThread('alice', 'chat-v', { expectedVersion: 1, after: 'u1', messages: [user('b', 'from b')] }),
      ]);
      expect([a, b].filter((outcome) => outcome.ok)).toHaveLength(1);
      expect([a, b].filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'conflict' }]);
      expect((await store.loadThread('alice', 'chat-v'))?.messages).toHaveLength(2);
      const created = await Promise.all([0, 1, 2].map((n) => store.writeThread('alice', 'chat-new', { expectedVersion: 0, after: null, messages: [user(`u${n}`, `n${n}`)] })));
      expect(created.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect((await store.loadThread('alice', 'chat-new'))?.messages).toHaveLength(1);
    });

    it('lets one answer at a time claim a thread; the claim ends with its writer, or lapses', async () => {
      await store.writeThread('dave', 'chat-a', { expectedVersion: 0, after: null, messages: [user('u1', 'hi')], answer: { start: 'a1', expiresAt: later(60_000) } });
      expect((await store.loadThread('dave', 'chat-a'))?.activeAnswerId).toBe('a1');
      // Any other write waits for it: another answer, or a plain write.
      expect(await store.writeThread('dave', 'chat-a', { expectedVersion: 1, after: 'u1', messages: [user('u2', 'more')], answer: { start: 'a2', expiresAt: later(60_000) } })).toEqual({ ok: false, reason: 'busy' });
      expect(await store.writeThread('dave', 'chat-a', { expectedVersion: 1, after: 'u1', messages: [] })).toEqual({ ok: false, reason: 'busy' });
      // Only the claim's own writer ends it.
      expect(await store.writeThread('dave', 'chat-a', { expectedVersion: 1, after: 'u1', messages: [], answer: { end: 'a2' } })).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.renewAnswer('dave', 'chat-a', 'a2', later(120_000))).toBe(false);
      expect(await store.renewAnswer('dave', 'chat-a', 'a1', later(120_000))).toBe(true);
      expect(await store.writeThread('dave', 'chat-a', { expectedVersion: 1, after: 'u1', messages: [{ ...assistantWithTool, id: 'a1' }], answer: { end: 'a1' } })).toEqual({ ok: true, version: 2 });
      const thread = await store.loadThread('dave', 'chat-a');
      expect(thread?.activeAnswerId).toBeUndefined();
      expect(thread?.messages.map((m) => m.id)).toEqual(['u1', 'a1']);
      // A claim whose instance died lapses: the next answer takes the thread.
      await store.writeThread('dave', 'chat-a', { expectedVersion: 2, after: 'a1', messages: [user('u2', 'again')], answer: { start: 'dead', expiresAt: later(5_000) } });
      clock += 10_000;
      expect((await store.loadThread('dave', 'chat-a'))?.activeAnswerId).toBeUndefined();
      expect(await store.renewAnswer('dave', 'chat-a', 'dead', later(60_000))).toBe(false);
      expect(await store.writeThread('dave', 'chat-a', { expectedVersion: 3, after: 'u2', messages: [], answer: { start: 'a3', expiresAt: later(60_000) } })).toEqual({ ok: true, version: 4 });
      expect(await store.writeThread('dave', 'chat-a', { expectedVersion: 4, after: 'u2', messages: [], answer: { end: 'dead' } })).toEqual({ ok: false, reason: 'conflict' });
    });

    it("never shows or writes another user's thread", async () => {
      await store.writeThread('alice', 'chat-3', { expectedVersion: 0, after: null, messages: [user('u1', 'secret')] });
      expect(await store.loadThread('bob', 'chat-3')).toBeUndefined();
      expect(await store.writeThread('bob', 'chat-3', { expectedVersion: 0, after: null, messages: [user('x', 'mine now')] })).toEqual({ ok: false, reason: 'not-found' });
      expect(await store.writeThread('bob', 'chat-3', { expectedVersion: 1, after: 'u1', messages: [user('x', 'mine now')] })).toEqual({ ok: false, reason: 'not-found' });
      expect(await store.renewAnswer('bob', 'chat-3', 'a', later(1000))).toBe(false);
      expect(await store.renameThread('bob', 'chat-3', 'taken')).toBeUndefined();
      expect(await store.deleteThread('bob', 'chat-3')).toBe(false);
      expect((await store.listThreads('bob')).map((t) => t.chatId)).not.toContain('chat-3');
      expect((await store.loadThread('alice', 'chat-3'))?.messages).toEqual([user('u1', 'secret')]);
    });

    it('lists threads newest first, renames and deletes them', async () => {
      await store.writeThread('carol', 'old', { expectedVersion: 0, after: null, messages: [user('u1', 'old')] });
      await store.writeThread('carol', 'new', { expectedVersion: 0, after: null, messages: [user('u1', 'new')] });
      expect((await store.listThreads('carol')).map((t) => t.chatId)).toEqual(['new', 'old']);
      await store.writeThread('carol', 'old', { expectedVersion: 1, after: 'u1', messages: [user('u2', 'again')] });
      expect((await store.listThreads('carol')).map((t) => t.chatId)).toEqual(['old', 'new']);

      expect((await store.renameThread('carol', 'old', 'Renamed'))?.title).toBe('Renamed');
      await store.writeThread('carol', 'old', { expectedVersion: 2, after: null, messages: [user('u1', 'a new first text')] });
      expect((await store.loadThread('carol', 'old'))?.title).toBe('Renamed');

      expect(await store.deleteThread('carol', 'old')).toBe(true);
      expect(await store.loadThread('carol', 'old')).toBeUndefined();
      expect((await store.listThreads('carol')).map((t) => t.chatId)).toEqual(['new']);
    });

    it('keeps a deleted thread deleted: no write brings it back, an answer in flight included', async () => {
      await store.writeThread('erin', 'gone', { expectedVersion: 0, after: null, messages: [user('u1', 'hi')], answer: { start: 'a1', expiresAt: later(60_000) } });
      expect(await store.deleteThread('erin', 'gone')).toBe(true);
      expect(await store.renewAnswer('erin', 'gone', 'a1', later(120_000))).toBe(false);
      expect(await store.writeThread('erin', 'gone', { expectedVersion: 1, after: 'u1', messages: [{ ...assistantWithTool, id: 'a1' }], answer: { end: 'a1' } })).toEqual({ ok: false, reason: 'not-found' });
      expect(await store.writeThread('erin', 'gone', { expectedVersion: 0, after: null, messages: [user('u2', 'again')] })).toEqual({ ok: false, reason: 'not-found' });
      expect(await store.renameThread('erin', 'gone', 'back')).toBeUndefined();
      expect(await store.deleteThread('erin', 'gone')).toBe(false);
      expect(await store.loadThread('erin', 'gone')).toBeUndefined();
      expect(await store.listThreads('erin')).toEqual([]);
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
    expect(applied.flat().sort()).toEqual([1, 2, 3]);
    expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    const store = postgresStore({ pool, now });
    await store.writeThread('alice', 'c', { expectedVersion: 0, after: null, messages: [user('u1', 'hello')] });
    expect((await store.loadThread('alice', 'c'))?.title).toBe('hello');
  });

  it('upgrades a database of the previous version, keeping its threads', async () => {
    const pool = await freshDatabase('previous_db');
    const db = postgresDatabase(pool);
    expect(await migrateConversationStore(db, SCHEMA_VERSION - 1)).toEqual([1, 2]);
    // A thread written by the previous version's schema, with an answer it was streaming.
    await pool.query("insert into toolchat_threads (id, user_id, title, created_at, updated_at, active_stream_id) values ('old', 'alice', 'Old chat', now(), now(), 's0')");
    await pool.query(`insert into toolchat_messages (thread_id, position, id, message) values ('old', 0, 'u1', $1)`, [JSON.stringify(user('u1', 'hello'))]);

    const store = postgresStore({ pool, now });
    const thread = await store.loadThread('alice', 'old');
    // The previous version's stream had no claim: it holds nothing.
    expect(thread).toEqual(expect.objectContaining({ chatId: 'old', title: 'Old chat', messages: [user('u1', 'hello')], version: 1 }));
    expect(thread?.activeAnswerId).toBeUndefined();
    expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(await store.writeThread('alice', 'old', { expectedVersion: 1, after: 'u1', messages: [user('u2', 'again')] })).toEqual({ ok: true, version: 2 });
  });

  it('refuses a database newer than this toolchat', async () => {
    const pool = await freshDatabase('newer_db');
    const db = postgresDatabase(pool);
    await migrateConversationStore(db);
    await pool.query("insert into toolchat_migrations (version, name) values (99, 'from the future')");
    await expect(migrateConversationStore(db)).rejects.toThrow(/schema version 99, newer than this toolchat's/);
  });
});

describe('pgliteStore in a directory', () => {
  it('creates the directory with its parents (TOOLCHAT_DATA_DIR=./data/chats in a fresh checkout)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'toolchat-pglite-'));
    const dataDir = path.join(root, 'data', 'chats');
    const { store } = conversationsFromEnv({ TOOLCHAT_DATA_DIR: dataDir });
    try {
      expect(await store.writeThread('alice', 'kept', { expectedVersion: 0, after: null, messages: [user('u1', 'kept on disk')] })).toEqual({ ok: true, version: 1 });
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    } finally {
      await store.close();
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('schema migrations (PGlite)', () => {
  it('upgrades an embedded database of the previous version', async () => {
    // A schema of its own in the shared instance: a second PGlite would take seconds to create.
    await pglite.exec('create schema previous; set search_path to previous');
    try {
      const db = pgliteDatabase(pglite);
      expect(await schemaVersion(db)).toBe(0);
      expect(await migrateConversationStore(db, SCHEMA_VERSION - 1)).toEqual([1, 2]);
      await pglite.query("insert into toolchat_threads (id, user_id, title, created_at, updated_at) values ('old', 'alice', 'Old chat', now(), now())");
      const store = pgliteStore({ db: pglite, now });
      expect((await store.listThreads('alice')).map((t) => t.title)).toEqual(['Old chat']);
      expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    } finally {
      await pglite.exec('set search_path to public');
    }
  });
});
