import type { ToolCallResult } from '../tools/types';
import { isSettled, type ToolCallState } from './call-state';
import type { ToolCallOutcome, ToolLoopEvent } from './events';
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

/**
 * The log events of one transition, in the order things happened. Every `onEvent`/`debug`
 * event comes from here.
 */
export function loopEvents(action: LoopAction, prev: LoopState, next: LoopState, changes: CallChanges, at: number): ToolLoopEvent[] {
  const events: ToolLoopEvent[] = [];
  if (action.type === 'request-sent') {
    const final = next.inFlight?.final;
    events.push({ type: 'round-start', at, round: next.round, toolsDisabled: final !== undefined, ...(final ? { final } : {}) });
  }
  for (const call of changes.received) {
    events.push({ type: 'tool-call-start', at: call.receivedAt, round: call.round, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
  }
  for (const { call, result, wasOpen } of changes.settled) {
    // A call abandoned mid-stream was never made: it has a record, not a log entry.
    if (!wasOpen) continue;
    events.push({
      type: 'tool-call-end',
      at: call.endedAt ?? at,
      round: call.round,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      durationMs: (call.endedAt ?? at) - call.receivedAt,
      outcome: outcomeOf(call, result),
      result,
    });
  }
  if (action.type === 'response-finished' && prev.running) {
    const usage = prev.pendingUsage;
    events.push({ type: 'round-end', at, round: prev.round, toolCalls: action.toolCalls, ...(usage ? { usage } : {}) });
  }
  if (prev.running && !next.running && next.endReason) {
    events.push({ type: 'loop-end', at, reason: next.endReason, rounds: next.round, totalTokens: next.tokensUsed });
  }
  return events;
}

/** The result as the tool gave it when this action carried it, else as the state records it. */
function resultOf(action: LoopAction, call: ToolCallState): ToolCallResult {
  if (action.type === 'call-settled' && action.toolCallId === call.toolCallId && !action.cancelled) return action.result;
  const base = { toolCallId: call.toolCallId, toolName: call.toolName };
  return call.phase === 'done' ? { ...base, ok: true, output: call.output } : { ...base, ok: false, error: call.error ?? '' };
}

function outcomeOf(call: ToolCallState, result: ToolCallResult): ToolCallOutcome {
  if (call.phase === 'cancelled' || call.phase === 'denied') return call.phase;
  if (result.ok) return 'ok';
  return result.error.startsWith(`Tool "${result.toolName}" timed out after `) ? 'timeout' : 'error';
}
