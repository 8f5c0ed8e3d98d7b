import type { UIMessage } from 'ai';
import { fromCompactMessages, toCompactMessages, type CompactConversation } from '../formats/tool-rounds';
import { ChatStorageConflictError, ChatStorageError, CorruptChatRecordError, NewerChatRecordError, toChatStorageError } from './errors';
import { interruptedToolCallIds } from './interrupted';
import { chatTitle } from './title';
import type { Branch } from '../tree/message-tree';
import { migrate } from './record';
import { CHAT_RECORD_VERSION, type ChatRecord, type ChatStorage } from './types';

export interface ChatPersistenceOptions {
  storage: ChatStorage;
  chatId: string;
  /** Every storage failure, corrupt record and conflict lands here; none is thrown into the chat. */
  onError?: (error: ChatStorageError) => void;
  /**
   * Least time between two writes of throttled saves (while streaming).
   * @default 1000
   */
  throttleMs?: number;
  /** @default Date.now */
  now?: () => number;
  /** @default globalThis.setTimeout */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** @default globalThis.clearTimeout */
  clearTimeout?: (handle: unknown) => void;
}

export interface ChatSaveRequestOptions {
  /**
   * Write now rather than throttled: for the user's message before the request goes out,
   * after each tool round, and at the end.
   * @default false
   */
  immediate?: boolean;
  /**
   * Overwrite even if another writer saved a newer revision (after the user chose to).
   * @default false
   */
  force?: boolean;
  /**
   * The other versions of the conversation (the messages off the path `messages`, as the chat's
   * tree gives them), kept in the record's `branches`.
   * @default none
   */
  branches?: readonly Branch[];
}

/** A chat restored from storage. */
export interface LoadedChat {
  messages: UIMessage[];
  revision: number;
  title?: string;
  /** Calls cut off by the reload: show them as interrupted; see `settleInterruptedToolCalls`. */
  interruptedToolCallIds: string[];
  /** The other versions the record keeps (its `branches`), as messages. */
  branches: Branch[];
}

export interface ChatPersistence {
  readonly chatId: string;
  /** The revision last read or written (0 before any). */
  readonly revision: number;
  /** Reads the chat; `undefined` when there is none or it could not be read (reported). */
  load(): Promise<LoadedChat | undefined>;
  /** Saves the conversation; resolves once this state (or a newer one) was written or failed. Never rejects. */
  save(messages: readonly UIMessage[], options?: ChatSaveRequestOptions): Promise<void>;
  /** Writes a throttled save now and waits for every pending write. */
  flush(): Promise<void>;
  /** Removes the stored chat. Never rejects. */
  remove(): Promise<void>;
  /** Flushes, then ignores further saves. */
  dispose(): Promise<void>;
}

/**
 * The compact form of each message, once per message object: the chat keeps the objects of
 * messages that do not change (every version off the path, the thread above a streaming
 * answer), so a save compacts only what changed.
 */
const compacted = new WeakMap<UIMessage, CompactConversation[number]>();
function compact(messages: readonly UIMessage[]): CompactConversation {
  return messages.map((message) => {
    let form = compacted.get(message);
    if (!form) compacted.set(message, (form = toCompactMessages([message])[0]!));
    return form;
  });
}

function foreignRecordError(chatId: string, found: string, operation: 'load' | 'save'): ChatStorageError {
  return new ChatStorageError(
    `The storage answered the record of chat "${found}" for chat "${chatId}": it was refused, and nothing was written over it.`,
    { operation, chatId },
  );
}

interface WriteJob {
  messages: readonly UIMessage[];
  force: boolean;
  branches?: readonly Branch[] | undefined;
}

/**
 * Saves and restores one chat through a `ChatStorage`, framework-free: compact records,
 * throttled writes while streaming, optimistic concurrency between tabs (a writer that read an
 * older revision reports a `ChatStorageConflictError` instead of overwriting), and every
 * failure reported through `onError`.
 */
export function createChatPersistence(options: ChatPersistenceOptions): ChatPersistence {
  const { storage, chatId } = options;
  const throttleMs = options.throttleMs ?? 1000;
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));

  let revision = 0;
  let disposed = false;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let timer: { handle: unknown; job: WriteJob; waiters: Array<() => void> } | undefined;
  let nextJob: WriteJob | undefined;
  let draining: Promise<void> | undefined;
  let reportedConflict: number | undefined;
  /** The storage answered another chat's record for this one: reported once, never written over. */
  let foreign = false;
  /** A newer toolchat wrote the stored record: it is never written over, and said once. */
  let newer: NewerChatRecordError | undefined;

  const report = (error: ChatStorageError) => {
    try {
      options.onError?.(error);
    } catch {
      // A throwing error handler must not break the chat either.
    }
  };

  function reportConflict(error: ChatStorageConflictError) {
    // Throttled saves would repeat the same conflict many times a second: report each once.
    const seen = error.record?.revision ?? -1;
    if (reportedConflict === seen) return;
    reportedConflict = seen;
    report(error);
  }

  async function write({ messages, force, branches }: WriteJob): Promise<void> {
    if (newer) return;
    let stored: ChatRecord | undefined;
    let movedAside = false;
    try {
      stored = await storage.load(chatId);
    } catch (error) {
      const failure = toChatStorageError(error, { operation: 'save', chatId });
      if (failure instanceof NewerChatRecordError) newer = failure;
      report(failure);
      // A corrupt record moved aside frees the key; one left in place must not be overwritten.
      if (!(failure instanceof CorruptChatRecordError && failure.asideKey !== undefined)) return;
      movedAside = true;
    }
    if (stored && stored.chatId !== chatId) {
      if (!foreign) report(foreignRecordError(chatId, stored.chatId, 'save'));
      foreign = true;
      return;
    }
    const storedRevision = stored?.revision ?? 0;
    if (!force && !movedAside && storedRevision !== revision) {
      reportConflict(new ChatStorageConflictError(chatId, revision, stored));
      return;
    }
    const base = movedAside ? revision : storedRevision;
    const title = chatTitle(messages as UIMessage[]);
    const record: ChatRecord = {
      version: CHAT_RECORD_VERSION,
      chatId,
      revision: base + 1,
      updatedAt: new Date(now()).toISOString(),
      ...(title ? { title } : {}),
      messages: compact(messages),
      ...(branches?.length ? { branches: branches.map((branch) => ({ ...branch, messages: compact(branch.messages) })) } : {}),
    };
    try {
      await storage.save(chatId, record, { expectedRevision: storedRevision });
      revision = record.revision;
      reportedConflict = undefined;
    } catch (error) {
      if (error instanceof ChatStorageConflictError) reportConflict(error);
      else report(toChatStorageError(error, { operation: 'save', chatId }));
    }
  }

  async function drain(): Promise<void> {
    try {
      while (nextJob) {
        const job = nextJob;
        nextJob = undefined;
        await write(job);
      }
    } finally {
      draining = undefined;
    }
  }

  /** Queues a write; writes never overlap and queued states collapse into the newest. */
  function enqueue(job: WriteJob): Promise<void> {
    lastWriteAt = now();
    nextJob = { messages: job.messages, force: job.force || (nextJob?.force ?? false), branches: job.branches };
    draining ??= drain();
    return draining;
  }

  function fireTimer(): Promise<void> {
    if (!timer) return Promise.resolve();
    const { handle, job, waiters } = timer;
    timer = undefined;
    clearTimer(handle);
    const done = enqueue(job);
    void done.then(() => waiters.forEach((resolve) => resolve()));
    return done;
  }

  async function flush(): Promise<void> {
    await fireTimer();
    while (draining) await draining;
  }

  return {
    chatId,
    get revision() {
      return revision;
    },

    async load() {
      try {
        const loaded = await storage.load(chatId);
        // A custom storage may answer a record of an older version: read as the current one.
        const record = loaded && loaded.version !== CHAT_RECORD_VERSION ? migrate(loaded, chatId) : loaded;
        if (record && record.chatId !== chatId) {
          // Shown, it would then be saved under this chat's id: refused, and never written over.
          foreign = true;
          report(foreignRecordError(chatId, record.chatId, 'load'));
          return undefined;
        }
        revision = record?.revision ?? 0;
        reportedConflict = undefined;
        if (!record) return undefined;
        const messages = fromCompactMessages(record.messages);
        return {
          messages,
          revision: record.revision,
          ...(record.title === undefined ? {} : { title: record.title }),
          interruptedToolCallIds: interruptedToolCallIds(messages),
          branches: (record.branches ?? []).map((branch) => ({ ...branch, messages: fromCompactMessages(branch.messages) })),
        };
      } catch (error) {
        const failure = toChatStorageError(error, { operation: 'load', chatId });
        // The unreadable record was moved aside: the chat starts afresh under its key.
        if (failure instanceof CorruptChatRecordError && failure.asideKey !== undefined) revision = 0;
        if (failure instanceof NewerChatRecordError) newer = failure;
        report(failure);
        return undefined;
      }
    },

    save(messages, saveOptions = {}) {
      if (disposed) return Promise.resolve();
      const job = { messages, force: saveOptions.force ?? false, branches: saveOptions.branches };
      if (saveOptions.immediate || throttleMs <= 0) {
        if (timer) {
          clearTimer(timer.handle);
          const { waiters } = timer;
          timer = undefined;
          const done = enqueue(job);
          void done.then(() => waiters.forEach((resolve) => resolve()));
          return done;
        }
        return enqueue(job);
      }
      if (timer) {
        timer.job = { messages, force: job.force || timer.job.force, branches: job.branches };
        return new Promise((resolve) => timer?.waiters.push(resolve));
      }
      const wait = lastWriteAt + throttleMs - now();
      if (wait <= 0) return enqueue(job);
      return new Promise((resolve) => {
        timer = { handle: setTimer(() => void fireTimer(), wait), job, waiters: [resolve] };
      });
    },

    flush,

    async remove() {
      if (timer) {
        clearTimer(timer.handle);
        timer.waiters.forEach((resolve) => resolve());
        timer = undefined;
      }
      nextJob = undefined;
      while (draining) await draining;
      try {
        await storage.remove(chatId);
        revision = 0;
      } catch (error) {
        report(toChatStorageError(error, { operation: 'remove', chatId }));
      }
    },

    async dispose() {
      disposed = true;
      await flush();
    },
  };
}
