import type { CallMap } from '../loop/call-map';
import type { ToolChatState } from './chat-state';

/**
 * A call's approval (or denial) shows in its part: stores again each message holding a call
 * whose approval changed between the two states of the calls. In the loop's chunk: a call
 * waits for approval only once a response brought it, and responses wait for that chunk.
 */
export function refreshApprovals(state: ToolChatState, previous: CallMap, calls: CallMap): void {
  const changed = new Set<string>();
  for (const call of calls.values()) {
    const before = previous.get(call.toolCallId);
    if (before !== call && (call.phase === 'awaiting-approval' || call.approval || before?.phase === 'awaiting-approval')) changed.add(call.toolCallId);
  }
  if (changed.size === 0) return;
  const messages = state.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.parts.some((part) => 'toolCallId' in part && changed.has(part.toolCallId))) state.refresh(i);
  }
}
