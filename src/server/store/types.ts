import type { UIMessage } from 'ai';

/** One conversation in a user's list of threads. */
export interface ThreadSummary {
  chatId: string;
  /** The first user text, shortened, until the user renames the thread. */
  title: string;
  /** ISO 8601 time of creation. */
  createdAt: string;
  /** ISO 8601 time of the last message written. */
  updatedAt: string;
}

/** A thread with its messages, as the handler reads it before answering. */
export interface StoredThread extends ThreadSummary {
  messages: UIMessage[];
  /** The answer being streamed now, when resumable streams are on (see `ChatStreams`). */
  activeStreamId?: string;
}

/** What `saveMessages` writes: the messages from position `from` on replace the thread's tail. */
export interface MessageWrite {
  /** Position of the first message written; every stored message from there on is replaced. */
  from: number;
  messages: readonly UIMessage[];
}

/**
 * Where the server keeps conversations. Every method is scoped by the user who owns the thread:
 * another user's thread reads as absent (`undefined` / `false`) and is never written. Messages
 * are kept one row each, in the compact tool-round form of the browser's storage.
 */
export interface ConversationStore {
  /** The user's threads, newest first. */
  listThreads(userId: string): Promise<ThreadSummary[]>;
  /** The thread with its messages, or `undefined` when it does not exist for this user. */
  loadThread(userId: string, chatId: string): Promise<StoredThread | undefined>;
  /**
   * Writes messages (creating the thread for this user when it is new). Throws
   * `ThreadNotFoundError` when the id belongs to another user.
   */
  saveMessages(userId: string, chatId: string, write: MessageWrite): Promise<void>;
  /** Renames a thread; `undefined` when it does not exist for this user. */
  renameThread(userId: string, chatId: string, title: string): Promise<ThreadSummary | undefined>;
  /** Deletes a thread and its messages; `false` when it did not exist for this user. */
  deleteThread(userId: string, chatId: string): Promise<boolean>;
  /**
   * Records (or clears, with `null`) the answer being streamed now. With `ifCurrent`, only
   * when that stream is still the recorded one (a later answer may have replaced it).
   */
  setActiveStream(userId: string, chatId: string, streamId: string | null, ifCurrent?: string): Promise<void>;
  /** Closes the connection (or the embedded database). */
  close(): Promise<void>;
}

/** Thrown by `saveMessages` for an id another user owns; the handler answers it with a 404. */
export class ThreadNotFoundError extends Error {
  constructor(readonly chatId: string) {
    super(`No thread "${chatId.slice(0, 64)}"`);
    this.name = 'ThreadNotFoundError';
  }
}
