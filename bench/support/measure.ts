/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Rounds to a few significant digits for the table. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  return Number(value.toFixed(digits));
}

/** Resolves once `check` holds, looking every `everyMs` (real timers), or rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 120_000, everyMs = 2): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('bench: condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
