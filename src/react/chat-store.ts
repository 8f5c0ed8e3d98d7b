import type { Chat } from '@ai-sdk/react';
import type { ChatStatus, UIMessage } from 'ai';
import { deriveActivity } from '../core/loop/derive-activity';
import type { LoopState } from '../core/loop/loop-state';
import { DEFAULT_MAX_TOOL_ROUNDS } from '../core/loop/rounds';
import type { ToolLoop } from '../core/loop/tool-loop';
import { describeActivity, sameActivity, statusLabels, type Activity } from './activity';
import type { ToolLabels } from './labels';
import { throttle } from './throttle';

/** Everything a chat shows, published as one value. */
export interface ChatSnapshot {
  messages: UIMessage[];
  status: ChatStatus;
  error: Error | undefined;
  loop: LoopState;
  activity: Activity;
}

/** What the store reads of the chat's options, at each snapshot. */
export interface ChatStoreOptions {
  throttle: number;
  labels: Partial<ToolLabels> | undefined;
  toolMarkers: 'on' | 'off' | undefined;
  maxToolRounds: number | undefined;
}

/** One store per chat: the AI SDK chat and the tool loop, read together. */
export interface ChatStore {
  /** For `useSyncExternalStore`: listeners hear of changes at most once per `throttle` ms. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatSnapshot;
  /**
   * For observers that must see every change of activity (`onStatus`, storage), also those
   * too brief to render: a status or loop change reaches them at once, streamed text at the
   * render pace. A watcher reads `getSnapshot()` only if it needs it, so the activity is not
   * derived for watchers with nothing to do.
   */
  watch(watcher: () => void): () => void;
  dispose(): void;
}

/**
 * Messages, status, error, the loop's state and the activity derived from them, published
 * together. Renders are throttled: the first change after a quiet window goes out at once (in
 * an event handler React folds it into the handler's own commit), any change within `throttle`
 * ms of the last waits for the end of that window. This is the one place that touches the AI
 * SDK's `~register…Callback` internals.
 */
export function createChatStore(chat: Chat<UIMessage>, loop: ToolLoop, options: () => ChatStoreOptions): ChatStore {
  const listeners = new Set<() => void>();
  const watchers = new Set<() => void>();
  let snapshot: ChatSnapshot | undefined;

  function read(): ChatSnapshot {
    const { messages, status, error } = chat;
    const state = loop.state;
    if (snapshot && snapshot.messages === messages && snapshot.status === status && snapshot.error === error && snapshot.loop === state) {
      return snapshot;
    }
    const { labels, toolMarkers, maxToolRounds = DEFAULT_MAX_TOOL_ROUNDS } = options();
    const derived = deriveActivity({ status, error, messages, loop: state, next: loop.decide(messages), maxToolRounds });
    let activity = describeActivity(derived, statusLabels(labels, toolMarkers));
    // A stable object while nothing a reader sees changed, so React can bail out.
    if (snapshot && sameActivity(activity, snapshot.activity)) activity = snapshot.activity;
    snapshot = { messages, status, error, loop: state, activity };
    return snapshot;
  }

  const publish = throttle(
    () => {
      for (const listener of listeners) listener();
    },
    () => options().throttle,
  );
  const tellWatchers = () => {
    for (const watcher of watchers) watcher();
  };
  const watchersAtRenderPace = throttle(tellWatchers, () => options().throttle);
  const onChange = () => {
    tellWatchers();
    publish();
  };
  // The loop's changes come in bursts (a round's calls starting; a result and the request it
  // triggers): one render for a burst, after the current task, so the next request never
  // waits for the UI.
  let publishSoon: ReturnType<typeof setTimeout> | undefined;
  const onLoopChange = () => {
    tellWatchers();
    publishSoon ??= setTimeout(() => {
      publishSoon = undefined;
      publish();
    }, 0);
  };
  const onMessages = () => {
    // Messages change per token: watchers look at the pace of the renders, not per chunk.
    if (watchers.size > 0) watchersAtRenderPace();
    publish();
  };

  const unsubscribes = [
    chat['~registerMessagesCallback'](onMessages),
    chat['~registerStatusCallback'](onChange),
    chat['~registerErrorCallback'](onChange),
    loop.subscribe(onLoopChange),
  ];

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Always the live state: the throttle decides when React looks, not what it sees, so a
    // render for any reason (the Send handler's own commit) shows the newest messages.
    getSnapshot: read,
    watch(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    dispose() {
      for (const unsubscribe of unsubscribes) unsubscribe();
      publish.cancel();
      watchersAtRenderPace.cancel();
      clearTimeout(publishSoon);
      listeners.clear();
      watchers.clear();
    },
  };
}
