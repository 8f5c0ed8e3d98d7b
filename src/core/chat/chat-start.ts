import type { AbstractChat, UIMessage } from 'ai';
import { loopChunk, type LoopChunk } from '../loop/load-loop-chunk';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import type { ChatGrants } from './chat-grants';
import type { ToolChatState } from './chat-state';
import type { ResolvedToolChatOptions } from './options';
import type { ServerApprovalWatch } from './server-approvals';
import type { StorageLifecycle } from './storage-lifecycle';
import type { ToolChatOptions } from './types';

/** What a chat's start reads and binds. */
export interface ChatStartContext {
  given: ToolChatOptions;
  options: () => ResolvedToolChatOptions;
  /** The AI SDK's chat, made with the loop's chunk (once). */
  engine: (chunk: LoopChunk) => AbstractChat<UIMessage>;
  state: ToolChatState;
  loop: ToolLoopCore;
  watch: (watcher: () => void) => () => void;
  disposed: () => boolean;
  report: (error: unknown) => void;
  /** The storage lifecycle, once bound. */
  bound: (storage: StorageLifecycle) => void;
  /** The watch of the server tools' approvals, once the loop's chunk is there. */
  watching: (serverApprovals: ServerApprovalWatch) => void;
}

/**
 * What a chat loads when it starts (its first subscriber or action): the user's grants, then its
 * stored conversation. `grants` links the loop to the page's book of the user's grants (none when
 * the loop's chunk cannot load: grants then last for this loop); `ready` settles once the stored
 * conversation is back (or given up on). Failures reach `onError` and never stop the chat.
 */
export function startChat({ given, options, engine, state, loop, watch, disposed, report, bound, watching }: ChatStartContext): {
  grants: Promise<ChatGrants | undefined>;
  ready: Promise<void>;
} {
  // The grants come with the loop's chunk, which every response waits for: they are read before
  // any call can arrive. So does the AI SDK's chat.
  const grants: Promise<ChatGrants | undefined> = loopChunk.load().then(
    (chunk) => {
      if (disposed()) return undefined;
      engine(chunk);
      return chunk.bindChatGrants(loop, given.grants ?? chunk.defaultGrants(), { onError: report, now: () => options().now() });
    },
    () => undefined,
  );
  const ready = (async () => {
    await (await grants)?.ready;
    const chunk = loopChunk.loaded();
    const serverApprovals = chunk && !disposed() ? chunk.createServerApprovalWatch(engine(chunk), loop, () => options().approvalTimeoutMs) : undefined;
    if (serverApprovals) watching(serverApprovals);
    if (!given.storage || disposed()) return;
    try {
      // With the loop's chunk: the calls a stored chat still asks about show as waiting for
      // approval in the same commit as the conversation. Without it nothing is restored, and
      // nothing is saved over the record.
      const [{ bindStorage }, chunk] = await Promise.all([import('./storage-lifecycle'), loopChunk.load()]);
      if (disposed()) return;
      const chat = engine(chunk);
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
      serverApprovals?.scan(chat.messages);
    } catch (error) {
      report(error);
    }
  })();
  return { grants, ready };
}
