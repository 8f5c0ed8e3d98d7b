import type { FinishReason } from 'ai';
import type { ToolGrant } from '../chat/grants';
import { toolErrorMessages } from '../tools/errors';
import type { ToolCall, ToolCallResult } from '../tools/types';
import type { ApprovalChoice } from './approval';
import type { ApprovalGate } from './approval-gate';
import { isSettled, type ToolCallState } from './call-state';
import type { LoopUsage } from './events';
import type { AnswerEnding, FinalReason, LoopState } from './loop-state';
import { reduceControl, withEnding } from './reduce-control';

/**
 * Everything that happens to a tool loop, as data. A call's life:
 *
 *   call-received → pending ─┬─ approval-decided (ask) → awaiting-approval ─┬─ approval-answered (yes, or an edit) → pending
 *                            │                                              ├─ approval-answered (no) → denied
 *                            │                                              └─ approval-expired → expired
 *                            ├─ approval-decided (denied by the policy) → denied
 *                            └─ call-started → running ─ call-progressed … ─ call-settled → done | error | cancelled
 *
 * A call whose gate is known at once arrives past it (`awaiting-approval`, allowed, denied); one
 * whose gate is still being worked out (an async schema, policy or `needsApproval`) arrives
 * `pending` and `deciding`.
 *
 * `stopped` settles every call still open, in any phase, as cancelled. A settled call never
 * changes again: a late result, a second approval or a repeated chunk is a no-op.
 */
export type LoopAction =
  /** The user's message goes out: a new turn with a fresh token budget. */
  | { type: 'user-message' }
  /** A request leaves with the conversation as it holds `rounds` tool rounds; `final` when tools are disabled. */
  | { type: 'request-sent'; rounds: number; final: FinalReason | undefined }
  | { type: 'usage-reported'; usage: LoopUsage }
  /** The response ended: completely, aborted (Stop, unmount) or with an error; `messageId` is its assistant message. */
  | {
      type: 'response-finished';
      toolCalls: number;
      ended: 'complete' | 'aborted' | 'error';
      messageId: string | undefined;
      finishReason: FinishReason | undefined;
      /** The response wrote nothing (no text, call or reasoning): the model ended without an answer. */
      empty?: boolean;
    }
  /**
   * A call's input is complete; `runner: 'app'` for tools the app answers itself. `gate` when it
   * is known at once what stands before its run, `'deciding'` while that is worked out.
   */
  | { type: 'call-received'; call: ToolCall; runner: 'loop' | 'app'; gate: ApprovalGate | 'deciding'; at: number; origin?: string }
  /** What stands before the run of a call that arrived `deciding`. */
  | { type: 'approval-decided'; toolCallId: string; gate: ApprovalGate; at: number }
  /** The user's grants changed (a grant made, revoked, loaded). */
  | { type: 'grants-changed'; grants: readonly ToolGrant[] }
  /**
   * A call waiting for approval is answered: by the user (`choice`, with the edited `input` for
   * an edit), or by a grant the user made meanwhile.
   */
  | { type: 'approval-answered'; toolCallId: string; approved: boolean; by: 'user' | 'grant'; choice?: ApprovalChoice; reason?: string; input?: unknown; at: number }
  /** The user's edited input failed the schema: the call keeps waiting, with the error. */
  | { type: 'approval-edit-refused'; toolCallId: string; error: string }
  /** Nobody answered the call's approval within `approvalTimeoutMs`. */
  | { type: 'approval-expired'; toolCallId: string; at: number }
  | { type: 'call-started'; toolCallId: string }
  /** A preliminary output (a yield of an async generator `execute`), already JSON. */
  | { type: 'call-progressed'; toolCallId: string; output: unknown }
  /**
   * The call's one result: `result` as the tool gave it, `output` the JSON the model gets.
   * `cancelled` when it ended because of Stop.
   */
  | { type: 'call-settled'; toolCallId: string; result: ToolCallResult; output: unknown; cancelled: boolean; at: number }
  /** The results wait for `continue()` or the user's next message. */
  | { type: 'held' }
  /** `continue()` or Retry: the loop may send again. */
  | { type: 'resumed' }
  /** A restored conversation says how its answers ended (Stop, the token limit…): shown again. */
  | { type: 'endings-restored'; endings: ReadonlyMap<string, AnswerEnding> }
  /**
   * Stop: nothing more goes to the model until the user writes, and every open call ends as
   * cancelled, including `abandoned` ones whose input was still streaming. `messageId` is the
   * assistant message Stop cut, if any.
   */
  | { type: 'stopped'; abandoned: readonly ToolCall[]; messageId: string | undefined; at: number };

/**
 * The next state of a loop after an action; the same object when nothing changed. The actions
 * that may come before the loop's chunk loads (no call, no response yet) are `reduceControl`'s,
 * in the first load; the rest, and this whole reducer, load with the chunk.
 */
export function reduce(state: LoopState, action: LoopAction): LoopState {
  switch (action.type) {
    case 'request-sent':
      return {
        ...state,
        control: 'active',
        round: action.rounds + 1,
        inFlight: { final: action.final },
        finalSent: state.finalSent || action.final !== undefined,
        running: true,
        endReason: undefined,
        pendingUsage: undefined,
      };
    case 'usage-reported':
      return { ...state, pendingUsage: action.usage };
    case 'response-finished': {
      if (!state.running) return reduceControl(state, action);
      const final = state.inFlight?.final;
      const endReason =
        action.ended === 'aborted'
          ? undefined
          : action.ended === 'error'
            ? 'error'
            : (final ?? (action.toolCalls === 0 ? 'answered' : undefined));
      return {
        ...state,
        inFlight: undefined,
        tokensUsed: state.tokensUsed + (state.pendingUsage?.totalTokens ?? 0),
        pendingUsage: undefined,
        running: endReason === undefined,
        endReason,
        endings: withEnding(state.endings, action.messageId, endingOf(action, final)),
      };
    }
    case 'call-received': {
      // Duplicate chunks, remounts and resubmissions all land here: one record per call, ever.
      if (state.calls.has(action.call.toolCallId)) return state;
      const { toolCallId, toolName, input } = action.call;
      const call: ToolCallState = {
        toolCallId,
        toolName,
        input,
        phase: 'pending',
        runner: action.runner,
        round: state.round,
        receivedAt: action.at,
        ...(action.origin === undefined ? {} : { origin: action.origin }),
      };
      return withCall(state, action.gate === 'deciding' ? { ...call, deciding: true } : passGate(call, action.gate, action.at));
    }
    case 'approval-decided':
      return update(state, action.toolCallId, (call) => {
        if (call.phase !== 'pending' || !call.deciding) return call;
        const { deciding: _decided, ...rest } = call;
        return passGate(rest, action.gate, action.at);
      });
    case 'approval-answered':
      return update(state, action.toolCallId, (call) => {
        if (call.phase !== 'awaiting-approval') return call;
        const { question: _answered, ...rest } = call;
        const decided = { by: action.by, ...(action.choice === undefined ? {} : { choice: action.choice }), ...(action.reason === undefined ? {} : { reason: action.reason }) };
        if (action.approved && action.choice === 'edit' && 'input' in action) {
          return { ...rest, input: action.input, phase: 'pending', approval: { approved: true, ...decided, editedFrom: call.input } };
        }
        if (action.approved) return { ...rest, phase: 'pending', approval: { approved: true, ...decided } };
        const denied = settle(call, 'denied', { error: toolErrorMessages.denied(call.toolName, action.reason) }, action.at);
        denied.approval = { approved: false, ...decided };
        return denied;
      });
    case 'approval-edit-refused':
      return update(state, action.toolCallId, (call) =>
        call.phase === 'awaiting-approval' && call.question ? { ...call, question: { ...call.question, editError: action.error } } : call,
      );
    case 'approval-expired':
      return update(state, action.toolCallId, (call) => {
        if (call.phase !== 'awaiting-approval') return call;
        const expired = settle(call, 'expired', { error: toolErrorMessages.approvalExpired(call.toolName) }, action.at);
        expired.approval = { approved: false, by: 'timeout' };
        return expired;
      });
    case 'call-started':
      return update(state, action.toolCallId, (call) => (call.phase === 'pending' ? { ...call, phase: 'running' } : call));
    case 'call-progressed':
      return update(state, action.toolCallId, (call) => (call.phase === 'running' ? { ...call, output: action.output } : call));
    case 'call-settled': {
      const { result } = action;
      return update(state, action.toolCallId, (call) => {
        // Ended by Stop: cancelled, whatever the tool managed to return meanwhile.
        if (action.cancelled) return cancel(call, action.at);
        return settle(call, result.ok ? 'done' : 'error', result.ok ? { output: action.output } : { error: result.error }, action.at);
      });
    }
    case 'stopped': {
      let calls = state.calls;
      for (const call of state.calls.values()) {
        if (!isSettled(call.phase)) calls = calls.with(cancel(call, action.at));
      }
      for (const call of action.abandoned) {
        if (calls.has(call.toolCallId)) continue;
        const received: ToolCallState = { ...call, phase: 'pending', runner: 'loop', round: state.round, receivedAt: action.at };
        calls = calls.with(cancel(received, action.at));
      }
      return reduceControl(calls === state.calls ? state : { ...state, calls }, action);
    }
    default:
      return reduceControl(state, action);
  }
}

/** How the response's answer ended, when it did not simply finish. */
function endingOf(action: Extract<LoopAction, { type: 'response-finished' }>, final: FinalReason | undefined): AnswerEnding | undefined {
  if (action.ended === 'error') return 'error';
  if (action.ended === 'aborted') return undefined;
  if (action.finishReason === 'length' || action.finishReason === 'content-filter') return action.finishReason;
  if (action.empty) return 'empty';
  return final;
}

/** A call past its gate: waiting for the user, allowed or denied without asking, or free to run. */
function passGate(call: ToolCallState, gate: ApprovalGate, at: number): ToolCallState {
  switch (gate.kind) {
    case 'run':
      return call;
    case 'ask':
      return { ...call, phase: 'awaiting-approval', question: gate.question };
    case 'allowed':
      return { ...call, approval: { approved: true, by: gate.by, ...(gate.reason === undefined ? {} : { reason: gate.reason }) } };
    case 'denied': {
      const denied = settle(call, 'denied', { error: toolErrorMessages.deniedByPolicy(call.toolName, gate.reason) }, at);
      denied.approval = { approved: false, by: 'policy', ...(gate.reason === undefined ? {} : { reason: gate.reason }) };
      return denied;
    }
  }
}

function withCall(state: LoopState, call: ToolCallState): LoopState {
  return { ...state, calls: state.calls.with(call) };
}

/** Applies `change` to one open call; settled calls and unknown ids are left as they are. */
function update(state: LoopState, toolCallId: string, change: (call: ToolCallState) => ToolCallState): LoopState {
  const call = state.calls.get(toolCallId);
  if (!call || isSettled(call.phase)) return state;
  const next = change(call);
  return next === call ? state : withCall(state, next);
}

function settle(
  call: ToolCallState,
  phase: 'done' | 'error' | 'denied' | 'expired' | 'cancelled',
  outcome: { output: unknown } | { error: string },
  at: number,
): ToolCallState {
  // Written out rather than spread: this runs for every call, and the preliminary output goes.
  const settled: ToolCallState = {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input,
    phase,
    runner: call.runner,
    round: call.round,
    receivedAt: call.receivedAt,
    endedAt: at,
  };
  if ('output' in outcome) settled.output = outcome.output;
  else settled.error = outcome.error;
  if (call.approval) settled.approval = call.approval;
  if (call.origin !== undefined) settled.origin = call.origin;
  return settled;
}

function cancel(call: ToolCallState, at: number): ToolCallState {
  return settle(call, 'cancelled', { error: toolErrorMessages.cancelled(call.toolName) }, at);
}
