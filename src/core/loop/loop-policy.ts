import { getToolName, type UIMessage } from 'ai';
import { toolErrorMessages } from '../tools/errors';
import type { ToolCallResult } from '../tools/types';
import type { ToolCallOutcome } from './events';
import { lastStepToolParts, nextRequest } from './rounds';
import type { ToolRunPhase } from './tool-run';

/** Why a request goes out with tools disabled. */
export type FinalReason = 'max-rounds' | 'budget';

/** The loop's decision for the next request. */
export interface LoopDecision {
  /** The last round's results are complete and may go back to the model. */
  send: boolean;
  /** Set when the next request must be the final answer, tools disabled. */
  final: FinalReason | undefined;
  /** Tool rounds the last assistant message already holds. */
  rounds: number;
}

/**
 * The round policy plus the token budget: past `maxToolRounds`, or once the loop has used
 * `maxTokens`, the next request goes with tools disabled; after that forced final request,
 * nothing more is sent, whatever the model answers.
 */
export function decideNext(
  messages: readonly UIMessage[],
  state: { maxToolRounds: number; maxTokens: number | undefined; tokensUsed: number; finalSent: boolean },
): LoopDecision {
  const next = nextRequest(messages, state.maxToolRounds);
  const overBudget = state.maxTokens !== undefined && state.tokensUsed >= state.maxTokens && next.rounds > 0;
  const final: FinalReason | undefined = next.toolsDisabled ? 'max-rounds' : overBudget ? 'budget' : undefined;
  return { send: next.send && !state.finalSent, final, rounds: next.rounds };
}

const settledPhases = new Set<ToolRunPhase>(['done', 'error', 'denied', 'cancelled']);

export function isSettled(phase: ToolRunPhase): boolean {
  return settledPhases.has(phase);
}

/** The results of the last step's tool calls, as `autoContinue` receives them. */
export function lastStepResults(messages: readonly UIMessage[]): ToolCallResult[] {
  return lastStepToolParts(messages.at(-1)).map((part): ToolCallResult => {
    const base = { toolCallId: part.toolCallId, toolName: getToolName(part) };
    if (part.state === 'output-available') return { ...base, ok: true, output: part.output };
    if (part.state === 'output-error') return { ...base, ok: false, error: part.errorText };
    return { ...base, ok: false, error: toolErrorMessages.denied(base.toolName) };
  });
}

/** How a call ended, for the event log. */
export function outcomeOf(result: ToolCallResult, phase: ToolRunPhase): ToolCallOutcome {
  if (phase === 'cancelled' || phase === 'denied') return phase;
  if (result.ok) return 'ok';
  return result.error.startsWith(`Tool "${result.toolName}" timed out after `) ? 'timeout' : 'error';
}
