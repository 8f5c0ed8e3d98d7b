import type { ToolCallResult } from '../tools/types';
import type { CallChanges } from './call-changes';
import type { ToolCallState } from './call-state';
import type { ToolCallOutcome, ToolLoopEvent } from './events';
import type { LoopState } from './loop-state';
import type { LoopAction } from './reduce';

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

function outcomeOf(call: ToolCallState, result: ToolCallResult): ToolCallOutcome {
  if (call.phase === 'cancelled' || call.phase === 'denied') return call.phase;
  if (result.ok) return 'ok';
  return result.error.startsWith(`Tool "${result.toolName}" timed out after `) ? 'timeout' : 'error';
}
