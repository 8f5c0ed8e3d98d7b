import { convertFileListToFileUIParts, generateId, type AbstractChat, type FileUIPart, type UIMessage } from 'ai';
import { isSettled } from '../loop/call-state';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { loadLoopChunk, loopChunk } from '../loop/load-loop-chunk';
import { hasToolParts } from './part-states';
import type { SendMessageInput } from './types';

type Chat = AbstractChat<UIMessage>;

/**
 * The user's message as the chat keeps it. Synchronous for text, so the message shows in the
 * same commit as the cleared composer; a `FileList` is read first.
 */
export function toUserMessage(input: SendMessageInput): UIMessage | Promise<UIMessage> {
  if (typeof input === 'string') return { id: generateId(), role: 'user', parts: [{ type: 'text', text: input }] };
  if ('parts' in input) return { ...input, id: input.id ?? generateId(), role: input.role ?? 'user' } as UIMessage;
  const text = 'text' in input ? input.text : undefined;
  const build = (files: FileUIPart[]): UIMessage => ({
    id: generateId(),
    role: 'user',
    parts: [...files, ...(text === undefined ? [] : [{ type: 'text' as const, text }])],
    ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
  });
  const files = input.files;
  if (files === undefined || Array.isArray(files)) return build(files ?? []);
  return convertFileListToFileUIParts(files as FileList).then(build);
}

/**
 * Whether the loop is at work: a request in flight, a call of the loop's pending or running,
 * or results about to go back. Waiting for the user (approval), the app (`addToolResult`) or
 * `continue()` is not work: a message then goes at once.
 */
export function isWorking(chat: Chat, loop: ToolLoopCore): boolean {
  if (chat.status === 'submitted' || chat.status === 'streaming') return true;
  for (const call of loop.state.calls.values()) {
    // A call an MCP App made (`runToolCall`) is not the conversation's: the user may still write.
    if (call.runner === 'loop' && call.origin === undefined && !isSettled(call.phase) && call.phase !== 'awaiting-approval') return true;
  }
  return loop.decide(chat.messages).send;
}

/** Sends the user's messages as one turn: calls still waiting end as cancelled first. */
export async function sendUserMessages(chat: Chat, loop: ToolLoopCore, messages: readonly UIMessage[]): Promise<void> {
  const last = messages.at(-1);
  if (!last) return;
  // Settling open calls is the loop chunk's (see `hasToolParts`); a conversation without calls sends in this task.
  const chunk = loopChunk();
  const settling = chunk
    ? chunk.settleOpenCalls(chat, loop)
    : hasToolParts(chat.messages)
      ? loadLoopChunk().then((loaded) => loaded.settleOpenCalls(chat, loop))
      : undefined;
  if (settling) await settling;
  loop.beginTurn();
  if (messages.length > 1) chat.messages = [...chat.messages, ...messages.slice(0, -1)];
  await chat.sendMessage(last);
}
