import type { AbstractChat, UIMessage } from 'ai';
import { getToolName, isToolUIPart } from './ui-part';
import { findTool } from '../tools/find-tool';
import type { ToolSet } from '../tools/define-tool';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { storedEndings } from '../storage/endings';
import { INTERRUPTED_TOOL_ERROR, settleInterruptedToolCalls } from '../storage/interrupted';
import { createChatPersistence, type ChatPersistence, type LoadedChat } from '../storage/persistence';
import type { ChatStorage } from '../storage/types';
import { ChatStorageError } from '../storage/errors';
import { MessageTree } from '../tree/message-tree';
import type { ToolChatState } from './chat-state';

/** What a chat needs from its surroundings to be saved and restored. */
export interface StorageLifecycleTarget {
  chat: AbstractChat<UIMessage>;
  state: ToolChatState;
  loop: ToolLoopCore;
  /** Told of every status or loop change at once, of streamed text at the render pace. */
  watch: (watcher: () => void) => () => void;
  storage: ChatStorage;
  /** How long the load may take before the chat goes on without it. */
  timeoutMs: number;
  tools: () => ToolSet;
  onError: (error: ChatStorageError) => void;
}

/** A chat bound to a storage: restored once, then saved as it changes. */
export interface StorageLifecycle {
  /** Settles when the stored conversation (if any) is back, or the load was given up on. */
  readonly ready: Promise<void>;
  readonly persistence: ChatPersistence;
  /** Saves the conversation a request is about to carry, so the user's message is never lost. */
  beforeRequest(messages: readonly UIMessage[]): Promise<void>;
  dispose(): void;
}

const SAVE_BEFORE_REQUEST_MS = 1000;

/**
 * The storage part of a chat's life. First the stored conversation is restored (the chat holds
 * every send until then); a load that does not answer within `timeoutMs` is given up on,
 * reported, and the chat is then never saved over the record it could not read. Then the chat is
 * saved: immediately when a request leaves (the user's message is never lost), when a round
 * or the answer ends, and throttled while tokens stream. Calls the reload cut off become
 * "interrupted" error results, so the conversation stays valid for every provider; calls that
 * waited for approval ask again.
 */
export function bindStorage(target: StorageLifecycleTarget): StorageLifecycle {
  const { chat, loop, storage } = target;
  const chatId = chat.id;
  const persistence = createChatPersistence({ storage, chatId, onError: target.onError });
  let restored = false;
  /** Saving stopped for good: the record could not be read in time, so this chat may hold less. */
  let suspended = false;
  let saved: { messages: readonly UIMessage[]; status: string } | undefined;

  const loading = persistence.load();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    if (Number.isFinite(target.timeoutMs)) timer = setTimeout(() => resolve('timeout'), target.timeoutMs);
  });
  const ready = Promise.race([loading, timedOut])
    .then((loaded) => {
      if (loaded === 'timeout') {
        suspended = true;
        target.onError(
          new ChatStorageError(
            `Could not load chat "${chatId}": the storage did not answer within ${target.timeoutMs} ms. The chat goes on without it and is not saved, so the stored conversation stays as it is.`,
            { operation: 'load', chatId },
          ),
        );
        // Nothing stored after all: saving is safe again.
        void loading.then((late) => {
          if (late === undefined && !disposed) suspended = false;
        });
        return;
      }
      if (loaded) restore(loaded);
    })
    .finally(() => {
      clearTimeout(timer);
      restored = true;
      saved = { messages: chat.messages.slice(), status: chat.status };
    });

  function restore(loaded: LoadedChat): void {
    const { messages, approvals } = resume(loaded.messages, target.tools());
    // The stored conversation is the conversation: `initialMessages` only stand in for a chat
    // with nothing stored. Sends waited for this, so nothing the user wrote is replaced.
    chat.messages = messages;
    if (loaded.branches.length > 0) target.state.tree = restoreTree(target.state.messages, loaded.branches, target.onError, chatId);
    loop.restoreEndings(storedEndings(messages));
    // Nothing goes to the model by itself after a reload, except what the user approves.
    if (approvals.length === 0) loop.hold();
    for (const toolCall of approvals) loop.onToolCall({ toolCall });
  }

  /** The path with the other versions, if the chat has any: a record keeps the whole tree. */
  function save(path: readonly UIMessage[], immediate: boolean): Promise<void> {
    const tree = target.state.syncTree();
    return persistence.save(path, { immediate, ...(tree ? { branches: tree.offPath(path) } : {}) });
  }

  let disposed = false;
  // A reload or a closed tab does not dispose the chat: what waits in the throttle (a switch,
  // streamed text) is written as the page goes away. Hosts without pages have no such event.
  const host = globalThis as { addEventListener?: (type: string, listener: () => void) => void; removeEventListener?: (type: string, listener: () => void) => void; document?: { visibilityState?: string } };
  const onHide = () => void persistence.flush();
  const onVisibility = () => {
    if (host.document?.visibilityState === 'hidden') onHide();
  };
  host.addEventListener?.('pagehide', onHide);
  host.addEventListener?.('visibilitychange', onVisibility);
  const unwatch = target.watch(() => {
    if (!restored || suspended || disposed) return;
    const { status } = chat;
    // A round or the whole answer ended: now (the request itself is saved by `beforeRequest`);
    // streamed text, throttled.
    const ended = (status === 'ready' || status === 'error') && status !== saved?.status;
    const published = target.state.published();
    if (ended) void save(published, true);
    else if (published !== saved?.messages) void save(published, false);
    saved = { messages: published, status };
  });

  return {
    ready,
    persistence,
    async beforeRequest(messages) {
      await ready;
      if (suspended) return;
      // Bounded, so a storage that hangs never holds the conversation back.
      let wait: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        save(messages.slice(), true),
        new Promise<void>((resolve) => {
          wait = setTimeout(resolve, SAVE_BEFORE_REQUEST_MS);
        }),
      ]);
      clearTimeout(wait);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      unwatch();
      host.removeEventListener?.('pagehide', onHide);
      host.removeEventListener?.('visibilitychange', onVisibility);
      void persistence.dispose();
    },
  };
}

interface ResumeResult {
  messages: UIMessage[];
  approvals: { toolCallId: string; toolName: string; input: unknown }[];
}

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

function resume(messages: UIMessage[], tools: ToolSet): ResumeResult {
  const approvals: ResumeResult['approvals'] = [];
  const settled = messages.map((message) => {
    if (message.role !== 'assistant' || !message.parts.some(isOpenToolPart)) return message;
    return {
      ...message,
      parts: message.parts.map((part) => {
        if (!isOpenToolPart(part)) return part;
        const toolName = getToolName(part);
        const needsApproval = findTool(tools, toolName)?.needsApproval;
        const waited = part.state === 'approval-requested' || (part.state === 'input-available' && needsApproval !== undefined && needsApproval !== false);
        if (waited) {
          approvals.push({ toolCallId: part.toolCallId, toolName, input: part.input });
          return part;
        }
        const { approval, ...rest } = part as ToolPart & { approval?: { approved?: boolean } };
        return { ...rest, ...(approval?.approved === true ? { approval } : {}), state: 'output-error', errorText: INTERRUPTED_TOOL_ERROR } as typeof part;
      }),
    };
  });
  return { messages: settled, approvals };
}

function isOpenToolPart(part: UIMessage['parts'][number]): part is ToolPart {
  if (!isToolUIPart(part)) return false;
  if (part.state === 'input-available' || part.state === 'input-streaming') return true;
  // A browser tool's approval (a server's own approvals are the AI SDK's to resume).
  return (part.state === 'approval-requested' || part.state === 'approval-responded') && part.approval.id === part.toolCallId;
}

/**
 * The tree of a restored chat. Calls of a version not shown never run again: any still open
 * there ends as interrupted. A record whose versions do not make one tree keeps its path alone,
 * reported (the record itself is not written over until the chat saves).
 */
function restoreTree(path: readonly UIMessage[], branches: LoadedChat['branches'], onError: (error: ChatStorageError) => void, chatId: string): MessageTree | undefined {
  try {
    return MessageTree.from(
      path,
      branches.map((branch) => ({ ...branch, messages: settleInterruptedToolCalls(branch.messages) })),
    );
  } catch (error) {
    onError(new ChatStorageError(`Chat "${chatId}": its other versions could not be read (${(error as Error).message}); the chat shows its path alone.`, { operation: 'load', chatId }));
    return undefined;
  }
}
