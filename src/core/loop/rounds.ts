import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';
import { isToolUIPart } from '../chat/ui-part';

/** A tool call part of a message, static (`tool-<name>`) or dynamic. */
export type ToolPart = ToolUIPart | DynamicToolUIPart;

/** Round policy for the next request. */
export interface NextRequest {
  /** Whether the results of the last round should go back to the model now. */
  send: boolean;
  /** True when the round limit is reached: the model must answer without tools. */
  toolsDisabled: boolean;
  /** Tool rounds the last assistant message already holds. */
  rounds: number;
}

export const DEFAULT_MAX_TOOL_ROUNDS = 5;

const finished = new Set<ToolPart['state']>(['output-available', 'output-error', 'output-denied']);

/** Whether a tool part has its result (including errors and denials). */
export function hasToolResult(part: ToolPart): boolean {
  return finished.has(part.state) && !(part.state === 'output-available' && part.preliminary === true);
}

/**
 * A server tool's call the user answered (`approval-responded` with the server's own approval id,
 * where a browser tool's is its call id): the server runs it, or tells the model of the denial.
 */
export function isServerApprovalResponse(part: ToolPart): boolean {
  return part.state === 'approval-responded' && part.providerExecuted !== true && part.approval.id !== part.toolCallId;
}

/** Tool rounds of an assistant message: its steps that called at least one tool. */
export function countToolRounds(message: UIMessage | undefined): number {
  if (!message || message.role !== 'assistant') return 0;
  // One pass without building the steps: this runs several times per round on long messages.
  let rounds = 0;
  let stepHasTool = false;
  for (const part of message.parts) {
    if (part.type === 'step-start') {
      if (stepHasTool) rounds++;
      stepHasTool = false;
    } else if (!stepHasTool && isToolUIPart(part)) {
      stepHasTool = true;
    }
  }
  return stepHasTool ? rounds + 1 : rounds;
}

/** The tool parts of the last step of a message. */
export function lastStepToolParts(message: UIMessage | undefined): ToolPart[] {
  if (!message || message.role !== 'assistant') return [];
  // The last step is the parts after the last `step-start` that has any after it.
  const parts = message.parts;
  let end = parts.length;
  while (end > 0 && parts[end - 1]!.type === 'step-start') end--;
  let start = end;
  while (start > 0 && parts[start - 1]!.type !== 'step-start') start--;
  const tools: ToolPart[] = [];
  for (let i = start; i < end; i++) {
    const part = parts[i]!;
    if (isToolUIPart(part)) tools.push(part);
  }
  return tools;
}

/**
 * Decides whether the conversation goes back to the model: when the last assistant step
 * called tools and every call has its result. Past `maxToolRounds` it still goes once more,
 * with tools disabled, so the user gets a text answer; a model that calls tools even then is
 * not asked again, so the loop always ends.
 */
export function nextRequest(messages: readonly UIMessage[], maxToolRounds = DEFAULT_MAX_TOOL_ROUNDS): NextRequest {
  const last = messages.at(-1);
  const rounds = countToolRounds(last);
  const parts = lastStepToolParts(last);
  const complete = parts.length > 0 && parts.every((part) => hasToolResult(part) || isServerApprovalResponse(part));
  return {
    send: complete && rounds <= maxToolRounds,
    toolsDisabled: rounds >= maxToolRounds,
    rounds,
  };
}
