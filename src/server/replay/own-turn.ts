/**
 * Resuming a request on a turn of the event loop of its own after a network store answered.
 *
 * A network client answers many commands with one read of its socket (node-redis parses every
 * reply of a read in one loop), so the requests waiting on those replies all resume in the same
 * microtask queue. Each then builds its answer's streams, and the queue advances them in
 * lockstep, one microtask each in turn: hundreds of pipelines alive at once instead of one after
 * another. Measured in `bench/` (300 approvals in flight, Redis): twice the server's CPU per
 * request and twice the latency. A turn each (`setImmediate`, after which Node drains the
 * microtasks) lets each request start its answer on its own.
 */

/** The current turn of the event loop, as an object that is replaced once the loop moves on. */
let turn: object | undefined;

// Taken once, when the module loads: a test's fake timers installed later do not hold requests.
const schedule: (callback: () => void) => void =
  typeof setImmediate === 'function' ? setImmediate.bind(globalThis) : setTimeout.bind(globalThis);

/**
 * A token of the current turn of the event loop: the same object until the loop has moved on
 * (one timer per turn, shared by every caller in it).
 */
export function currentTurn(): object {
  if (turn === undefined) {
    const token = {};
    turn = token;
    schedule(() => {
      if (turn === token) turn = undefined;
    });
  }
  return turn;
}

/**
 * Resolves on a later turn of the event loop when `since` (a {@link currentTurn} token) is no
 * longer the current turn, so that what waited on I/O goes on alone; at once otherwise (a store
 * in memory answered in the same turn, and nothing else resumed with it).
 */
export function ownTurn(since: object): Promise<void> | undefined {
  if (turn === since) return undefined;
  return new Promise((resolve) => schedule(resolve));
}
