import { createElement, useEffect, useSyncExternalStore, type ComponentType, type ReactElement } from 'react';
import { lazyModule } from '../../core/lazy-module';

/**
 * Components of a chunk that loads after the chat mounts, out of its first load: what first
 * renders empty (an error, calls waiting for approval in older messages) or shows only in some
 * messages (a turn's notice, a fold of tool cards, reasoning, files). By the time there is
 * something to show it is there, and renders in the same commit. Unlike `React.lazy` nothing
 * suspends: a part needed before the chunk loads shows once it has. Render a part only when it
 * has something to show, or once `loaded()`: a render before the chunk loads costs a commit.
 */
export function afterMount<M>(load: () => Promise<M>): {
  /** The component `pick` takes from the chunk, rendering nothing until the chunk is in. */
  part: <P extends object>(pick: (chunk: M) => ComponentType<P>) => (props: P) => ReactElement | null;
  preload: () => Promise<unknown>;
  loaded: () => boolean;
} {
  const chunk = lazyModule(load);
  const part =
    <P extends object>(pick: (chunk: M) => ComponentType<P>) =>
    (props: P): ReactElement | null => {
      const loaded = useSyncExternalStore(chunk.subscribe, chunk.loaded, chunk.loaded);
      useEffect(() => {
        // Tried again by the next part that needs it (offline now, online later).
        if (!loaded) chunk.load().catch(() => undefined);
      }, [loaded]);
      return loaded ? createElement(pick(loaded), props) : null;
    };
  return { part, preload: chunk.load, loaded: () => chunk.loaded() !== undefined };
}
