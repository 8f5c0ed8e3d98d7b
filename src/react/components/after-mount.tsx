import { useEffect, useState, type ComponentType, type ReactElement } from 'react';

/**
 * A component of `ChatWrapper` that first renders empty (an error, calls waiting for approval
 * in older messages) loads after the wrapper mounts, out of the chat's first load: by the time
 * there is something to show it is there, and renders in the same commit. Unlike `React.lazy`
 * nothing suspends: should it be needed before it loads, it shows once it has. Render it only
 * when it has something to show, or once `loaded()`: a render before it loads costs a commit.
 */
export function afterMount<P extends object>(load: () => Promise<ComponentType<P>>): {
  Component: (props: P) => ReactElement | null;
  preload: () => Promise<unknown>;
  loaded: () => boolean;
} {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Tried again by the next render that needs it (offline now, online later).
        loading = undefined;
        throw error;
      },
    ));
  function Component(props: P): ReactElement | null {
    const [, setLoaded] = useState(false);
    const Loaded = loaded;
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && setLoaded(true),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, []);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { Component, preload, loaded: () => loaded !== undefined };
}
