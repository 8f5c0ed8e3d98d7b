import { toChatStorageError } from './errors';
import type { ChatStorage, ChatSummary } from './types';

/** The stored chats, newest first. Rejects with a `ChatStorageError` if the storage fails. */
export async function listChats(storage: ChatStorage): Promise<ChatSummary[]> {
  let summaries: ChatSummary[];
  try {
    summaries = await storage.list();
  } catch (error) {
    throw toChatStorageError(error, { operation: 'list' });
  }
  return summaries
    .map(({ chatId, title, updatedAt }) => ({ chatId, title, updatedAt }))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}
