import { convertFileListToFileUIParts, generateId, type AbstractChat, type FileUIPart, type UIMessage } from 'ai';
import { isSettled } from '../loop/call-state';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { loopChunk } from '../loop/load-loop-chunk';
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

/**
 * Sends the user's messages as one turn: calls still waiting end as cancelled first. `sent` is
 * called once they are in the conversation and the request has left (the chat's status tells
 * the rest), or once sending them failed; the promise settles when the response has ended.
 */
export async function sendUserMessages(chat: Chat, loop: ToolLoopCore, messages: readonly UIMessage[], sent: () => void): Promise<void> {
  const last = messages.at(-1);
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    sent();
  };
  try {
    if (!last) return;
    // Open calls are settled first, by the loop's chunk: in this task once it has loaded, so the
    // message shows in the same commit as the cleared composer. A conversation without calls has
    // none to settle. A chunk that cannot load fails the request readably (it waits for the chunk
    // too), the message kept.
    const settling = hasToolParts(chat.messages) ? loopChunk.withLoaded((chunk) => chunk.settleOpenCalls(chat, loop)) : undefined;
    if (settling) await Promise.resolve(settling).catch(() => undefined);
    loop.beginTurn();
    if (messages.length > 1) chat.messages = [...chat.messages, ...messages.slice(0, -1)];
    // The AI SDK puts the message in and marks the request submitted in this task.
    const answered = chat.sendMessage(last);
    tell();
    await answered;
  } finally {
    tell();
  }
}
