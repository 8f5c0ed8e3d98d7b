/**
 * Joins transform stages into one readable/writable pair, so a multi-stage parser can be used
 * with a single `pipeThrough` (and benchmarked or reused by a proxy as one stage).
 */
export function pipeline<I, A, O>(
  first: ReadableWritablePair<A, I>,
  second: ReadableWritablePair<O, A>,
): ReadableWritablePair<O, I>;
export function pipeline<I, A, B, O>(
  first: ReadableWritablePair<A, I>,
  second: ReadableWritablePair<B, A>,
  third: ReadableWritablePair<O, B>,
): ReadableWritablePair<O, I>;
export function pipeline(
  ...stages: Array<ReadableWritablePair<unknown, unknown>>
): ReadableWritablePair<unknown, unknown> {
  const [head, ...rest] = stages;
  if (head === undefined) throw new Error('pipeline needs at least one stage');
  let readable = head.readable;
  for (const stage of rest) readable = readable.pipeThrough(stage);
  return { writable: head.writable, readable };
}
