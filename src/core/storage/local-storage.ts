import { ChatStorageConflictError, ChatStorageError, CorruptChatRecordError, NewerChatRecordError, newerRecordError, toChatStorageError } from './errors';
import { migrate } from './record';
import type { ChatRecord, ChatSaveOptions, ChatStorage, ChatSummary } from './types';

/** The part of the Web Storage API this adapter uses (`localStorage`, `sessionStorage`, a stub). */
export interface WebStorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface LocalStorageStorageOptions {
  /**
   * Prepended to each chat id to make its key.
   * @default 'toolchat:chat:'
   */
  prefix?: string;
  /**
   * The Web Storage to use.
   * @default globalThis.localStorage, looked up at each call
   */
  storage?: WebStorageLike;
  /**
   * The clock for the names of records moved aside.
   * @default Date.now
   */
  now?: () => number;
}

const CORRUPT_MARK = '.corrupt-';

/**
 * Chats in `localStorage` as JSON, one key per chat. A record that cannot be read is moved to
 * `<key>.corrupt-<timestamp>` and reported, never silently overwritten; a full storage
 * (quota) surfaces as a `ChatStorageError` with `quotaExceeded`.
 */
export function localStorageStorage(options: LocalStorageStorageOptions = {}): ChatStorage {
  const prefix = options.prefix ?? 'toolchat:chat:';
  const now = options.now ?? (() => Date.now());
  const keyOf = (chatId: string) => `${prefix}${chatId}`;

  function webStorage(operation: 'load' | 'save' | 'remove' | 'list', chatId?: string): WebStorageLike {
    if (options.storage) return options.storage;
    try {
      // Reading `localStorage` itself throws in some private modes and sandboxed frames.
      const storage = (globalThis as { localStorage?: WebStorageLike }).localStorage;
      if (storage) return storage;
    } catch (error) {
      throw toChatStorageError(error, { operation, chatId });
    }
    throw new ChatStorageError('localStorage is not available here; pass `storage` or use another adapter.', { operation, chatId });
  }

  /** Reads one record; an unreadable one is moved aside (or left in place if that fails) and reported. */
  function read(storage: WebStorageLike, chatId: string, operation: 'load' | 'save'): ChatRecord | undefined {
    const key = keyOf(chatId);
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    try {
      return migrate(JSON.parse(raw), chatId);
    } catch (error) {
      // A newer toolchat's record is not corrupt: it stays where it is.
      const newer = newerRecordError(error, chatId, operation);
      if (newer instanceof NewerChatRecordError) throw newer;
      const asideKey = `${key}${CORRUPT_MARK}${now()}`;
      let movedTo: string | undefined;
      try {
        storage.setItem(asideKey, raw);
        storage.removeItem(key);
        movedTo = asideKey;
      } catch {
        movedTo = undefined;
      }
      const where = movedTo ? `moved to "${movedTo}"` : 'left in place (it could not be moved aside)';
      const reason = error instanceof Error ? error.message : String(error);
      throw new CorruptChatRecordError(`The stored chat "${chatId}" could not be read and was ${where}: ${reason}`, {
        operation,
        chatId,
        asideKey: movedTo,
        cause: error,
      });
    }
  }

  return {
    load(chatId) {
      const storage = webStorage('load', chatId);
      try {
        return read(storage, chatId, 'load');
      } catch (error) {
        throw toChatStorageError(error, { operation: 'load', chatId });
      }
    },
    save(chatId: string, record: ChatRecord, saveOptions?: ChatSaveOptions) {
      const storage = webStorage('save', chatId);
      const expected = saveOptions?.expectedRevision;
      try {
        // Reading first also moves an unreadable record aside rather than writing over it.
        const stored = read(storage, chatId, 'save');
        if (expected !== undefined && (stored?.revision ?? 0) !== expected) {
          throw new ChatStorageConflictError(chatId, expected, stored);
        }
        storage.setItem(keyOf(chatId), JSON.stringify(record));
      } catch (error) {
        throw toChatStorageError(error, { operation: 'save', chatId });
      }
    },
    remove(chatId) {
      const storage = webStorage('remove', chatId);
      try {
        storage.removeItem(keyOf(chatId));
      } catch (error) {
        throw toChatStorageError(error, { operation: 'remove', chatId });
      }
    },
    list() {
      const storage = webStorage('list');
      try {
        const keys: string[] = [];
        for (let index = 0; index < storage.length; index++) {
          const key = storage.key(index);
          if (key !== null && key.startsWith(prefix) && !key.includes(CORRUPT_MARK)) keys.push(key);
        }
        const summaries: ChatSummary[] = [];
        for (const key of keys) {
          const chatId = key.slice(prefix.length);
          try {
            const raw = storage.getItem(key);
            if (raw === null) continue;
            const { title, updatedAt } = migrate(JSON.parse(raw), chatId);
            summaries.push({ chatId, title: title ?? '', updatedAt });
          } catch {
            // An unreadable chat is left out of the list; loading it reports it and moves it aside.
          }
        }
        return summaries;
      } catch (error) {
        throw toChatStorageError(error, { operation: 'list' });
      }
    },
  };
}
