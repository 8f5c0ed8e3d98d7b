import type { AbstractChat, UIMessage } from 'ai';
import { loopChunk } from '../loop/load-loop-chunk';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import type { ToolChatState } from './chat-state';
import type { ToolGrants } from './grants';
import type { ResolvedToolChatOptions } from './options';
import { pageGrants } from './page-grants';
import type { StorageLifecycle } from './storage-lifecycle';
import type { ToolChatOptions } from './types';

/** What a chat's start reads and binds. */
export interface ChatStartContext {
  given: ToolChatOptions;
  options: () => ResolvedToolChatOptions;
  chat: AbstractChat<UIMessage>;
  state: ToolChatState;
  loop: ToolLoopCore;
  watch: (watcher: () => void) => () => void;
  disposed: () => boolean;
  report: (error: unknown) => void;
  /** The storage lifecycle, once bound. */
  bound: (storage: StorageLifecycle) => void;
}

/**
 * What a chat loads when it starts (its first subscriber or action): the user's grants, then its
 * stored conversation. `grants` is where "Always allow" is kept; `ready` settles once the stored
 * conversation is back (or given up on). Failures reach `onError` and never stop the chat.
 */
export function startChat({ given, options, chat, state, loop, watch, disposed, report, bound }: ChatStartContext): {
  grants: Promise<ToolGrants>;
  ready: Promise<void>;
} {
  // The default grants come with the loop's chunk: read before any call can arrive. A chunk
  // that does not load keeps them for the page only.
  const grants = given.grants ? Promise.resolve(given.grants) : loopChunk.load().then((loaded) => loaded.defaultGrants(), pageGrants);
  const ready = (async () => {
    try {
      const granted = await (await grants).load();
      if (granted.length > 0) loop.alwaysAllow(...granted);
    } catch (error) {
      report(error);
    }
    if (!given.storage || disposed()) return;
    try {
      // With the loop's chunk: the calls a stored chat still asks about show as waiting for
      // approval in the same commit as the conversation. Without it nothing is restored, and
      // nothing is saved over the record.
      const [{ bindStorage }] = await Promise.all([import('./storage-lifecycle'), loopChunk.load()]);
      if (disposed()) return;
      const storage = bindStorage({
        chat,
        state,
        loop,
        watch,
        storage: given.storage,
        timeoutMs: options().storageTimeoutMs,
        tools: () => options().tools,
        onError: report,
      });
      bound(storage);
      await storage.ready;
    } catch (error) {
      report(error);
    }
  })();
  return { grants, ready };
}
