/**
 * The one listener primitive of toolchat: a set of callbacks told of a change. The loop, the
 * chat's state and the store all use it, so subscribing works the same everywhere.
 */
export interface Listeners {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
  /** Calls every listener, in the order they subscribed. */
  emit(): void;
  readonly size: number;
  clear(): void;
}

export function createListeners(): Listeners {
  const set = new Set<() => void>();
  return {
    subscribe(listener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit() {
      for (const listener of set) listener();
    },
    get size() {
      return set.size;
    },
    clear() {
      set.clear();
    },
  };
}

/** A value with a subscription: what `useSyncExternalStore` and `useToolChatSelector` read. */
export interface ReadableStore<STATE> {
  getState(): STATE;
  subscribe(listener: () => void): () => void;
}
