import { findGrant, type ToolGrant, type ToolGrantReach } from '../chat/grants';
import type { AnyToolDefinition } from '../tools/define-tool';
import { errorMessage } from '../tools/errors';
import { findTool } from '../tools/find-tool';
import { MAX_TIMER_MS } from '../tools/number-options';
import type { ToolCall } from '../tools/types';
import type { ApprovalAnswer, ApprovalChoice, ApprovalOutcome, ApprovalResult } from './approval';
import { approvalGate, type ApprovalGate } from './approval-gate';
import { checkEditedInput } from './edited-input';
import type { LoopState } from './loop-state';
import type { LoopAction } from './reduce';
import type { LoopChat } from './tool-loop-core';
import type { ResolvedLoopOptions } from './tool-loop-options';

const MAX_REASON_CHARS = 1000;

/** What a loop's approvals read and change of their loop (`ToolLoopCore`). */
export interface ApprovalHost {
  state(): LoopState;
  dispatch(action: LoopAction): void;
  options(): ResolvedLoopOptions;
  chat(): LoopChat | undefined;
  /** Keeps a grant the user made where the chat keeps grants (`ToolLoopCore.grant`). */
  grant(reach: ToolGrantReach): void;
}

/**
 * The approvals of one loop's calls: the gate each call passes (the tool's `needsApproval`, the
 * app's policy, the user's grants), the user's answers and who waits for them, and the expiry
 * of `approvalTimeoutMs`. In the loop's chunk, made with the loop's first call: none of it is
 * in the first load, and all of it is there once a call can ask.
 */
export class CallApprovals {
  readonly #host: ApprovalHost;
  /** The user's answer to each call waiting for approval, by call id. */
  readonly #waiting = new Map<string, (outcome: ApprovalOutcome) => void>();
  /** The timers of `approvalTimeoutMs`, by call id. */
  readonly #expiries = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(host: ApprovalHost) {
    this.#host = host;
  }

  /**
   * Records a call that arrived, past its gate when that is known at once, and returns the gate
   * (a Promise while an async schema, policy or `needsApproval` decides).
   */
  receive(call: ToolCall, runner: 'loop' | 'app', tool: AnyToolDefinition | undefined, origin?: string): ApprovalGate | Promise<ApprovalGate> {
    const host = this.#host;
    const gate = approvalGate(tool, call, {
      policy: host.options().approvalPolicy,
      grants: () => host.state().grants,
      chatId: host.chat()?.id,
      messages: () => host.chat()?.messages ?? [],
      onPolicyError: (error) => this.#report(error),
    });
    const at = host.options().now();
    const known = gate instanceof Promise ? undefined : gate;
    // A call denied at once still arrives first: the app's `onToolCall` and the log see it.
    host.dispatch({ type: 'call-received', call, runner, gate: known === undefined || known.kind === 'denied' ? 'deciding' : known, at, ...(origin === undefined ? {} : { origin }) });
    if (known?.kind === 'denied') host.dispatch({ type: 'approval-decided', toolCallId: call.toolCallId, gate: known, at });
    this.#watchExpiry(call.toolCallId);
    return gate;
  }

  /** An async gate came in. */
  decided(toolCallId: string, gate: ApprovalGate): void {
    this.#host.dispatch({ type: 'approval-decided', toolCallId, gate, at: this.#host.options().now() });
    this.#watchExpiry(toolCallId);
  }

  /** Waits for the user's answer (the decision already made when the call no longer waits). */
  ask(toolCallId: string): Promise<ApprovalOutcome> {
    const current = this.#host.state().calls.get(toolCallId);
    if (current?.phase !== 'awaiting-approval') return Promise.resolve({ approved: current?.approval?.approved ?? true });
    return new Promise((resolve) => this.#waiting.set(toolCallId, resolve));
  }

  /** See `ToolLoopCore.answerApproval`. */
  async answer(toolCallId: string, answer: ApprovalAnswer): Promise<ApprovalResult> {
    const call = this.#host.state().calls.get(toolCallId);
    if (!call || call.phase !== 'awaiting-approval' || !this.#waiting.has(toolCallId)) return notWaiting(toolCallId);
    const choice: ApprovalChoice = answer.choice;
    switch (answer.choice) {
      case 'allow-once':
        this.#settle(toolCallId, { approved: true }, 'user', choice);
        return { ok: true };
      case 'deny': {
        const reason = typeof answer.reason === 'string' ? answer.reason.trim().slice(0, MAX_REASON_CHARS) : '';
        this.#settle(toolCallId, reason === '' ? { approved: false } : { approved: false, reason }, 'user', choice);
        return { ok: true };
      }
      case 'allow-chat':
      case 'allow-always': {
        const question = call.question;
        if (!question?.grantable) return { ok: false, error: `This call of "${call.toolName}" can only be approved once: its scope could not be read` };
        const reach: ToolGrantReach = {
          toolName: call.toolName,
          ...(question.scope === undefined ? {} : { scope: question.scope }),
          ...(answer.choice === 'allow-chat' ? { chatId: this.#host.chat()?.id ?? '' } : {}),
        };
        this.#settle(toolCallId, { approved: true }, 'user', choice);
        this.#host.grant(reach);
        return { ok: true };
      }
      case 'edit': {
        const checked = await checkEditedInput(findTool(this.#host.options().tools, call.toolName), call.toolName, answer.input);
        // Answered meanwhile (Stop, another answer, expiry): the edit comes too late.
        if (this.#host.state().calls.get(toolCallId)?.phase !== 'awaiting-approval') return notWaiting(toolCallId);
        if (!checked.ok) {
          this.#host.dispatch({ type: 'approval-edit-refused', toolCallId, error: checked.error });
          return checked;
        }
        this.#settle(toolCallId, { approved: true, input: checked.input }, 'user', choice);
        return { ok: true };
      }
    }
  }

  /** The user's grants changed: the calls waiting for approval that one now covers run. */
  granted(grants: readonly ToolGrant[]): void {
    const chatId = this.#host.chat()?.id;
    for (const call of this.#host.state().calls.values()) {
      if (call.phase !== 'awaiting-approval' || !call.question) continue;
      if (findGrant(grants, { toolName: call.toolName, scope: call.question.scope, chatId })) this.#settle(call.toolCallId, { approved: true }, 'grant');
    }
  }

  /**
   * Takes a call's wait out (its caller gave up): whoever waits for its answer, to be told once
   * the call is settled.
   */
  withdraw(toolCallId: string): ((outcome: ApprovalOutcome) => void) | undefined {
    const waiting = this.#waiting.get(toolCallId);
    this.#waiting.delete(toolCallId);
    this.#clearExpiry(toolCallId);
    return waiting;
  }

  /** Stop: every call waiting for approval is cancelled (the state settled them already). */
  cancelAll(): void {
    for (const answer of this.#waiting.values()) answer({ approved: false, reason: 'cancelled' });
    this.#waiting.clear();
    for (const timer of this.#expiries.values()) clearTimeout(timer);
    this.#expiries.clear();
  }

  #settle(toolCallId: string, outcome: ApprovalOutcome, by: 'user' | 'grant', choice?: ApprovalChoice): void {
    const resolve = this.#waiting.get(toolCallId);
    if (!resolve) return;
    this.#waiting.delete(toolCallId);
    this.#clearExpiry(toolCallId);
    this.#host.dispatch({
      type: 'approval-answered',
      toolCallId,
      approved: outcome.approved,
      by,
      ...(choice === undefined ? {} : { choice }),
      ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
      ...('input' in outcome ? { input: outcome.input } : {}),
      at: this.#host.options().now(),
    });
    resolve(outcome);
  }

  /** With `approvalTimeoutMs`, a call that waits for approval expires unanswered after it. */
  #watchExpiry(toolCallId: string): void {
    const ms = this.#host.options().approvalTimeoutMs;
    if (ms === undefined || ms === Number.POSITIVE_INFINITY || this.#expiries.has(toolCallId)) return;
    if (this.#host.state().calls.get(toolCallId)?.phase !== 'awaiting-approval') return;
    const timer = setTimeout(() => {
      this.#expiries.delete(toolCallId);
      const resolve = this.#waiting.get(toolCallId);
      this.#waiting.delete(toolCallId);
      this.#host.dispatch({ type: 'approval-expired', toolCallId, at: this.#host.options().now() });
      resolve?.({ approved: false });
    }, Math.min(ms, MAX_TIMER_MS));
    this.#expiries.set(toolCallId, timer);
  }

  #clearExpiry(toolCallId: string): void {
    const timer = this.#expiries.get(toolCallId);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#expiries.delete(toolCallId);
  }

  /** A failure beside the conversation (a policy that failed), for the app's `onError`. */
  #report(error: Error): void {
    try {
      this.#host.options().onError?.(error);
    } catch (thrown) {
      console.error('toolchat: onError threw', errorMessage(thrown));
    }
  }
}

/** The answer to an approval of a call that does not wait for one. */
export function notWaiting(toolCallId: string): ApprovalResult {
  return { ok: false, error: `Tool call "${toolCallId.slice(0, 64)}" is not waiting for approval` };
}

/** A call `createChatHandler` streamed for one of the server's own tools: it signs them. */
export function isServerCall(toolCall: { providerMetadata?: unknown }): boolean {
  const metadata = toolCall.providerMetadata;
  if (typeof metadata !== 'object' || metadata === null || !Object.hasOwn(metadata, 'toolchat')) return false;
  const own = (metadata as { toolchat?: unknown }).toolchat;
  return typeof own === 'object' && own !== null && typeof (own as { call?: unknown }).call === 'string';
}
