import { getToolName, type UIMessage } from 'ai';
import { toolErrorMessages } from '../tools/errors';
import type { ToolCallResult } from '../tools/types';
import { isSettled } from './call-state';
import type { FinalReason, LoopState } from './loop-state';
import { lastStepToolParts, nextRequest } from './rounds';

/** The loop's decision for the next request. */
export interface LoopDecision {
  /** The last round's results are complete, the loop may send, and they go back to the model. */
  send: boolean;
  /** Set when the next request must be the final answer, tools disabled. */
  final: FinalReason | undefined;
  /** Tool rounds the last assistant message already holds. */
  rounds: number;
}

/**
 * The round policy plus the token budget and the loop's own state: past `maxToolRounds`, or
 * once the turn has used `maxTokens`, the next request goes with tools disabled; after that
 * forced final request nothing more is sent, whatever the model answers. Nothing is sent
 * while a call of the last step is still open in the loop (a result the server made up does
 * not count), after Stop, or while the results are held for `continue()`.
 */
export function decideNext(
  messages: readonly UIMessage[],
  state: LoopState,
  limits: { maxToolRounds: number; maxTokens: number | undefined },
): LoopDecision {
  const next = nextRequest(messages, limits.maxToolRounds);
  const overBudget = limits.maxTokens !== undefined && state.tokensUsed >= limits.maxTokens && next.rounds > 0;
  const final: FinalReason | undefined = next.toolsDisabled ? 'max-rounds' : overBudget ? 'budget' : undefined;
  let send = next.send && !state.finalSent && state.control === 'active';
  if (send) {
    for (const part of lastStepToolParts(messages.at(-1))) {
      const call = state.calls.get(part.toolCallId);
      if (call && !isSettled(call.phase)) {
        send = false;
        break;
      }
    }
  }
  return { send, final, rounds: next.rounds };
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
