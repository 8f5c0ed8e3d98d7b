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
 * Vitest, when the kit runs inside it. Loaded by the first helper that needs it, never with the
 * entry: outside Vitest (another runner, a script) the kit's waits use real time.
 */
function loadVitest(): Promise<Vitest | undefined> {
  vitest ??= import('vitest').catch(() => undefined);
  return vitest;
}

/** Vitest's clock when the test installed fake timers (`vi.useFakeTimers()`), else `undefined`. */
export async function fakeClock(): Promise<FakeClock | undefined> {
  const vi = (await loadVitest())?.vi;
  if (!vi?.isFakeTimers()) return undefined;
  return {
    advance: async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
    },
    pending: () => vi.getTimerCount(),
  };
}

/**
 * Runs `cleanup` when the current Vitest test ends (`onTestFinished`), so a rendered chat never
 * outlives its test, whether or not the project sets `globals` (Testing Library's own cleanup
 * needs them). Outside a Vitest test, does nothing.
 */
export async function afterThisTest(cleanup: () => void): Promise<void> {
  const onTestFinished = (await loadVitest())?.onTestFinished;
  try {
    onTestFinished?.(cleanup);
  } catch {
    // Not inside a test (a `beforeAll`, another runner): the caller unmounts.
  }
}
