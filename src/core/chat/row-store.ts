import type { AnswerEnding } from '../loop/loop-state';
import { createListeners, type ReadableStore } from './listeners';
import type { ToolCallView, ToolChatOptions, ToolChatSnapshot } from './types';

/**
 * What a message row shows besides its message: a new object only when one of these changed,
 * never per streamed token. Rows select their slice of it (`chat.rows`), so a token costs the
 * rows of a long thread nothing.
 */
export interface ToolChatRows {
  /** Every call's view, by id (`getToolCalls()`). */
  calls: ReadonlyMap<string, ToolCallView>;
  /** How answers ended when they did not simply finish, by message id (`loop.endings`). */
  endings: ReadonlyMap<string, AnswerEnding>;
  /**
   * The last message when it is an answer: the one that offers the way on (Continue, Run again,
   * Regenerate) while the chat is not `busy`.
   */
  lastAnswerId: string | undefined;
  /** The answer the model is writing now (the last one, while the loop works on it). */
  streamingId: string | undefined;
  /** The chat is at work or waiting for someone (`busy` of the snapshot). */
  busy: boolean;
  /** The chat's `labels` as given: the same object while they read the same. */
  labels: ToolChatOptions['labels'];
}

interface RowSources {
  readonly options: ToolChatOptions;
  /** The loop works (not counting the user's messages on their way), in the snapshot `getState` read last. */
  working(): boolean;
  getState(): ToolChatSnapshot;
  getToolCalls(): ReadonlyMap<string, ToolCallView>;
  subscribe(listener: () => void): () => void;
}

/** The chat's row store, made with the chat: it listens to the chat only while a row listens to it. */
export function createRowStore(chat: RowSources): ReadableStore<ToolChatRows> {
  let current: ToolChatRows | undefined;
  const read = (): ToolChatRows => {
    const { loop, busy, messages } = chat.getState();
    const calls = chat.getToolCalls();
    const last = messages.at(-1);
    const lastAnswerId = last?.role === 'assistant' ? last.id : undefined;
    const streamingId = chat.working() ? lastAnswerId : undefined;
    const { labels } = chat.options;
    if (
      current?.calls !== calls ||
      current.endings !== loop.endings ||
      current.lastAnswerId !== lastAnswerId ||
      current.streamingId !== streamingId ||
      current.busy !== busy ||
      current.labels !== labels
    ) {
      current = { calls, endings: loop.endings, lastAnswerId, streamingId, busy, labels };
    }
    return current;
  };
  const listeners = createListeners();
  let unsubscribe: (() => void) | undefined;
  return {
    getState: read,
    subscribe(listener) {
      if (!unsubscribe) {
        let seen = read();
        unsubscribe = chat.subscribe(() => {
          if (seen !== (seen = read())) listeners.emit();
        });
      }
      const remove = listeners.subscribe(listener);
      return () => {
        remove();
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
      };
    },
  };
}
