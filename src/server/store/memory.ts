import type { UIMessage } from 'ai';
import { chatTitle } from '../../core/storage/title';
import { ThreadNotFoundError, type ConversationStore, type StoredThread, type ThreadSummary } from './types';

interface Thread {
  userId: string;
  summary: ThreadSummary;
  messages: UIMessage[];
  activeStreamId?: string;
}

/**
 * Conversations in this process's memory, gone when it ends: for tests, stories and demos. The
 * same scoping as the SQL stores (another user's thread reads as absent, is never written).
 */
export function memoryConversationStore(options: { now?: () => Date } = {}): ConversationStore {
  const now = options.now ?? (() => new Date());
  const threads = new Map<string, Thread>();
  const owned = (userId: string, chatId: string) => {
    const thread = threads.get(chatId);
    return thread?.userId === userId ? thread : undefined;
  };
  return {
    async listThreads(userId) {
      return [...threads.values()]
        .filter((thread) => thread.userId === userId)
        .map((thread) => ({ ...thread.summary }))
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.chatId < b.chatId ? -1 : 1));
    },
    async loadThread(userId, chatId) {
      const thread = owned(userId, chatId);
      if (!thread) return undefined;
      const stored: StoredThread = { ...thread.summary, messages: structuredClone(thread.messages) };
      if (thread.activeStreamId) stored.activeStreamId = thread.activeStreamId;
      return stored;
    },
    async saveMessages(userId, chatId, { from, messages }) {
      const at = now().toISOString();
      let thread = threads.get(chatId);
      if (thread && thread.userId !== userId) throw new ThreadNotFoundError(chatId);
      if (!thread) {
        thread = { userId, summary: { chatId, title: '', createdAt: at, updatedAt: at }, messages: [] };
        threads.set(chatId, thread);
      }
      if (thread.summary.title === '' && from === 0) thread.summary.title = chatTitle(messages);
      thread.summary.updatedAt = at;
      thread.messages = [...thread.messages.slice(0, from), ...structuredClone([...messages])];
    },
    async renameThread(userId, chatId, title) {
      const thread = owned(userId, chatId);
      if (!thread) return undefined;
      thread.summary.title = title;
      return { ...thread.summary };
    },
    async deleteThread(userId, chatId) {
      return owned(userId, chatId) ? threads.delete(chatId) : false;
    },
    async setActiveStream(userId, chatId, streamId, ifCurrent) {
      const thread = owned(userId, chatId);
      if (!thread || (ifCurrent !== undefined && thread.activeStreamId !== ifCurrent)) return;
      if (streamId === null) delete thread.activeStreamId;
      else thread.activeStreamId = streamId;
    },
    async close() {},
  };
}
