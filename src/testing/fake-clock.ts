/** Vitest's fake timers, driven by the kit's waits while they are installed. */
export interface FakeClock {
  /** Advances fake time, running the timers due and the promises they settle. */
  advance(ms: number): Promise<void>;
  /** Timers scheduled now. */
  pending(): number;
}

type Vitest = typeof import('vitest');
let vitest: Promise<Vitest | undefined> | undefined;

/**
 * Vitest's clock when the test installed fake timers (`vi.useFakeTimers()`), else `undefined`.
 * Loaded on the first wait, never with the entry: outside Vitest (another runner, a script)
 * the kit's waits use real time.
 */
export async function fakeClock(): Promise<FakeClock | undefined> {
  vitest ??= import('vitest').catch(() => undefined);
  const vi = (await vitest)?.vi;
  if (!vi?.isFakeTimers()) return undefined;
  return {
    advance: async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
    },
    pending: () => vi.getTimerCount(),
  };
}
