import type { ToolCallResult } from '../tools/types';
import { isSettled, type ToolCallState } from './call-state';
import type { LoopState } from './loop-state';
import type { LoopAction } from './reduce';

/** What one transition did to calls: the effects and events all follow from these. */
export interface CallChanges {
  /** Calls the model made that the loop met in this transition (not yet settled). */
  readonly received: ToolCallState[];
  /** Calls that got their one result in this transition, with that result. */
  readonly settled: { call: ToolCallState; result: ToolCallResult; wasOpen: boolean }[];
}

/** The calls that appeared or settled between two states. */
const NO_CHANGES: CallChanges = { received: [], settled: [] };

export function callChanges(action: LoopAction, prev: LoopState, next: LoopState): CallChanges {
  if (prev.calls === next.calls) return NO_CHANGES;
  const changes: CallChanges = { received: [], settled: [] };
  // Most actions touch one call: look at that one, not at every call of a long chat.
  const id = 'toolCallId' in action ? action.toolCallId : action.type === 'call-received' ? action.call.toolCallId : undefined;
  const candidates = id === undefined ? next.calls.values() : [next.calls.get(id)].filter((call) => call !== undefined);
  for (const call of candidates) {
    const before = prev.calls.get(call.toolCallId);
    if (before === call) continue;
    if (!before && !isSettled(call.phase)) changes.received.push(call);
    if (isSettled(call.phase) && (!before || !isSettled(before.phase))) {
      changes.settled.push({ call, result: resultOf(action, call), wasOpen: before !== undefined });
    }
  }
  return changes;
}

/** The result as the tool gave it when this action carried it, else as the state records it. */
function resultOf(action: LoopAction, call: ToolCallState): ToolCallResult {
  if (action.type === 'call-settled' && action.toolCallId === call.toolCallId && !action.cancelled) return action.result;
  const base = { toolCallId: call.toolCallId, toolName: call.toolName };
  return call.phase === 'done' ? { ...base, ok: true, output: call.output } : { ...base, ok: false, error: call.error ?? '' };
}
