import type { ToolCallResult } from '../tools/types';

/** Why a loop ended: a text answer, a forced final answer (round limit or token budget), Stop, or an error. */
export type LoopEndReason = 'answered' | 'max-rounds' | 'budget' | 'stopped' | 'error';

/** How a tool call ended. */
export type ToolCallOutcome = 'ok' | 'error' | 'timeout' | 'cancelled' | 'denied';

/** Token counts the model reported. */
export interface LoopUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/**
 * The loop's event log, one event per step; `at` is the loop clock (`Date.now` by default).
 * A round is one request to the model, counted from 1 within the user's turn.
 */
export type ToolLoopEvent =
  | { type: 'round-start'; at: number; round: number; toolsDisabled: boolean; final?: 'max-rounds' | 'budget' }
  | { type: 'tool-call-start'; at: number; round: number; toolCallId: string; toolName: string; input: unknown }
  | {
      type: 'tool-call-end';
      at: number;
      round: number;
      toolCallId: string;
      toolName: string;
      /** From the call's arrival to its result, approval wait and retries included. */
      durationMs: number;
      outcome: ToolCallOutcome;
      result: ToolCallResult;
    }
  | { type: 'round-end'; at: number; round: number; toolCalls: number; usage?: LoopUsage }
  | { type: 'loop-end'; at: number; reason: LoopEndReason; rounds: number; totalTokens: number };

/** One readable line per event, for `debug: true`. */
export function formatLoopEvent(event: ToolLoopEvent): string {
  switch (event.type) {
    case 'round-start':
      return `[toolchat] round ${event.round} start${event.toolsDisabled ? ` (tools disabled: ${event.final ?? 'final'})` : ''}`;
    case 'tool-call-start':
      return `[toolchat] round ${event.round} ${event.toolName} (${event.toolCallId}) start`;
    case 'tool-call-end':
      return `[toolchat] round ${event.round} ${event.toolName} (${event.toolCallId}) ${event.outcome} in ${event.durationMs} ms${
        event.result.ok ? '' : `: ${event.result.error}`
      }`;
    case 'round-end':
      return `[toolchat] round ${event.round} end: ${event.toolCalls} tool call(s)${
        event.usage?.totalTokens === undefined ? '' : `, ${event.usage.totalTokens} tokens`
      }`;
    case 'loop-end':
      return `[toolchat] loop end: ${event.reason} after ${event.rounds} round(s), ${event.totalTokens} tokens`;
  }
}
