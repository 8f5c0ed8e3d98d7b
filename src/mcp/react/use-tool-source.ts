import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ToolSet } from '../../core/tools/define-tool';
import { errorMessage } from '../../core/tools/errors';
import { createListeners } from '../../core/chat/listeners';

/** Where a hook's tools stand: none asked for, on the way, in use, or failed. */
export type ToolSourceStatus = 'idle' | 'connecting' | 'connected' | 'error';

/** What the tool hooks return. */
export interface ToolSourceState {
  /** The tools, ready for `tools`; the same object until the set changes, `{}` while there is none. */
  tools: ToolSet;
  status: ToolSourceStatus;
  /** Why `status` is `'error'`. */
  error: Error | undefined;
  /** Tools the source offered that are left out, each an error naming it and why (an MCP tool with a schema the chat cannot send). */
  rejectedTools: readonly Error[];
}

/** A live tool set: what connectMcpTools and webMCPTools resolve with. */
export interface ToolSource {
  readonly tools: ToolSet;
  readonly state?: 'open' | 'closed' | 'lost';
  readonly rejectedTools?: readonly Error[];
  subscribe(listener: () => void): () => void;
  close(): unknown;
}

const NO_TOOLS: ToolSet = Object.freeze({}) as ToolSet;
const NONE: readonly Error[] = Object.freeze([]);
const IDLE: ToolSourceState = Object.freeze({ tools: NO_TOOLS, status: 'idle', error: undefined, rejectedTools: NONE });

const asError = (error: unknown) => (error instanceof Error ? error : new Error(errorMessage(error)));

class ToolSourceStore {
  #state: ToolSourceState = IDLE;
  #listeners = createListeners();
  subscribe = (listener: () => void) => this.#listeners.subscribe(listener);
  getSnapshot = () => this.#state;
  set(next: ToolSourceState) {
    const current = this.#state;
    if (current.tools === next.tools && current.status === next.status && current.error === next.error && current.rejectedTools === next.rejectedTools) return;
    this.#state = next;
    this.#listeners.emit();
  }
}

/**
 * Opens a tool source while `key` stays the same (`undefined`: none), closes it when the key
 * changes or the component unmounts, and publishes its tools, status and error through
 * `useSyncExternalStore`. `open` is read when the key changes, so it may close over fresh props.
 */
export function useToolSource(
  key: string | undefined,
  open: (signal: AbortSignal, report: (error: Error) => void) => Promise<ToolSource>,
): ToolSourceState {
  const [store] = useState(() => new ToolSourceStore());
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    if (key === undefined) {
      store.set(IDLE);
      return;
    }
    const controller = new AbortController();
    let source: ToolSource | undefined;
    let unsubscribe = () => {};
    // The last error the source reported: what a lost connection shows.
    let lastError: Error | undefined;
    const report = (error: Error) => {
      lastError = error;
    };
    store.set({ tools: NO_TOOLS, status: 'connecting', error: undefined, rejectedTools: NONE });
    const publish = () => {
      if (!source || controller.signal.aborted) return;
      if (source.state === 'lost' || source.state === 'closed') {
        store.set({ tools: NO_TOOLS, status: 'error', error: lastError ?? new Error('The connection was lost'), rejectedTools: NONE });
        return;
      }
      const rejectedTools = source.rejectedTools === undefined || source.rejectedTools.length === 0 ? NONE : source.rejectedTools;
      store.set({ tools: source.tools, status: 'connected', error: undefined, rejectedTools });
    };
    openRef.current(controller.signal, report).then(
      (opened) => {
        if (controller.signal.aborted) {
          void opened.close();
          return;
        }
        source = opened;
        unsubscribe = opened.subscribe(publish);
        publish();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) store.set({ tools: NO_TOOLS, status: 'error', error: asError(error), rejectedTools: NONE });
      },
    );
    return () => {
      controller.abort();
      unsubscribe();
      if (source) void source.close();
    };
  }, [key, store]);

  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
