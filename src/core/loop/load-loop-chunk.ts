export type LoopChunk = typeof import('./loop-chunk');

let loaded: LoopChunk | undefined;
let loading: Promise<LoopChunk> | undefined;

/** The loop's chunk (./loop-chunk) when it has loaded: then what needs it runs in this task. */
export function loopChunk(): LoopChunk | undefined {
  return loaded;
}

/**
 * Loads the loop's chunk: what responses and calls need, never the first request. A loop asks
 * for it when it is made, so it is there by the time the first answer streams; a load that
 * failed (offline) is tried again by the next that needs it.
 */
export function loadLoopChunk(): Promise<LoopChunk> {
  loading ??= import('./loop-chunk').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
