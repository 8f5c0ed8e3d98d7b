import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_RECORD_VERSION,
  createToolChat,
  indexedDBStorage,
  InvalidChatRecordError,
  localStorageStorage,
  memoryGrants,
  memoryStorage,
  migrate,
  toCompactMessages,
  type ChatRecord,
  type ChatStorage,
  type ToolChat,
  type WebStorageLike,
} from 'toolchat/core';
import { answer, scriptedTransport } from '../chat/script';

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

/** A storage of the app's own, as toolchat 0.1 documented it: it keeps what it is given, and may hold version 1 records. */
function customStorage(): ChatStorage & { raw: Map<string, unknown> } {
  const raw = new Map<string, unknown>();
  return {
    raw,
    load: (chatId) => structuredClone(raw.get(chatId)) as ChatRecord | undefined,
    save: (chatId, record) => void raw.set(chatId, structuredClone(record)),
    remove: (chatId) => void raw.delete(chatId),
    list: () => [],
  };
}

/** Records every write's size in bytes of JSON. */
function measured(storage: ChatStorage): ChatStorage & { writes: number[] } {
  const writes: number[] = [];
  return {
    writes,
    load: (chatId) => storage.load(chatId),
    save: (chatId, record, options) => {
      writes.push(JSON.stringify(record).length);
      return storage.save(chatId, record, options);
    },
    remove: (chatId) => storage.remove(chatId),
    list: () => storage.list(),
  };
}

const text = (message: UIMessage) => message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
const texts = (chat: ToolChat) => chat.getState().messages.map(text);
const idle = (chat: ToolChat) => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));

const thread: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '4.' }] },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And 3+3?' }] },
  { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: '6.' }] },
];

const storages: [string, () => ChatStorage][] = [
  ['memoryStorage', () => memoryStorage()],
  ['localStorageStorage', () => localStorageStorage({ storage: webStorageStub() })],
  ['indexedDBStorage', () => indexedDBStorage({ dbName: `branches-${Math.random()}` })],
  ['a custom storage', () => customStorage()],
];

describe.each(storages)('branches in %s', (_name, make) => {
  it('survive a reload: the versions, their tails, which one is shown, and the picker counts', async () => {
    const storage = make();
    const { transport } = scriptedTransport([answer('8.')]);
    const first = createToolChat({ id: 'c', storage, transport, grants: memoryGrants(), initialMessages: thread });
    await first.ready;
    await first.editMessage('u2', 'And 4+4?');
    await idle(first);
    first.dispose();
    await vi.waitFor(async () => expect((await storage.load('c'))?.branches?.[0]?.messages).toHaveLength(2));

    const { transport: none, requests } = scriptedTransport([]);
    const again = createToolChat({ id: 'c', storage, transport: none, grants: memoryGrants() });
    await again.ready;
    expect(texts(again)).toEqual(['What is 2+2?', '4.', 'And 4+4?', '8.']);
    expect(again.getBranches('u2')).toEqual({ index: 1, count: 2 });
    const kept = (await storage.load('c'))!.branches![0]!.messages[0]!.id;
    await again.switchBranch('u2', 0);
    expect(texts(again)).toEqual(['What is 2+2?', '4.', 'And 3+3?', '6.']);
    expect(again.getState().messages[2]!.id).toBe(kept);
    expect(requests).toHaveLength(0);
    // The switch is kept too.
    again.dispose();
    await vi.waitFor(async () => expect(text((await storage.load('c'))!.messages[2] as UIMessage)).toBe('And 3+3?'));
    const third = createToolChat({ id: 'c', storage, transport: none, grants: memoryGrants() });
    await third.ready;
    expect(texts(third)).toEqual(['What is 2+2?', '4.', 'And 3+3?', '6.']);
    expect(third.getBranches(kept)).toEqual({ index: 0, count: 2 });
    third.dispose();
  });
});

describe('a switch waiting in the throttle', () => {
  it('is written when the page goes away: a reload does not dispose the chat', async () => {
    const page = new EventTarget();
    const visibility = { visibilityState: 'visible' };
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
    vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
    vi.stubGlobal('document', visibility);
    const storage = customStorage();
    const { transport } = scriptedTransport([answer('8.'), answer('10.')]);
    // Renders unthrottled: the storage hears of each switch at once.
    const chat = createToolChat({ id: 'c', storage, transport, grants: memoryGrants(), initialMessages: thread, throttle: 0 });
    try {
      await chat.ready;
      await chat.editMessage('u2', 'And 4+4?');
      await idle(chat);
      await vi.waitFor(() => expect(text((storage.raw.get('c') as ChatRecord).messages[2] as UIMessage)).toBe('And 4+4?'));
      // The clock stands still: the switch's save waits in the throttle for as long as the test.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      await chat.switchBranch('u2', 0);
      await vi.advanceTimersByTimeAsync(100);
      expect(text((storage.raw.get('c') as ChatRecord).messages[2] as UIMessage)).toBe('And 4+4?');
      page.dispatchEvent(new Event('pagehide'));
      // Well inside the throttle's second: only the page going away wrote it.
      await vi.advanceTimersByTimeAsync(100);
      expect(text((storage.raw.get('c') as ChatRecord).messages[2] as UIMessage)).toBe('And 3+3?');

      // A tab put in the background (where mobile browsers end pages) writes it too.
      await chat.switchBranch('u2', 1);
      await vi.advanceTimersByTimeAsync(100);
      expect(text((storage.raw.get('c') as ChatRecord).messages[2] as UIMessage)).toBe('And 3+3?');
      page.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(100);
      expect(text((storage.raw.get('c') as ChatRecord).messages[2] as UIMessage)).toBe('And 3+3?');
      visibility.visibilityState = 'hidden';
      page.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(100);
      expect(text((storage.raw.get('c') as ChatRecord).messages[2] as UIMessage)).toBe('And 4+4?');
    } finally {
      chat.dispose();
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});

describe('a record of today (version 1)', () => {
  const v1 = { version: 1, chatId: 'c', revision: 3, updatedAt: '2026-01-01T00:00:00.000Z', title: 'What is 2+2?', messages: thread };

  it.each([
    ['localStorageStorage', () => {
      const web = webStorageStub();
      web.setItem('toolchat:chat:c', JSON.stringify(v1));
      return localStorageStorage({ storage: web });
    }],
    ['a custom storage', () => {
      const storage = customStorage();
      storage.raw.set('c', v1);
      return storage;
    }],
  ])('in %s loads as the path with no other version, and is written back as version 2 with the new branch', async (_name, make) => {
    const storage = make();
    const { transport } = scriptedTransport([answer('Four.')]);
    const chat = createToolChat({ id: 'c', storage, transport, grants: memoryGrants() });
    await chat.ready;
    expect(texts(chat)).toEqual(['What is 2+2?', '4.', 'And 3+3?', '6.']);
    expect(chat.getBranches('a2')).toEqual({ index: 0, count: 1 });
    await chat.regenerate();
    await idle(chat);
    chat.dispose();
    await vi.waitFor(async () => {
      const record = (await storage.load('c'))!;
      expect(record.version).toBe(CHAT_RECORD_VERSION);
      expect(record.revision).toBeGreaterThan(3);
      expect(record.branches).toEqual([{ parentId: 'u2', index: 0, messages: [expect.objectContaining({ id: 'a2' })] }]);
    });
  });

  it('is read by migrate as version 2', () => {
    expect(migrate(v1)).toMatchObject({ version: 2, chatId: 'c', revision: 3 });
    expect(migrate(v1).branches).toBeUndefined();
  });
});

describe('migrate with versions that do not make one tree', () => {
  const base = { version: 2, chatId: 'c', revision: 1, updatedAt: 'x', messages: thread };
  const node = (parentId: string | null, id: string, index = 0) => ({ parentId, index, messages: [{ id, role: 'assistant', parts: [] }] });
  it.each([
    ['a version answering a message the record lacks', [node('nope', 'x1')], /"x1" answers "nope"/],
    ['a version with the id of a message on the path', [node('u1', 'a2')], /"a2" is in the conversation twice/],
    ['two versions with one id', [node('u1', 'x1'), node('u1', 'x1', 1)], /"x1" is in the conversation twice/],
    ['versions answering each other only', [node('y1', 'x1'), node('x1', 'y1')], /answers/],
    ['a negative place', [node('u1', 'x1', -1)], /index/],
    ['a place that is not a whole number', [node('u1', 'x1', 0.5)], /index/],
    ['a version with no message', [{ parentId: 'u1', index: 1, messages: [] }], /messages/],
    ['a message twice down one version', [{ parentId: 'u1', index: 1, messages: [{ id: 'x1', role: 'assistant', parts: [] }, { id: 'x1', role: 'user', parts: [] }] }], /"x1" is in the conversation twice/],
  ])('refuses %s with an InvalidChatRecordError naming it', (_name, branches, message) => {
    expect(() => migrate({ ...base, branches })).toThrow(InvalidChatRecordError);
    expect(() => migrate({ ...base, branches })).toThrow(message);
  });
});

describe('what an edit writes', () => {
  it('grows the stored record by the new branch only, and a switch by nothing', async () => {
    const long = 'x'.repeat(400);
    const messages: UIMessage[] = Array.from({ length: 40 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      parts: [{ type: 'text', text: `${i}: ${long}` }],
    }));
    const storage = measured(memoryStorage());
    const { transport } = scriptedTransport([answer('A new short answer.')]);
    const chat = createToolChat({ id: 'c', storage, transport, grants: memoryGrants(), initialMessages: messages });
    await chat.ready;
    await chat.sendMessage('One more');
    await idle(chat);
    chat.dispose();
    await vi.waitFor(() => expect(storage.writes.length).toBeGreaterThan(0));
    const before = storage.writes.at(-1)!;
    const whole = JSON.stringify(messages).length;

    const { transport: next } = scriptedTransport([answer('Another answer.')]);
    const edited = createToolChat({ id: 'c', storage, transport: next, grants: memoryGrants() });
    await edited.ready;
    await edited.editMessage('m2', 'Short question');
    await idle(edited);
    await vi.waitFor(() => expect(storage.writes.length).toBeGreaterThan(1));
    const newBranch = JSON.stringify(toCompactMessages(edited.getState().messages.slice(2))).length;
    await edited.switchBranch('m2', 0);
    edited.dispose();
    await vi.waitFor(async () => expect(text((await storage.load('c'))!.messages[2] as UIMessage)).toContain('2: '));
    const afterEdit = storage.writes.at(-2)!;
    const afterSwitch = storage.writes.at(-1)!;

    // The edited message and its answer, and the kept version's place: nothing else is copied.
    expect(afterEdit - before).toBeGreaterThan(newBranch);
    expect(afterEdit - before).toBeLessThan(newBranch + 100);
    expect(whole).toBeGreaterThan(40 * newBranch);
    expect(Math.abs(afterSwitch - afterEdit)).toBeLessThan(50);
  });
});
