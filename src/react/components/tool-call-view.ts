import { getToolName, isToolUIPart } from 'ai';
import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';
import type { ToolCallPhase, ToolCallView } from '../types';

/** A static (`tool-<name>`) or dynamic tool part of a `UIMessage`. */
export type ToolPart = ToolUIPart | DynamicToolUIPart;

/** True for tool parts, static or dynamic. */
export function isToolPart(part: UIMessage['parts'][number]): part is ToolPart {
  return isToolUIPart(part);
}

/** Phases after which a call will not change any more. */
export function isFinalPhase(phase: ToolCallPhase): boolean {
  return phase === 'done' || phase === 'error' || phase === 'denied' || phase === 'cancelled';
}

/**
 * Maps a tool part, plus what the hook knows of its run when present, to the card's view.
 * The part alone cannot tell waiting from running, a cancelled call, or the duration:
 * `runtime` (from `useToolChat().getToolCall`) refines those; without it, e.g. with plain
 * `useChat` messages, a call whose input is complete counts as running.
 */
export function toolCallViewFromPart(part: ToolPart, runtime?: ToolCallView): ToolCallView {
  const view: ToolCallView = {
    toolCallId: part.toolCallId,
    toolName: getToolName(part),
    phase: phaseOf(part, runtime),
    input: part.input ?? runtime?.input,
  };
  if (part.state === 'output-available') view.output = part.output;
  else if (runtime && 'output' in runtime) view.output = runtime.output;
  const error = errorOf(part) ?? runtime?.error;
  if (error !== undefined) view.error = error;
  if (runtime?.durationMs !== undefined) view.durationMs = runtime.durationMs;
  return view;
}

function phaseOf(part: ToolPart, runtime: ToolCallView | undefined): ToolCallPhase {
  switch (part.state) {
    case 'output-available':
      return 'done';
    case 'output-error':
      // Stopped and denied calls end with an error result the model can read; the hook
      // knows which it was.
      return runtime?.phase === 'cancelled' || runtime?.phase === 'denied' ? runtime.phase : 'error';
    case 'output-denied':
      return 'denied';
    case 'approval-requested':
      return runtime?.phase ?? 'awaiting-approval';
    case 'approval-responded':
      if (!part.approval.approved) return 'denied';
      return runtime?.phase ?? 'running';
    case 'input-streaming':
      return runtime?.phase ?? 'streaming-input';
    case 'input-available':
      return runtime?.phase ?? 'running';
  }
}

function errorOf(part: ToolPart): string | undefined {
  if (part.state === 'output-error') return part.errorText;
  if (part.state === 'output-denied' || (part.state === 'approval-responded' && !part.approval.approved)) {
    return part.approval.reason;
  }
  return undefined;
}
