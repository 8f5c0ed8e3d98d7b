import { createListeners } from './chat/listeners';

/**
 * A chunk fetched with `import()` out of the first load, with the one rule toolchat keeps for
 * every such chunk: once loaded it is read synchronously (`loaded()`), so what needs it runs in
 * the same task; it is fetched once however many ask; a load that failed (offline, a deploy that
 * removed the chunk) is tried again by the next that asks; and whoever waits for it to arrive
 * (a React part through `useSyncExternalStore`) is told once it has.
 */
export interface LazyModule<M> {
  /** The module once it has loaded. */
  loaded(): M | undefined;
  /** Loads it, once; the same promise for every caller until it settles. */
  load(): Promise<M>;
  /**
   * Runs `use` with the module: in this task when it has loaded (so what it does shows in the
   * same commit as what the user did), else once it has. One path for both.
   */
  withLoaded<T>(use: (module: M) => T): T | Promise<T>;
  /** Told once the module has loaded. */
  subscribe(listener: () => void): () => void;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = createListeners();
  const load = (): Promise<M> =>
      (loading ??= importer().then(
        (value) => {
          module = value;
          listeners.emit();
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      ));
  return {
    loaded: () => module,
    load,
    withLoaded: (use) => (module ? use(module) : load().then(use)),
    subscribe: listeners.subscribe,
  };
}
