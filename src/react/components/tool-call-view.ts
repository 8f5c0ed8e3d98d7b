import { toolCallView } from '../../core/chat/tool-call-views';
import type { ToolPart } from '../../core/chat/part-states';
import type { ToolCallView } from '../types';

/**
 * The card's view of a call: `known` (the chat's view, `useToolChat().getToolCall`) when there
 * is one, else what the message part alone says (plain `useChat` messages). Prefer the chat's
 * `toolCalls` / `getToolCall`: they join the part and the loop's record.
 */
export function toolCallViewFromPart(part: ToolPart, known?: ToolCallView): ToolCallView {
  return known ?? toolCallView(part);
}
