/** A function that runs `fn` at most once every `wait()` ms. */
export interface Throttle {
  (): void;
  /** Drops a pending call. */
  cancel(): void;
}

/**
 * Runs `fn` at once after a quiet window, else once at the end of the window. Unlike
 * `throttleit` (what `useChat` uses), a call inside the window costs no timer: it runs per
 * streamed chunk, so it must be a few comparisons.
 */
export function throttle(fn: () => void, wait: () => number): Throttle {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    // Timers may fire a little early: never run inside the window.
    const early = last + wait() - performance.now();
    if (early > 0) {
      timer = setTimeout(run, early);
      return;
    }
    timer = undefined;
    last = performance.now();
    fn();
  };
  const call = () => {
    if (timer !== undefined) return;
    const delay = last + wait() - performance.now();
    if (delay > 0) timer = setTimeout(run, delay);
    else run();
  };
  return Object.assign(call, {
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  });
}
