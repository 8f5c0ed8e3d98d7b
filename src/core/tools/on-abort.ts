// One `abort` listener per signal, however many calls wait on it: Node's `EventTarget` makes
// adding and removing a listener cost microseconds, paid by every call between a tool's answer
// and the next request; a Set costs nothing.
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Runs `callback` once when `signal` aborts (in a microtask if it already has); the function
 * returned forgets it. Callbacks run in the order they were added.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    let forgotten = false;
    queueMicrotask(() => {
      if (!forgotten) callback();
    });
    return () => {
      forgotten = true;
    };
  }
  let callbacks = waiting.get(signal);
  if (!callbacks) {
    const set = new Set<() => void>();
    callbacks = set;
    waiting.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const run of set) run();
      },
      { once: true },
    );
  }
  const set = callbacks;
  set.add(callback);
  return () => set.delete(callback);
}
