import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import {
  CHAT_RECORD_VERSION,
  ChatStorageConflictError,
  indexedDBStorage,
  listChats,
  localStorageStorage,
  memoryStorage,
  toCompactMessages,
  type ChatRecord,
  type ChatStorage,
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

const messages: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the weather in Paris?' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'text', text: 'Checking.', state: 'done' },
      { type: 'tool-getWeather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { temp: 21 } },
      { type: 'step-start' },
      { type: 'text', text: 'It is 21°C.', state: 'done' },
    ],
  },
];

function record(chatId: string, revision: number, updatedAt: string): ChatRecord {
  return { version: CHAT_RECORD_VERSION, chatId, revision, updatedAt, title: `title of ${chatId}`, messages: toCompactMessages(messages) };
}

let dbCount = 0;
const adapters: Array<[string, () => ChatStorage]> = [
  ['memoryStorage', () => memoryStorage()],
  ['localStorageStorage', () => localStorageStorage({ storage: webStorageStub() })],
  ['indexedDBStorage', () => indexedDBStorage({ dbName: `toolchat-test-${++dbCount}` })],
];

describe.each(adapters)('%s', (_name, create) => {
  it('gives back what was saved, in compact form', async () => {
    const storage = create();
    const saved = record('chat-1', 1, '2025-01-01T00:00:00.000Z');
    await storage.save('chat-1', saved);
    const loaded = await storage.load('chat-1');
    expect(loaded).toEqual(saved);
    expect(loaded?.messages[1]).toHaveProperty('toolRounds');
  });

  it('returns undefined for an unknown chat and after remove', async () => {
    const storage = create();
    expect(await storage.load('nope')).toBeUndefined();
    await storage.save('chat-1', record('chat-1', 1, '2025-01-01T00:00:00.000Z'));
    await storage.remove('chat-1');
    expect(await storage.load('chat-1')).toBeUndefined();
  });

  it('keeps two chats apart and lists them newest first', async () => {
    const storage = create();
    await storage.save('old', record('old', 1, '2025-01-01T00:00:00.000Z'));
    await storage.save('new', record('new', 3, '2025-02-01T00:00:00.000Z'));
    expect((await storage.load('old'))?.revision).toBe(1);
    expect((await storage.load('new'))?.revision).toBe(3);
    expect(await listChats(storage)).toEqual([
      { chatId: 'new', title: 'title of new', updatedAt: '2025-02-01T00:00:00.000Z' },
      { chatId: 'old', title: 'title of old', updatedAt: '2025-01-01T00:00:00.000Z' },
    ]);
  });

  it('refuses a save that expected an older revision, and keeps the newer record', async () => {
    const storage = create();
    await storage.save('chat-1', record('chat-1', 2, '2025-01-02T00:00:00.000Z'));
    const attempt = Promise.resolve().then(() =>
      storage.save('chat-1', record('chat-1', 2, '2025-01-03T00:00:00.000Z'), { expectedRevision: 1 }),
    );
    const error = await attempt.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatStorageConflictError);
    expect((error as ChatStorageConflictError).record?.revision).toBe(2);
    expect((await storage.load('chat-1'))?.updatedAt).toBe('2025-01-02T00:00:00.000Z');
    await storage.save('chat-1', record('chat-1', 3, '2025-01-04T00:00:00.000Z'), { expectedRevision: 2 });
    expect((await storage.load('chat-1'))?.revision).toBe(3);
  });
});

describe('indexedDBStorage', () => {
  it('shares chats between two adapters on the same database (two tabs)', async () => {
    const dbName = `toolchat-shared-${++dbCount}`;
    const first = indexedDBStorage({ dbName });
    const second = indexedDBStorage({ dbName });
    await first.save('chat-1', record('chat-1', 1, '2025-01-01T00:00:00.000Z'));
    expect((await second.load('chat-1'))?.revision).toBe(1);
  });

  it('adds its store to an existing database that lacks it', async () => {
    const dbName = `toolchat-stores-${++dbCount}`;
    await indexedDBStorage({ dbName, storeName: 'a' }).save('x', record('x', 1, '2025-01-01T00:00:00.000Z'));
    const other = indexedDBStorage({ dbName, storeName: 'b' });
    await other.save('y', record('y', 1, '2025-01-01T00:00:00.000Z'));
    expect((await other.load('y'))?.chatId).toBe('y');
    expect((await indexedDBStorage({ dbName, storeName: 'a' }).load('x'))?.chatId).toBe('x');
  });
});
