import { openDB, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import {
  ChatStorageConflictError,
  CorruptChatRecordError,
  NewerChatRecordError,
  newerRecordError,
  toChatStorageError,
  type ChatStorageOperation,
} from './errors';
import { migrate } from './record';
import type { ChatRecord, ChatSaveOptions, ChatStorage, ChatSummary } from './types';

export interface IndexedDBStorageOptions {
  /** @default 'toolchat' */
  dbName?: string;
  /** @default 'chats' */
  storeName?: string;
  /**
   * The clock for the keys of records moved aside.
   * @default Date.now
   */
  now?: () => number;
}

type Store = IDBPObjectStore<unknown, [string], string, 'readwrite'>;

const CORRUPT_MARK = '.corrupt-';

/**
 * Chats in IndexedDB (through `idb`), one entry per chat keyed by its id: no size limit worth
 * the name, and a save that checks the stored revision in the same transaction as it writes.
 * An unreadable record is moved to `<chatId>.corrupt-<timestamp>` and reported.
 */
export function indexedDBStorage(options: IndexedDBStorageOptions = {}): ChatStorage {
  const dbName = options.dbName ?? 'toolchat';
  const storeName = options.storeName ?? 'chats';
  const now = options.now ?? (() => Date.now());
  let connection: Promise<IDBPDatabase> | undefined;

  async function open(): Promise<IDBPDatabase> {
    const callbacks = {
      upgrade(db: IDBPDatabase) {
        if (!db.objectStoreNames.contains(storeName)) db.createObjectStore(storeName);
      },
      // Another tab wants a newer schema: let it, and reopen on the next call.
      blocking() {
        void connection?.then((db) => db.close());
        connection = undefined;
      },
      terminated() {
        connection = undefined;
      },
    };
    const db = await openDB(dbName, undefined, callbacks);
    if (db.objectStoreNames.contains(storeName)) return db;
    // The database exists without our store (another store name): add it in a new version.
    const version = db.version + 1;
    db.close();
    return openDB(dbName, version, callbacks);
  }

  async function withStore<T>(operation: ChatStorageOperation, chatId: string | undefined, body: (store: Store) => Promise<T>): Promise<T> {
    try {
      connection ??= open();
      const db = await connection;
      const tx = db.transaction(storeName, 'readwrite');
      let result: T;
      try {
        result = await body(tx.store as unknown as Store);
      } catch (error) {
        await tx.done.catch(() => undefined);
        throw error;
      }
      await tx.done;
      return result;
    } catch (error) {
      throw toChatStorageError(error, { operation, chatId });
    }
  }

  async function read(store: Store, chatId: string, operation: 'load' | 'save'): Promise<ChatRecord | undefined> {
    const value: unknown = await store.get(chatId);
    if (value === undefined) return undefined;
    try {
      return migrate(value, chatId);
    } catch (error) {
      // A newer toolchat's record is not corrupt: it stays where it is.
      const newer = newerRecordError(error, chatId, operation);
      if (newer instanceof NewerChatRecordError) throw newer;
      const asideKey = `${chatId}${CORRUPT_MARK}${now()}`;
      await store.put(value, asideKey);
      await store.delete(chatId);
      const reason = error instanceof Error ? error.message : String(error);
      throw new CorruptChatRecordError(`The stored chat "${chatId}" could not be read and was moved to "${asideKey}": ${reason}`, {
        operation,
        chatId,
        asideKey,
        cause: error,
      });
    }
  }

  return {
    load: (chatId) => withStore('load', chatId, (store) => read(store, chatId, 'load')),
    save: (chatId: string, record: ChatRecord, saveOptions?: ChatSaveOptions) =>
      withStore('save', chatId, async (store) => {
        const expected = saveOptions?.expectedRevision;
        // Reading first also moves an unreadable record aside rather than writing over it.
        const stored = await read(store, chatId, 'save');
        if (expected !== undefined && (stored?.revision ?? 0) !== expected) {
          throw new ChatStorageConflictError(chatId, expected, stored);
        }
        await store.put(record, chatId);
      }),
    remove: (chatId) => withStore('remove', chatId, (store) => store.delete(chatId)),
    list: () =>
      withStore('list', undefined, async (store) => {
        const summaries: ChatSummary[] = [];
        let cursor = await store.openCursor();
        while (cursor) {
          const chatId = String(cursor.key);
          if (!chatId.includes(CORRUPT_MARK)) {
            try {
              const { title, updatedAt } = migrate(cursor.value, chatId);
              summaries.push({ chatId, title: title ?? '', updatedAt });
            } catch {
              // Left out of the list; loading it reports it and moves it aside.
            }
          }
          cursor = await cursor.continue();
        }
        return summaries;
      }),
  };
}
