import type { ToolCall } from '../tools/types';
import type { CallApproval, CallQuestion } from './approval';

/**
 * Where a tool call is in its life. `streaming-input` and `interrupted` (a call a reload cut
 * off, restored with an error result) are only ever read from a message part: the loop meets a
 * call when its input is complete. Every other phase is the loop's.
 */
export type ToolCallPhase =
  | 'streaming-input'
  | 'pending'
  | 'awaiting-approval'
  | 'running'
  | 'done'
  | 'error'
  | 'denied'
  | 'expired'
  | 'cancelled'
  | 'interrupted';

/**
 * A phase a call never leaves. `denied`: by the user or the app's approval policy; `expired`:
 * nobody answered its approval within `approvalTimeoutMs`.
 */
export type SettledPhase = 'done' | 'error' | 'denied' | 'expired' | 'cancelled' | 'interrupted';

/** Whether a call in this phase has its one result. */
export function isSettled(phase: ToolCallPhase): phase is SettledPhase {
  return phase === 'done' || phase === 'error' || phase === 'denied' || phase === 'expired' || phase === 'cancelled' || phase === 'interrupted';
}

/**
 * One tool call as the loop knows it, from the moment its input is complete to its result.
 * Replaced, never mutated, on every change: a component can tell a changed call by identity.
 */
export interface ToolCallState extends ToolCall {
  phase: ToolCallPhase;
  /** Who produces the result: the loop runs `execute`, or the app answers with `addToolResult`. */
  runner: 'loop' | 'app';
  /** The round of the loop the call belongs to, counted from 1 within the user's turn. */
  round: number;
  /** When the call arrived, on the loop's clock. */
  receivedAt: number;
  /** The loop is still finding out whether the user must approve it (an async `needsApproval`). */
  deciding?: true;
  /** When the call settled. */
  endedAt?: number;
  /** The output as the model gets it (JSON, within `maxOutputBytes`); preliminary while running. */
  output?: unknown;
  /** The error the model reads, when the call failed, was denied or cancelled. */
  error?: string;
  /** While the call waits for approval: why it asks, the scope a grant from it would carry. */
  question?: CallQuestion;
  /**
   * How its approval was decided, for a call that asked or would have (by the user, a grant,
   * the app's policy, or expiry): its part reads `approval-responded` or `output-denied`.
   */
  approval?: CallApproval;
  /**
   * Who made a call the model did not make (`runToolCall`): e.g. `mcp-app:<id of the call whose
   * app made it>`. Such a call has no message part, and its result goes back to its caller only.
   */
  origin?: string;
}
