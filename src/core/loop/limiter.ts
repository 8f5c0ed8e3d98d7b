/**
 * A counting semaphore whose limit is read at each acquire, so a changed `concurrency` prop
 * applies to the next call. Waiters leave the queue when their signal aborts.
 */
export class Limiter {
  #running = 0;
  #queue: (() => void)[] = [];

  constructor(private readonly limit: () => number) {}

  /**
   * A release function at once when a slot is free (no promise hop before the call runs);
   * otherwise a Promise of one once a slot frees up, or of `undefined` if aborted first.
   */
  acquire(signal: AbortSignal): (() => void) | undefined | Promise<(() => void) | undefined> {
    if (signal.aborted) return undefined;
    if (this.#running < this.#max()) return this.#take();
    return new Promise((resolve) => {
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(this.#take());
      };
      const onAbort = () => {
        this.#queue = this.#queue.filter((waiter) => waiter !== wake);
        resolve(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(wake);
    });
  }

  #max(): number {
    const limit = this.limit();
    return Number.isFinite(limit) ? Math.max(1, Math.floor(limit)) : Number.POSITIVE_INFINITY;
  }

  #take(): () => void {
    this.#running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running--;
      while (this.#queue.length > 0 && this.#running < this.#max()) this.#queue.shift()!();
    };
  }
}
