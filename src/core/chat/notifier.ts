import { throttle } from './throttle';
import { createListeners } from './listeners';

/** What the store needs of the chat: its sources of change. */
export interface ChatStoreSources {
  /** Messages change per token: told at the render pace. */
  onMessages(listener: () => void): () => void;
  /** Status, error and the loop change rarely and matter at once (an approval, a round's end). */
  onStatus(listener: () => void): () => void;
  onLoop(listener: () => void): () => void;
}

/**
 * When a chat tells whom: subscribers (renders) at most once per `throttle` ms; watchers
 * (`onStatus`, storage) of every status or loop change at once and of streamed text at the
 * render pace. The first change after a quiet window goes out at once (in an event handler
 * React folds it into the handler's own commit).
 */
export interface ChatNotifier {
  subscribe(listener: () => void): () => void;
  watch(watcher: () => void): () => void;
  /** Tells subscribers now-ish (the chat's own changes: the queue, the storage state). */
  changed(): void;
  dispose(): void;
}

export function createChatNotifier(sources: ChatStoreSources, throttleMs: () => number): ChatNotifier {
  const listeners = createListeners();
  const watchers = createListeners();
  const publish = throttle(() => listeners.emit(), throttleMs);
  const watchersAtRenderPace = throttle(() => watchers.emit(), throttleMs);
  // The loop's changes come in bursts (a round's calls starting; a result and the request it
  // triggers): one render for a burst, after the current task, so the next request never
  // waits for the UI.
  let publishSoon: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    publishSoon ??= setTimeout(() => {
      publishSoon = undefined;
      publish();
    }, 0);
  };
  const unsubscribes = [
    sources.onMessages(() => {
      if (watchers.size > 0) watchersAtRenderPace();
      publish();
    }),
    sources.onStatus(() => {
      watchers.emit();
      publish();
    }),
    sources.onLoop(() => {
      watchers.emit();
      soon();
    }),
  ];
  return {
    subscribe: listeners.subscribe,
    watch: watchers.subscribe,
    changed() {
      watchers.emit();
      publish();
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
