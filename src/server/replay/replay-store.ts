/**
 * Where a handler records the server-tool calls that ran, so that an approval reaching it again
 * (a resent request, a Retry, twenty copies at once, another instance) never runs `execute` twice.
 */

/** What a call that ran left behind: its output, or the error it ended with. */
export type ReplayOutcome = { output: unknown } | { errorText: string };

/**
 * What {@link ReplayStore.claim} answers: the call is this copy's to run, or an earlier claim
 * holds it, with that run's outcome once it is recorded (`undefined` while it runs, or when
 * nothing was kept).
 */
export type ReplayClaim = { claimed: true } | { claimed: false; outcome: ReplayOutcome | undefined };

/**
 * A store of used server-tool calls, keyed by the call's signature (unique per call). `claim` is
 * the one step that must be atomic across every instance sharing the store: of any number of
 * claims of one key within `ttlMs`, exactly one gets `{ claimed: true }`. It answers the others
 * with what is recorded in the same step, so that a replay costs one round trip.
 */
export interface ReplayStore {
  /** Claims `key` for `ttlMs`, or answers with the earlier claim's recorded outcome. */
  claim(key: string, ttlMs: number): Promise<ReplayClaim>;
  /** Records the outcome of a claimed call, kept as long as the claim. */
  record(key: string, outcome: ReplayOutcome, ttlMs: number): Promise<void>;
}

/** Options of {@link memoryReplayStore}. */
export interface MemoryReplayStoreOptions {
  /**
   * The clock, in ms since the epoch (for tests).
   * @default Date.now
   */
  now?: () => number;
}

interface Entry {
  expiresAt: number;
  outcome?: ReplayOutcome;
}

/**
 * A {@link ReplayStore} in this process's memory: right for one instance. Behind a load balancer,
 * on serverless functions or after a restart it knows nothing of the others: use
 * `redisReplayStore` there. Expired entries are swept as new ones arrive.
 */
export function memoryReplayStore(options: MemoryReplayStoreOptions = {}): ReplayStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let nextSweep = 0;
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    // At most one pass per second: a burst of claims costs one walk over the map.
    const time = now();
    if (time < nextSweep) return;
    nextSweep = time + 1000;
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  };
  return {
    async claim(key, ttlMs) {
      sweep();
      const entry = live(key);
      if (entry) return { claimed: false, outcome: entry.outcome };
      entries.set(key, { expiresAt: now() + ttlMs });
      return { claimed: true };
    },
    async record(key, outcome, ttlMs) {
      entries.set(key, { expiresAt: now() + ttlMs, outcome });
    },
  };
}

let processStore: ReplayStore | undefined;

/** The memory store every handler of this process shares unless given one. */
export function processReplayStore(): ReplayStore {
  return (processStore ??= memoryReplayStore());
}
