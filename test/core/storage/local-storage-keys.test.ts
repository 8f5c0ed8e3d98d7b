import type { UIMessage } from 'ai';
import { ChatStorageConflictError, listChats, localStorageStorage, toCompactMessages, type ChatRecord, type WebStorageLike } from 'toolchat/core';

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

const messages: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the weather in Paris?' }] }];

function record(chatId: string, revision: number, title = `title of ${chatId}`): ChatRecord {
  return { version: 1, chatId, revision, updatedAt: '2025-01-01T00:00:00.000Z', title, messages: toCompactMessages(messages) };
}

describe('given localStorageStorage({ prefix: "my-app" })', () => {
  it('keys chat "main-chat" as "my-app:main-chat"', async () => {
    const web = webStorageStub();
    await localStorageStorage({ prefix: 'my-app', storage: web }).save('main-chat', record('main-chat', 1));
    expect([...web.map.keys()]).toEqual(['my-app:main-chat']);
  });

  it('still reads a chat an earlier version keyed "my-appmain-chat", and lists it once', async () => {
    const web = webStorageStub();
    web.map.set('my-appmain-chat', JSON.stringify(record('main-chat', 3)));
    const storage = localStorageStorage({ prefix: 'my-app', storage: web });
    expect(await storage.load('main-chat')).toMatchObject({ chatId: 'main-chat', revision: 3 });
    expect((await listChats(storage)).map((chat) => chat.chatId)).toEqual(['main-chat']);
  });

  it('moves that chat to the new key on its next save, checking the revision it had', async () => {
    const web = webStorageStub();
    web.map.set('my-appmain-chat', JSON.stringify(record('main-chat', 3)));
    const storage = localStorageStorage({ prefix: 'my-app', storage: web });
    await expect(async () => storage.save('main-chat', record('main-chat', 4), { expectedRevision: 2 })).rejects.toThrow(ChatStorageConflictError);
    expect([...web.map.keys()]).toEqual(['my-appmain-chat']);
    await storage.save('main-chat', record('main-chat', 4, 'moved'), { expectedRevision: 3 });
    expect([...web.map.keys()]).toEqual(['my-app:main-chat']);
    expect(await storage.load('main-chat')).toMatchObject({ revision: 4, title: 'moved' });
  });

  it('prefers the new key when a chat is under both, and removes both', async () => {
    const web = webStorageStub();
    web.map.set('my-appmain-chat', JSON.stringify(record('main-chat', 1, 'old')));
    web.map.set('my-app:main-chat', JSON.stringify(record('main-chat', 2, 'new')));
    const storage = localStorageStorage({ prefix: 'my-app', storage: web });
    expect(await storage.load('main-chat')).toMatchObject({ title: 'new' });
    expect(await listChats(storage)).toEqual([expect.objectContaining({ chatId: 'main-chat', title: 'new' })]);
    await storage.remove('main-chat');
    expect(web.map.size).toBe(0);
  });

  it('leaves keys of other prefixes alone', async () => {
    const web = webStorageStub();
    web.map.set('other:chat', JSON.stringify(record('chat', 1)));
    const storage = localStorageStorage({ prefix: 'my-app', storage: web });
    await storage.save('a', record('a', 1));
    expect(await listChats(storage)).toEqual([expect.objectContaining({ chatId: 'a' })]);
    expect(web.map.has('other:chat')).toBe(true);
  });
});

describe.each(['my-app:', 'my-app/', 'my-app-', 'toolchat:chat:'])('given a prefix that ends in a separator (%s)', (prefix) => {
  it('keys each chat as the prefix followed by its id, as before', async () => {
    const web = webStorageStub();
    await localStorageStorage({ prefix, storage: web }).save('main-chat', record('main-chat', 1));
    expect([...web.map.keys()]).toEqual([`${prefix}main-chat`]);
  });
});

describe('given no prefix', () => {
  it('keys chats under "toolchat:chat:"', async () => {
    const web = webStorageStub();
    await localStorageStorage({ storage: web }).save('main-chat', record('main-chat', 1));
    expect([...web.map.keys()]).toEqual(['toolchat:chat:main-chat']);
  });
});
