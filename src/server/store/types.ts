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
  /**
   * Bumped by every write of the thread's messages (not by a rename): a writer passes the
   * version it read as `ThreadWrite.expectedVersion`, and a write from an older read is refused.
   */
  version: number;
  /**
   * The answer being produced now, by any instance: its id (also the id its resumable stream is
   * kept under) while its claim has not expired. At most one per thread.
   */
  activeAnswerId?: string;
}

/**
 * One write of a thread, applied whole or not at all. Messages are placed by id, not by
 * position: `messages` follow the message `after` and replace every message that followed it.
 */
export interface ThreadWrite {
  /**
   * The `version` of the thread the writer read (0 for a thread that does not exist yet, which
   * the write then creates for this user). Any other version refuses the write (`conflict`).
   */
  expectedVersion: number;
  /** The id of the stored message the written ones follow; `null` for the start of the thread. */
  after: string | null;
  messages: readonly UIMessage[];
  /**
   * Claims the thread's one answer in flight (`start`: refused with `busy` while another's
   * claim is live), or ends the claim this writer holds (`end`: refused with `conflict` when it
   * is not the live one any more). Without it, the write is refused while any answer is live.
   */
  answer?: { start: string; expiresAt: Date } | { end: string };
}

/** What a `ThreadWrite` came to. */
export type WriteOutcome =
  | { ok: true; version: number }
  /**
   * `not-found`: no such thread for this user (another user's, or deleted: a deleted thread is
   * never written again). `conflict`: the thread changed since `expectedVersion` was read, the
   * message `after` is not in it, or the answer's claim was lost. `busy`: another answer is in
   * flight.
   */
  | { ok: false; reason: 'not-found' | 'conflict' | 'busy' };

/**
 * Where the server keeps conversations. Every method is scoped by the user who owns the thread:
 * another user's thread reads as absent (`undefined` / `false`) and is never written. A deleted
 * thread stays deleted: its id is never written again. Messages are kept one row each, in the
 * compact tool-round form of the browser's storage. Throwing means the store failed (the
 * handler answers `503`); a refused write is an outcome, not an error.
 */
export interface ConversationStore {
  /** The user's threads, newest first. */
  listThreads(userId: string): Promise<ThreadSummary[]>;
  /** The thread with its messages, or `undefined` when it does not exist for this user. */
  loadThread(userId: string, chatId: string): Promise<StoredThread | undefined>;
  /** Writes messages, checking the version read and the answer in flight, in one atomic step. */
  writeThread(userId: string, chatId: string, write: ThreadWrite): Promise<WriteOutcome>;
  /**
   * Extends the claim of the answer `answerId` until `expiresAt`. `false` when it is no longer
   * the thread's live answer (the thread was deleted, or the claim expired and another took it).
   */
  renewAnswer(userId: string, chatId: string, answerId: string, expiresAt: Date): Promise<boolean>;
  /** Renames a thread; `undefined` when it does not exist for this user. */
  renameThread(userId: string, chatId: string, title: string): Promise<ThreadSummary | undefined>;
  /**
   * Deletes a thread's messages and ends its answer's claim, for good: the id stays taken and
   * every later write of it is refused (`not-found`). `false` when it did not exist for this user.
   */
  deleteThread(userId: string, chatId: string): Promise<boolean>;
  /** Closes the connection (or the embedded database). */
  close(): Promise<void>;
}
