import { ChatStorageConflictError } from './errors';
import type { ChatRecord, ChatSaveOptions, ChatStorage, ChatSummary } from './types';

/** A storage that lives as long as the page: for tests, stories and chats not meant to survive a reload. */
export function memoryStorage(): ChatStorage {
  // Copies in and out, as a real storage would, so callers cannot change what is stored.
  const records = new Map<string, ChatRecord>();
  return {
    load: (chatId) => {
      const record = records.get(chatId);
      return record && structuredClone(record);
    },
    save: (chatId: string, record: ChatRecord, options?: ChatSaveOptions) => {
      const stored = records.get(chatId);
      if (options?.expectedRevision !== undefined && (stored?.revision ?? 0) !== options.expectedRevision) {
        throw new ChatStorageConflictError(chatId, options.expectedRevision, stored && structuredClone(stored));
      }
      records.set(chatId, structuredClone(record));
    },
    remove: (chatId) => {
      records.delete(chatId);
    },
    list: (): ChatSummary[] =>
      [...records.values()].map(({ chatId, title, updatedAt }) => ({ chatId, title: title ?? '', updatedAt })),
  };
}
