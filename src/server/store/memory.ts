import type { UIMessage } from 'ai';
import { chatTitle } from '../../core/storage/title';
import type { ConversationStore, StoredThread, ThreadSummary, WriteOutcome } from './types';

interface Thread {
  userId: string;
  summary: ThreadSummary;
  messages: UIMessage[];
  version: number;
  answer?: { id: string; expiresAt: number };
  /** Deleted threads keep their id, so that nothing writes it again. */
  deleted: boolean;
}

/**
 * Conversations in this process's memory, gone when it ends: for tests, stories and demos. The
 * same rules as the SQL stores: another user's thread reads as absent and is never written,
 * every write checks the version it read and the answer in flight, a deleted thread stays
 * deleted. Every method runs to its end without awaiting, so each is atomic.
 */
export function memoryConversationStore(options: { now?: () => Date } = {}): ConversationStore {
  const now = options.now ?? (() => new Date());
  const threads = new Map<string, Thread>();
  const owned = (userId: string, chatId: string) => {
    const thread = threads.get(chatId);
    return thread?.userId === userId && !thread.deleted ? thread : undefined;
  };
  const live = (thread: Thread) => (thread.answer && thread.answer.expiresAt > now().getTime() ? thread.answer : undefined);

  return {
    async listThreads(userId) {
      return [...threads.values()]
        .filter((thread) => thread.userId === userId && !thread.deleted)
        .map((thread) => ({ ...thread.summary }))
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.chatId < b.chatId ? -1 : 1));
    },

    async loadThread(userId, chatId) {
      const thread = owned(userId, chatId);
      if (!thread) return undefined;
      const stored: StoredThread = { ...thread.summary, messages: structuredClone(thread.messages), version: thread.version };
      const answer = live(thread);
      if (answer) stored.activeAnswerId = answer.id;
      return stored;
    },

    async writeThread(userId, chatId, write): Promise<WriteOutcome> {
      const at = now().toISOString();
      let thread = threads.get(chatId);
      if (thread && (thread.userId !== userId || thread.deleted)) return { ok: false, reason: 'not-found' };
      if ((thread?.version ?? 0) !== write.expectedVersion) return { ok: false, reason: 'conflict' };
      const claim = write.answer;
      const current = thread && live(thread);
      if (claim && 'end' in claim) {
        if (current?.id !== claim.end) return { ok: false, reason: 'conflict' };
      } else if (current) {
        return { ok: false, reason: 'busy' };
      }
      const base = thread?.messages ?? [];
      const from = write.after === null ? 0 : base.findIndex((message) => message.id === write.after) + 1;
      if (from === 0 && write.after !== null) return { ok: false, reason: 'conflict' };

      if (!thread) {
        thread = { userId, summary: { chatId, title: '', createdAt: at, updatedAt: at }, messages: [], version: 0, deleted: false };
        threads.set(chatId, thread);
      }
      if (thread.summary.title === '' && write.after === null) thread.summary.title = chatTitle(write.messages);
      thread.summary.updatedAt = at;
      thread.messages = [...base.slice(0, from), ...structuredClone([...write.messages])];
      thread.version++;
      if (claim && 'start' in claim) thread.answer = { id: claim.start, expiresAt: claim.expiresAt.getTime() };
      else if (claim) delete thread.answer;
      return { ok: true, version: thread.version };
    },

    async renewAnswer(userId, chatId, answerId, expiresAt) {
      const thread = owned(userId, chatId);
      const current = thread && live(thread);
      if (!thread || current?.id !== answerId) return false;
      thread.answer = { id: answerId, expiresAt: expiresAt.getTime() };
      return true;
    },

    async renameThread(userId, chatId, title) {
      const thread = owned(userId, chatId);
      if (!thread) return undefined;
      thread.summary.title = title;
      return { ...thread.summary };
    },

    async deleteThread(userId, chatId) {
      const thread = owned(userId, chatId);
      if (!thread) return false;
      thread.deleted = true;
      thread.messages = [];
      thread.summary.title = '';
      thread.version++;
      delete thread.answer;
      return true;
    },

    async close() {},
  };
}
