import type { Chat } from '@ai-sdk/react';
import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { findTool } from '../core/tools/execute-tool-calls';
import type { ToolSet } from '../core/tools/define-tool';
import type { ToolLoop } from '../core/loop/tool-loop';
import type { ChatStore } from './chat-store';
import { INTERRUPTED_TOOL_ERROR } from '../core/storage/interrupted';
import { createChatPersistence, type ChatPersistence } from '../core/storage/persistence';
import type { ChatStorage } from '../core/storage/types';
import type { ChatStorageError } from '../core/storage/errors';

/** What a chat needs from its surroundings to be saved and restored. */
export interface StorageBindingTarget {
  chat: Chat<UIMessage>;
  loop: ToolLoop;
  store: ChatStore;
  tools: () => ToolSet;
  onError: (error: ChatStorageError) => void;
}

/** A chat bound to a storage: restored once, then saved as it changes. */
export interface StorageBinding {
  /** Settles when the stored conversation (if any) is on screen. */
  readonly ready: Promise<void>;
  readonly persistence: ChatPersistence;
  /** Saves the conversation a request is about to carry, so the user's message is never lost. */
  beforeRequest(messages: readonly UIMessage[]): Promise<void>;
  dispose(): void;
}

const SAVE_BEFORE_REQUEST_MS = 1000;

/**
 * Restores a chat from storage and keeps it saved: immediately when a request leaves (the
 * user's message is never lost), when a round or the answer ends, and throttled while tokens
 * stream. Tool calls the reload cut off become "interrupted" error results, so the
 * conversation stays valid for every provider; calls that need approval ask again.
 */
export function bindStorage(target: StorageBindingTarget, storage: ChatStorage, chatId: string): StorageBinding {
  const { chat, loop } = target;
  const persistence = createChatPersistence({
    storage,
    chatId,
    onError: target.onError,
    alwaysAllowedTools: () => [...loop.state.alwaysAllowed],
  });
  let restored = false;
  // What was last saved (or restored): only changes are written.
  let saved: { messages: readonly UIMessage[]; status: string; allowed: ReadonlySet<string> } | undefined;
  const ready = persistence
    .load()
    .then((loaded) => {
      // A conversation started before the record arrived wins over the stored one.
      if (loaded && chat.messages.length === 0) {
        // Before the calls are asked about again: an always-allowed tool runs without asking.
        if (loaded.alwaysAllowedTools.length > 0) loop.alwaysAllow(...loaded.alwaysAllowedTools);
        const { messages, approvals } = resume(loaded.messages, target.tools());
        chat.messages = messages;
        // Nothing goes to the model by itself after a reload, except what the user approves.
        if (approvals.length === 0) loop.hold();
        for (const toolCall of approvals) loop.onToolCall({ toolCall });
      }
    })
    .finally(() => {
      restored = true;
      saved = { messages: chat.messages, status: chat.status, allowed: loop.state.alwaysAllowed };
    });

  const unwatch = target.store.watch(() => {
    if (!restored) return;
    const { messages, status } = chat;
    const state = loop.state;
    // A round or the whole answer ended, or an "Always allow": now (the request itself is saved
    // by `beforeRequest`); streamed text, throttled.
    const ended = (status === 'ready' || status === 'error') && status !== saved?.status;
    if (ended || state.alwaysAllowed !== saved?.allowed) void persistence.save(messages, { immediate: true });
    else if (messages !== saved?.messages) void persistence.save(messages);
    saved = { messages, status, allowed: state.alwaysAllowed };
  });

  return {
    ready,
    persistence,
    async beforeRequest(messages) {
      await ready;
      // Bounded, so a storage that hangs never holds the conversation back.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        persistence.save(messages, { immediate: true }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SAVE_BEFORE_REQUEST_MS);
        }),
      ]);
      clearTimeout(timer);
    },
    dispose() {
      unwatch();
      void persistence.dispose();
    },
  };
}

interface ResumeResult {
  messages: UIMessage[];
  approvals: { toolCallId: string; toolName: string; input: unknown }[];
}

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
        if (part.state === 'input-available' && needsApproval !== undefined && needsApproval !== false) {
          approvals.push({ toolCallId: part.toolCallId, toolName, input: part.input });
          return part;
        }
        return { ...part, state: 'output-error', errorText: INTERRUPTED_TOOL_ERROR } as typeof part;
      }),
    };
  });
  return { messages: settled, approvals };
}

function isOpenToolPart(part: UIMessage['parts'][number]): part is Extract<UIMessage['parts'][number], { toolCallId: string }> {
  return isToolUIPart(part) && (part.state === 'input-available' || part.state === 'input-streaming');
}
