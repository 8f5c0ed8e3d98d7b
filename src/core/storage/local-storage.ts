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
   * Prepended to each chat id to make its key. A prefix that ends in a letter or digit gets a
   * `:` between it and the id (`'my-app'` keys chat `main` as `my-app:main`); keys written by
   * earlier versions without it (`my-appmain`) are still read, and moved on the next save.
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

/** The prefix with a separator before the id, unless it already ends in one (`:`, `/`, `-`, …). */
function withSeparator(prefix: string): string {
  return /[\p{L}\p{N}]$/u.test(prefix) ? `${prefix}:` : prefix;
}

/**
 * Chats in `localStorage` as JSON, one key per chat. A record that cannot be read is moved to
 * `<key>.corrupt-<timestamp>` and reported, never silently overwritten; a full storage
 * (quota) surfaces as a `ChatStorageError` with `quotaExceeded`.
 */
export function localStorageStorage(options: LocalStorageStorageOptions = {}): ChatStorage {
  const givenPrefix = options.prefix ?? 'toolchat:chat:';
  const prefix = withSeparator(givenPrefix);
  // Earlier versions joined the prefix and the id as given: their keys are read until re-saved.
  const legacyPrefix = givenPrefix === prefix ? undefined : givenPrefix;
  const now = options.now ?? (() => Date.now());
  const keyOf = (chatId: string) => `${prefix}${chatId}`;
  const keysOf = (chatId: string) => (legacyPrefix === undefined ? [keyOf(chatId)] : [keyOf(chatId), `${legacyPrefix}${chatId}`]);

  /** The stored text of a chat and the key it is under: the current key first, then the old one. */
  function find(storage: WebStorageLike, chatId: string): { key: string; raw: string } | undefined {
    for (const key of keysOf(chatId)) {
      const raw = storage.getItem(key);
      if (raw !== null) return { key, raw };
    }
    return undefined;
  }

  /** The chat id a key holds, or undefined for keys of other prefixes and records moved aside. */
  function chatIdOf(key: string): { chatId: string; legacy: boolean } | undefined {
    if (key.includes(CORRUPT_MARK)) return undefined;
    if (key.startsWith(prefix)) return { chatId: key.slice(prefix.length), legacy: false };
    if (legacyPrefix !== undefined && key.startsWith(legacyPrefix)) return { chatId: key.slice(legacyPrefix.length), legacy: true };
    return undefined;
  }

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
    const found = find(storage, chatId);
    if (found === undefined) return undefined;
    const { key, raw } = found;
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
        const key = keyOf(chatId);
        storage.setItem(key, JSON.stringify(record));
        for (const old of keysOf(chatId)) if (old !== key) storage.removeItem(old);
      } catch (error) {
        throw toChatStorageError(error, { operation: 'save', chatId });
      }
    },
    remove(chatId) {
      const storage = webStorage('remove', chatId);
      try {
        for (const key of keysOf(chatId)) storage.removeItem(key);
      } catch (error) {
        throw toChatStorageError(error, { operation: 'remove', chatId });
      }
    },
    list() {
      const storage = webStorage('list');
      try {
        // A chat under both keys (a write of an older version after a newer one) is listed once.
        const keys = new Map<string, string>();
        for (let index = 0; index < storage.length; index++) {
          const key = storage.key(index);
          const owner = key === null ? undefined : chatIdOf(key);
          if (key === null || owner === undefined) continue;
          if (!owner.legacy || !keys.has(owner.chatId)) keys.set(owner.chatId, key);
        }
        const summaries: ChatSummary[] = [];
        for (const [chatId, key] of keys) {
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
