import { getToolName, isToolUIPart } from 'ai';
import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';
import type { ToolCallPhase } from '../../core/loop/call-state';
import { INTERRUPTED_TOOL_ERROR } from '../../core/storage/interrupted';
import type { ToolCallView } from '../types';

/** A static (`tool-<name>`) or dynamic tool part of a `UIMessage`. */
export type ToolPart = ToolUIPart | DynamicToolUIPart;

/** True for tool parts, static or dynamic. */
export function isToolPart(part: UIMessage['parts'][number]): part is ToolPart {
  return isToolUIPart(part);
}

/**
 * The card's view of a call: what the loop knows of it (`useToolChat().getToolCall`) when it
 * knows the call, else what the message part alone says (a call still streaming its input, a
 * server tool, plain `useChat` messages). One record or the other, never a mix: the loop's
 * record is the call's whole truth once it has one.
 */
export function toolCallViewFromPart(part: ToolPart, known?: ToolCallView): ToolCallView {
  if (known) return known;
  const view: ToolCallView = {
    toolCallId: part.toolCallId,
    toolName: getToolName(part),
    phase: phaseOf(part),
    input: part.input,
  };
  if (part.state === 'output-available') view.output = part.output;
  const error = errorOf(part);
  if (error !== undefined) view.error = error;
  return view;
}

function phaseOf(part: ToolPart): ToolCallPhase {
  switch (part.state) {
    case 'output-available':
      return 'done';
    case 'output-error':
      return part.errorText === INTERRUPTED_TOOL_ERROR ? 'interrupted' : 'error';
    case 'output-denied':
      return 'denied';
    case 'approval-requested':
      return 'awaiting-approval';
    case 'approval-responded':
      return part.approval.approved ? 'running' : 'denied';
    case 'input-streaming':
      return 'streaming-input';
    case 'input-available':
      // Without the loop's record (plain `useChat`), a call whose input is complete is running.
      return 'running';
  }
}

function errorOf(part: ToolPart): string | undefined {
  if (part.state === 'output-error') return part.errorText;
  if (part.state === 'output-denied' || (part.state === 'approval-responded' && !part.approval.approved)) {
    return part.approval.reason;
  }
  return undefined;
}
