import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';

/** The error a call that never finished gets, so every provider sees a result for every call. */
export const INTERRUPTED_TOOL_ERROR = 'interrupted: the page was closed before the tool finished';

type ToolPart = ToolUIPart | DynamicToolUIPart;

function isToolPart(part: UIMessage['parts'][number]): part is ToolPart {
  return part.type === 'dynamic-tool' || part.type.startsWith('tool-');
}

/**
 * A call is interrupted when it has no result and nothing will give it one: its input was
 * still streaming, it was running, or it was approved and then running. A call awaiting
 * approval is not (the user can still answer), nor is a denied one.
 */
function isInterrupted(part: ToolPart): boolean {
  switch (part.state) {
    case 'input-streaming':
    case 'input-available':
      return true;
    case 'approval-responded':
      return part.approval.approved;
    default:
      return false;
  }
}

/**
 * The ids of tool calls in restored messages that were cut off by a reload: show them as
 * interrupted. Only meaningful for messages loaded from storage (in a live chat the same
 * states mean "running").
 */
export function interruptedToolCallIds(messages: readonly UIMessage[]): string[] {
  return messages.flatMap((message) => message.parts.filter(isToolPart).filter(isInterrupted).map((part) => part.toolCallId));
}

/**
 * Turns interrupted calls into `output-error` results (`INTERRUPTED_TOOL_ERROR`), so the
 * conversation stays valid for every provider when the user continues. Returns new message
 * objects where something changed and the same ones elsewhere.
 */
export function settleInterruptedToolCalls(messages: readonly UIMessage[]): UIMessage[] {
  return messages.map((message) => {
    if (!message.parts.some((part) => isToolPart(part) && isInterrupted(part))) return message;
    const parts = message.parts.map((part) => {
      if (!isToolPart(part) || !isInterrupted(part)) return part;
      const { output: _output, errorText: _errorText, rawInput: _rawInput, inputEncoding: _encoding, approval, ...rest } =
        part as ToolPart & { rawInput?: unknown; inputEncoding?: unknown };
      const settled = {
        ...rest,
        state: 'output-error' as const,
        input: part.input,
        errorText: INTERRUPTED_TOOL_ERROR,
        ...(approval?.approved === true ? { approval } : {}),
      };
      return settled as ToolPart;
    });
    return { ...message, parts };
  });
}
