import type { AbstractChat, UIMessage } from 'ai';
import { getToolName, isToolUIPart } from './ui-part';
import { isSettled } from '../loop/call-state';
import { hasToolResult, lastStepToolParts, type ToolPart } from '../loop/rounds';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { toolErrorMessages } from '../tools/errors';
import { cancelServerApprovals } from './server-approvals';

type Chat = AbstractChat<UIMessage>;

/** Calls of the last step still waiting for their result. */
function openCalls(chat: Chat): ToolPart[] {
  return lastStepToolParts(chat.messages.at(-1)).filter((part) => !hasToolResult(part));
}

/**
 * Messages with no call waiting for its result. A message that changes is a new object, so a
 * send at the end of a long thread reads only what changed since the last one.
 */
const closed = new WeakSet<UIMessage>();

/**
 * Calls anywhere in the conversation still waiting for their result, except those of the last
 * message's earlier steps (the AI SDK answers them there). A restored call waiting for approval
 * in an older message is one: no request leaves without its result.
 */
export function openCallsAnywhere(chat: Chat): ToolPart[] {
  const open: ToolPart[] = [];
  const messages = chat.messages;
  for (let i = 0; i < messages.length - 1; i++) {
    const message = messages[i]!;
    if (message.role !== 'assistant' || closed.has(message)) continue;
    const before = open.length;
    for (const part of message.parts) {
      if (isToolUIPart(part) && part.providerExecuted !== true && !hasToolResult(part) && part.state !== 'input-streaming') open.push(part);
    }
    if (open.length === before) closed.add(message);
  }
  return [...open, ...openCalls(chat).filter((part) => part.state !== 'input-streaming')];
}

/** Whether the loop is still working on a call (running, queued, waiting for the app or the user). */
function inProgress(loop: ToolLoopCore, toolCallId: string): boolean {
  const call = loop.state.calls.get(toolCallId);
  return call !== undefined && !isSettled(call.phase);
}

/** Whether results of the last step are still on their way (they go back by themselves once all are in). */
export function resultsOnTheirWay(chat: Chat, loop: ToolLoopCore): boolean {
  return openCalls(chat).some((part) => inProgress(loop, part.toolCallId));
}

/**
 * Drops tool calls whose input never finished streaming (a cut stream) from the last
 * assistant message, and the message itself if nothing else is left: the model never
 * completed those calls, and no provider accepts a call without input.
 */
export function dropIncompleteCalls(chat: Chat): void {
  const last = chat.messages.at(-1);
  if (last?.role !== 'assistant') return;
  const parts = last.parts.filter((part) => !('state' in part && part.state === 'input-streaming' && 'toolCallId' in part));
  if (parts.length === last.parts.length) return;
  while (parts.at(-1)?.type === 'step-start') parts.pop();
  chat.messages = parts.length === 0 ? chat.messages.slice(0, -1) : [...chat.messages.slice(0, -1), { ...last, parts }];
}

/**
 * Before the user's next message: every open call gets a result, so the
 * conversation stays valid for every provider ("tool_calls must be followed by tool
 * messages"). Calls the loop still works on are stopped first and end as cancelled. Returns
 * nothing when nothing was open, so the caller can send in the same task.
 */
export function settleOpenCalls(chat: Chat, loop: ToolLoopCore): Promise<void> | undefined {
  dropIncompleteCalls(chat);
  // A server tool's call still asked ends as cancelled on its part: nothing runs.
  cancelServerApprovals(chat);
  const open = openCallsAnywhere(chat);
  if (open.length === 0) return undefined;
  if (open.some((part) => inProgress(loop, part.toolCallId))) loop.stop();
  // The results go out with the user's message (its turn lifts this): the last one in must not
  // send them by itself first.
  loop.hold();
  return (async () => {
    // Awaited one by one: the chat applies them in order, and the request must carry them all.
    for (const part of open) {
      const tool = getToolName(part);
      const call = loop.state.calls.get(part.toolCallId);
      await chat.addToolOutput(
        call?.phase === 'done'
          ? { tool, toolCallId: part.toolCallId, output: call.output }
          : { tool, toolCallId: part.toolCallId, state: 'output-error', errorText: call?.error ?? toolErrorMessages.cancelled(tool) },
      );
    }
  })();
}
