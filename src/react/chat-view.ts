import type { Chat } from '@ai-sdk/react';
import type { ChatStatus, UIMessage } from 'ai';
import type { ToolLoop } from '../core/loop/tool-loop';
import { throttle } from './throttle';

/** What a component renders of a session, published as one value. */
export interface ChatViewSnapshot {
  messages: UIMessage[];
  status: ChatStatus;
  error: Error | undefined;
  /** The loop's version: changes whenever a tool run does. */
  version: number;
}

/** A `useSyncExternalStore` source over a chat and its loop. */
export interface ChatView {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatViewSnapshot;
}

/**
 * Messages, status, error and tool runs, published together at most once every `wait()` ms.
 * `useChat` throttles only the messages: its status and error commit at once, so the start and
 * the end of every stream cost extra commits inside one frame. Here the first change after a
 * quiet window is published at once, and any change within `wait` ms of the last publish waits
 * for the end of that window.
 */
export function createChatView(chat: Chat<UIMessage>, loop: ToolLoop, wait: () => number): ChatView {
  const listeners = new Set<() => void>();
  let snapshot = read();
  let unregister: (() => void) | undefined;
  // Every listener, even when a render already read the change: each compares with what it
  // rendered itself, and a second component of the same chat may not have. The first change
  // after a quiet window goes out at once: inside an event handler (Send) React folds it into
  // the handler's own commit.
  const schedule = throttle(() => {
    for (const listener of listeners) listener();
  }, wait);

  function read(): ChatViewSnapshot {
    return { messages: chat.messages, status: chat.status, error: chat.error, version: loop.getVersion() };
  }

  function refresh(): void {
    const next = read();
    if (!sameSnapshot(next, snapshot)) snapshot = next;
  }

  function register(): () => void {
    const unsubscribes = [
      chat['~registerMessagesCallback'](schedule),
      chat['~registerStatusCallback'](schedule),
      chat['~registerErrorCallback'](schedule),
      loop.subscribe(schedule),
    ];
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      schedule.cancel();
    };
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      unregister ??= register();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unregister?.();
        unregister = undefined;
      };
    },
    getSnapshot() {
      // Always the live state: the throttle decides when React looks, not what it sees, so a
      // render for any reason (the Send handler's own commit) shows the newest messages.
      refresh();
      return snapshot;
    },
  };
}

function sameSnapshot(a: ChatViewSnapshot, b: ChatViewSnapshot): boolean {
  return a.messages === b.messages && a.status === b.status && a.error === b.error && a.version === b.version;
}
