import type { ChatStatus, FileUIPart, UIMessage } from 'ai';
import { isSettled } from '../loop/call-state';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { loopChunk } from '../loop/load-loop-chunk';
import type { ToolChatState } from './chat-state';
import type { EngineSlot } from './engine-slot';
import { hasToolParts } from './part-states';
import type { SendMessageInput } from './types';
import { generateId } from './ui-part';

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
  // The AI SDK's reader comes with the loop's chunk, which the request waits for anyway.
  return loopChunk.load().then((chunk) => chunk.convertFileListToFileUIParts(files as FileList)).then(build);
}

/**
 * Whether the loop is at work: a request in flight, a call of the loop's pending or running,
 * or results about to go back. Waiting for the user (approval), the app (`addToolResult`) or
 * `continue()` is not work: a message then goes at once.
 */
export function isWorking(chat: { readonly status: ChatStatus; readonly messages: UIMessage[] }, loop: ToolLoopCore): boolean {
  if (chat.status === 'submitted' || chat.status === 'streaming') return true;
  for (const call of loop.state.calls.values()) {
    // A call an MCP App made (`runToolCall`) is not the conversation's: the user may still write.
    if (call.runner === 'loop' && call.origin === undefined && !isSettled(call.phase) && call.phase !== 'awaiting-approval') return true;
  }
  return loop.decide(chat.messages).send;
}

/** What sending a turn reads: the AI SDK's chat comes with the loop's chunk. */
export interface SendContext {
  state: ToolChatState;
  loop: ToolLoopCore;
  engine: EngineSlot;
  /** Sends waiting for the chunk: Stop and dispose abort them (`cancelEarlySends`). */
  early: Set<AbortController>;
}

/**
 * Sends the user's messages as one turn: calls still waiting end as cancelled first. `sent` is
 * called once they are in the conversation and the request has left (the chat's status tells
 * the rest), or once sending them failed; the promise settles when the response has ended.
 */
export async function sendUserMessages(context: SendContext, messages: readonly UIMessage[], sent: () => void): Promise<void> {
  const { state, loop } = context;
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
    // none to settle. A chunk that cannot load fails the request readably, the message kept.
    const settling = hasToolParts(state.messages) ? loopChunk.withLoaded((chunk) => chunk.settleOpenCalls(context.engine.from(chunk), loop)) : undefined;
    if (settling) await Promise.resolve(settling).catch(() => undefined);
    let chat = context.engine.now();
    if (!chat) {
      // The chunk is still on its way (a send right after the chat started): the messages show
      // now, counted as sending, and go once it is there, unless Stop came first. They are taken
      // out again just before, so the AI SDK puts the last one in as it always does.
      const waiting = new AbortController();
      context.early.add(waiting);
      state.messages = [...state.messages, ...messages];
      state.status = 'submitted';
      tell();
      try {
        chat = await context.engine.load();
      } catch (error) {
        if (!waiting.signal.aborted) context.engine.failed(error);
        return;
      } finally {
        context.early.delete(waiting);
      }
      if (waiting.signal.aborted) return;
      state.messages = state.messages.filter((message) => message.id !== last.id);
    } else if (messages.length > 1) {
      chat.messages = [...chat.messages, ...messages.slice(0, -1)];
    }
    loop.beginTurn();
    // The AI SDK puts the message in and marks the request submitted in this task.
    const answered = chat.sendMessage(last);
    tell();
    await answered;
  } finally {
    tell();
  }
}

/** Stop or dispose: sends still waiting for the chunk never go; their messages stay. */
export function cancelEarlySends(context: Pick<SendContext, 'state' | 'early'>): void {
  if (context.early.size === 0) return;
  for (const waiting of context.early) waiting.abort();
  context.early.clear();
  context.state.status = 'ready';
}
