import { lazyModule } from '../lazy-module';

export type LoopChunk = typeof import('./loop-chunk');

/**
 * What a tool loop itself runs from its chunk: requests, responses and calls (`LoopCalls`), what a
 * transition does outside the state, the log.
 */
export type LoopRunner = Pick<
  LoopChunk,
  | 'LoopCalls'
  | 'runEffects'
  | 'loopEvents'
  | 'formatLoopEvent'
  | 'reduce'
>;

/**
 * The loop's chunk (./loop-chunk): what responses and calls need, never the first load. The one
 * rule: it is loaded before any call can exist. A chat starts loading it when it starts, and its
 * requests (and a resumed answer) leave only once it is there; so every response, call, result
 * and log entry finds it loaded and reads it synchronously (`ToolLoopCore`'s `chunk`). A load
 * that failed (offline) fails that request readably, and the next request tries again.
 */
export const loopChunk = lazyModule<LoopChunk>(() => import('./loop-chunk'));
