import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';
import { isToolUIPart } from './ui-part';
import { INTERRUPTED_TOOL_ERROR } from '../storage/interrupted';

/** A static (`tool-<name>`) or dynamic tool part of a `UIMessage`: the one tool-part type of toolchat. */
export type ToolPart = ToolUIPart | DynamicToolUIPart;

type Part = UIMessage['parts'][number];

/** True for tool parts, static or dynamic. */
export function isToolPart(part: Part): part is ToolPart {
  return isToolUIPart(part);
}

/**
 * Whether any message has a tool part. What reads calls in a conversation is the loop's chunk:
 * a conversation without one needs nothing of it, one given with calls (`initialMessages`, a
 * restored chat) waits for it before the user's message goes.
 */
export function hasToolParts(messages: readonly UIMessage[]): boolean {
  return messages.some((message) => message.parts.some(isToolUIPart));
}

/**
 * True for a call a reload cut off: restored from storage with no result and nothing left to
 * give it one, it reads `output-error` with `INTERRUPTED_TOOL_ERROR`. `runAgain` runs it again.
 */
export function isInterruptedToolPart(part: Part): boolean {
  return isToolUIPart(part) && part.state === 'output-error' && part.errorText === INTERRUPTED_TOOL_ERROR;
}

/**
 * Approvals of browser tools carry the call's own id as their approval id: the AI SDK's parts
 * say `approval-requested` / `approval-responded` / `output-denied` while the request that goes
 * to the server stays what a browser tool's call always was (a result, or an error).
 */
export function isBrowserApproval(part: ToolPart): boolean {
  return part.providerExecuted !== true && part.approval?.id === part.toolCallId;
}
