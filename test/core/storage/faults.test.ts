import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import { openDB } from 'idb';
import {
  ChatStorageError,
  CorruptChatRecordError,
  NewerChatRecordError,
  createChatPersistence,
  indexedDBStorage,
  listChats,
  localStorageStorage,
  type WebStorageLike,
} from 'toolchat/core';

function webStorageStub(): WebStorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

describe('given a localStorage record that is not valid JSON', () => {
  it('moves it aside, reports it, and lets the chat start afresh without losing it', async () => {
    const web = webStorageStub();
    web.map.set('toolchat:chat:c1', '{"version":1,"chatId":"c1",');
    const onError = vi.fn();
    const persistence = createChatPersistence({ storage: localStorageStorage({ storage: web, now: () => 42 }), chatId: 'c1', onError });

    expect(await persistence.load()).toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    const error = onError.mock.calls[0]?.[0] as CorruptChatRecordError;
    expect(error).toBeInstanceOf(CorruptChatRecordError);
    expect(error.asideKey).toBe('toolchat:chat:c1.corrupt-42');
    expect(error.message).toMatch(/could not be read and was moved to "toolchat:chat:c1.corrupt-42"/);
    expect(web.map.get('toolchat:chat:c1.corrupt-42')).toBe('{"version":1,"chatId":"c1",');

    await persistence.save([user('u1', 'hello again')], { immediate: true });
    expect(JSON.parse(web.map.get('toolchat:chat:c1') ?? 'null')).toMatchObject({ revision: 1, title: 'hello again' });
    expect(web.map.get('toolchat:chat:c1.corrupt-42')).toBe('{"version":1,"chatId":"c1",');
    expect((await listChats(localStorageStorage({ storage: web }))).map((chat) => chat.chatId)).toEqual(['c1']);
  });
});

describe('given a localStorage record of the wrong shape', () => {
  it('names the problem and keeps the record aside', async () => {
    const web = webStorageStub();
    web.map.set('toolchat:chat:c1', JSON.stringify({ version: 1, chatId: 'c1', revision: 'two', updatedAt: 'x', messages: [] }));
    const storage = localStorageStorage({ storage: web, now: () => 7 });
    const error = await Promise.resolve()
      .then(() => storage.load('c1'))
      .then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorruptChatRecordError);
    expect((error as Error).message).toMatch(/revision/);
    expect(web.map.has('toolchat:chat:c1')).toBe(false);
    expect(web.map.has('toolchat:chat:c1.corrupt-7')).toBe(true);
  });
});

describe('given a corrupt record that cannot be moved aside (storage full)', () => {
  it('leaves it in place and never overwrites it', async () => {
    const web = webStorageStub();
    web.map.set('toolchat:chat:c1', 'not json');
    web.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const onError = vi.fn();
    const persistence = createChatPersistence({ storage: localStorageStorage({ storage: web }), chatId: 'c1', onError });
    await persistence.load();
    await persistence.save([user('u1', 'hi')], { immediate: true });
    expect(web.map.get('toolchat:chat:c1')).toBe('not json');
    expect(onError.mock.calls.map(([error]) => (error as CorruptChatRecordError).asideKey)).toEqual([undefined, undefined]);
  });
});

describe('given a localStorage that is full', () => {
  it('reports a quota error through onError, and the chat goes on', async () => {
    const web = webStorageStub();
    web.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const onError = vi.fn();
    const persistence = createChatPersistence({ storage: localStorageStorage({ storage: web }), chatId: 'c1', onError });

    await expect(persistence.save([user('u1', 'hi')], { immediate: true })).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    const error = onError.mock.calls[0]?.[0] as ChatStorageError;
    expect(error).toBeInstanceOf(ChatStorageError);
    expect(error.quotaExceeded).toBe(true);
    expect(error.operation).toBe('save');
    expect(error.message).toMatch(/storage is full/);

    // Room again: the next save succeeds as if nothing happened.
    web.setItem = (key, value) => void web.map.set(key, value);
    await persistence.save([user('u1', 'hi'), user('u2', 'still here')], { immediate: true });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(JSON.parse(web.map.get('toolchat:chat:c1') ?? 'null').messages).toHaveLength(2);
  });
});

describe('given no localStorage at all (Node, some private modes)', () => {
  it('reports that it is unavailable instead of throwing into the chat', async () => {
    const onError = vi.fn();
    const persistence = createChatPersistence({ storage: localStorageStorage(), chatId: 'c1', onError });
    expect(await persistence.load()).toBeUndefined();
    expect((onError.mock.calls[0]?.[0] as Error).message).toMatch(/localStorage is not available/);
  });
});

describe('given an IndexedDB record of the wrong shape', () => {
  it('moves it aside, reports it, and leaves it out of the list', async () => {
    const dbName = 'toolchat-faults-idb';
    const storage = indexedDBStorage({ dbName, now: () => 9 });
    await storage.list(); // creates the database and store
    const db = await openDB(dbName);
    await db.put('chats', { version: 1, chatId: 'bad' }, 'bad');
    db.close();

    expect(await listChats(indexedDBStorage({ dbName }))).toEqual([]);
    const onError = vi.fn();
    const persistence = createChatPersistence({ storage, chatId: 'bad', onError });
    expect(await persistence.load()).toBeUndefined();
    expect((onError.mock.calls[0]?.[0] as CorruptChatRecordError).asideKey).toBe('bad.corrupt-9');
    const check = await openDB(dbName);
    expect(await check.get('chats', 'bad.corrupt-9')).toEqual({ version: 1, chatId: 'bad' });
    check.close();
  });
});

describe('given a direct save over a corrupt localStorage record', () => {
  it('moves the record aside and reports it instead of writing over it', async () => {
    const web = webStorageStub();
    web.map.set('toolchat:chat:c1', 'garbage');
    const storage = localStorageStorage({ storage: web, now: () => 5 });
    const record = { version: 2 as const, chatId: 'c1', revision: 1, updatedAt: '2025-01-01T00:00:00.000Z', messages: [] };
    const error = await Promise.resolve()
      .then(() => storage.save('c1', record))
      .then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorruptChatRecordError);
    expect(web.map.get('toolchat:chat:c1.corrupt-5')).toBe('garbage');
    await storage.save('c1', record);
    expect(await storage.load('c1')).toEqual(record);
  });
});

describe('given a record written by a newer toolchat', () => {
  const newer = JSON.stringify({ version: 7, chatId: 'c1', revision: 3, updatedAt: '2030-01-01T00:00:00.000Z', messages: [{ shape: 'from the future' }] });

  it('in localStorage: leaves it where it is, untouched, and says which version wrote it', async () => {
    const web = webStorageStub();
    web.map.set('toolchat:chat:c1', newer);
    const onError = vi.fn();
    const persistence = createChatPersistence({ storage: localStorageStorage({ storage: web }), chatId: 'c1', onError });

    expect(await persistence.load()).toBeUndefined();
    const error = onError.mock.calls[0]?.[0] as NewerChatRecordError;
    expect(error).toBeInstanceOf(NewerChatRecordError);
    expect(error.version).toBe(7);
    expect(error.message).toMatch(/written by a newer toolchat \(record version 7; this one reads up to 2\)/);

    // Saving never writes over it, and says so once.
    await persistence.save([user('u1', 'hello')], { immediate: true });
    await persistence.save([user('u1', 'hello'), user('u2', 'again')], { immediate: true });
    expect(web.map.get('toolchat:chat:c1')).toBe(newer);
    expect([...web.map.keys()]).toEqual(['toolchat:chat:c1']);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('in IndexedDB: leaves it where it is, untouched', async () => {
    const dbName = `newer-${Math.random()}`;
    const storage = indexedDBStorage({ dbName });
    await storage.list();
    const db = await openDB(dbName);
    const storeName = db.objectStoreNames[0]!;
    await db.put(storeName, JSON.parse(newer), 'c1');
    const onError = vi.fn();
    const persistence = createChatPersistence({ storage, chatId: 'c1', onError });

    expect(await persistence.load()).toBeUndefined();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(NewerChatRecordError);
    await persistence.save([user('u1', 'hello')], { immediate: true });
    expect(await db.get(storeName, 'c1')).toEqual(JSON.parse(newer));
    expect(await db.getAllKeys(storeName)).toEqual(['c1']);
    db.close();
  });
});
