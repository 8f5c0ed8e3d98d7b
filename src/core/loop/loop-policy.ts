import type { UIMessage } from 'ai';
import { getToolName } from '../chat/ui-part';
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
  // An answer with nothing in it ends the round: the results it answered are not sent again.
  const last = messages.at(-1);
  const answeredEmpty = last !== undefined && state.endings.get(last.id) === 'empty';
  let send = next.send && !answeredEmpty && !state.finalSent && state.control === 'active';
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

/**
 * {@link decideNext} that remembers its last answer: it is asked about the same conversation
 * and state several times in a row (by `sendAutomaticallyWhen`, by the request that lets go,
 * by the render), and each time it walks the last message. The AI SDK's chat replaces the
 * array and the message it changes, so their identities tell a change.
 */
export function rememberLastDecision(): typeof decideNext {
  let last:
    | { messages: readonly UIMessage[]; length: number; message: UIMessage | undefined; state: LoopState; decision: LoopDecision }
    | undefined;
  let lastLimits: Parameters<typeof decideNext>[2] | undefined;
  return (messages, state, limits) => {
    const message = messages.at(-1);
    if (
      last &&
      last.messages === messages &&
      last.length === messages.length &&
      last.message === message &&
      last.state === state &&
      lastLimits?.maxToolRounds === limits.maxToolRounds &&
      lastLimits.maxTokens === limits.maxTokens
    ) {
      return last.decision;
    }
    const decision = decideNext(messages, state, limits);
    last = { messages, length: messages.length, message, state, decision };
    lastLimits = { ...limits };
    return decision;
  };
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
