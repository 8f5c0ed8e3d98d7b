/**
 * The wait before retry number `retry` (1 for the first): `backoffMs × 2^(retry−1)`, half of
 * it fixed and half random, so clients that failed together do not retry together.
 */
export function backoffDelay(backoffMs: number, retry: number, random: () => number): number {
  const base = backoffMs * 2 ** (retry - 1);
  return Math.round(base / 2 + (base / 2) * random());
}
