import type { UIMessage } from 'ai';
import { errorMessage } from '../tools/errors';

/** What an approval policy decides for a call: run it, refuse it, or ask the user. */
export type ApprovalPolicyDecision = 'allow' | 'deny' | 'ask';

/**
 * An approval policy's answer: a decision, or one with a reason (shown on the call's card; the
 * model reads it for a denial). `undefined` has no opinion: the tool's own `needsApproval` and
 * the user's grants decide, as without a policy.
 */
export type ApprovalPolicyAnswer = ApprovalPolicyDecision | { decision: ApprovalPolicyDecision; reason?: string } | undefined;

/** The call an approval policy decides about. */
export interface ApprovalPolicyRequest {
  toolName: string;
  toolCallId: string;
  /** The call's input, as the tool's schema validated it. */
  input: unknown;
  /** The conversation so far (the call's own message included, in the browser). */
  messages: readonly UIMessage[];
  /** The chat's id. */
  chatId: string;
}

/**
 * The app's rule for tool calls, before the user is asked: `'allow'` runs the call without
 * asking (its card says "Allowed automatically", with the reason), `'deny'` refuses it (the
 * model reads the reason), `'ask'` asks the user (whose grants still answer for them), and
 * `undefined` leaves it to the tool's `needsApproval` and the user's grants. Sync or async.
 *
 * A policy never runs a tool unasked by failing: one that throws, rejects, answers something
 * else or takes longer than `APPROVAL_POLICY_TIMEOUT_MS` asks the user, and the card says why.
 */
export type ApprovalPolicy = (request: ApprovalPolicyRequest) => ApprovalPolicyAnswer | PromiseLike<ApprovalPolicyAnswer>;

/** How long a policy may take before the user is asked instead. */
export const APPROVAL_POLICY_TIMEOUT_MS = 10_000;

/** A policy's decision as the loop (or the handler) acts on it. */
export type PolicyVerdict =
  | { decision: ApprovalPolicyDecision; reason?: string }
  | { decision: 'default' }
  /** The policy failed: the user is asked, told why. */
  | { decision: 'ask'; reason: string; failed: Error };

/**
 * Asks the policy about one call: synchronously when it answers synchronously, else a Promise
 * that settles within `timeoutMs`. Never throws or rejects: a failure is a verdict to ask.
 */
export function askPolicy(policy: ApprovalPolicy, request: ApprovalPolicyRequest, timeoutMs = APPROVAL_POLICY_TIMEOUT_MS): PolicyVerdict | Promise<PolicyVerdict> {
  let answer: ApprovalPolicyAnswer | PromiseLike<ApprovalPolicyAnswer>;
  try {
    answer = policy(request);
  } catch (error) {
    return failed(error);
  }
  if (!isPromiseLike(answer)) return verdictOf(answer);
  return new Promise<PolicyVerdict>((resolve) => {
    const timer = setTimeout(() => resolve(failed(new Error(`it did not answer within ${timeoutMs / 1000} s`))), timeoutMs);
    Promise.resolve(answer).then(
      (value) => resolve(verdictOf(value)),
      (error: unknown) => resolve(failed(error)),
    ).finally(() => clearTimeout(timer));
  });
}

const MAX_REASON_CHARS = 500;

function verdictOf(answer: unknown): PolicyVerdict {
  if (answer === undefined) return { decision: 'default' };
  const decision = typeof answer === 'object' && answer !== null ? (answer as { decision?: unknown }).decision : answer;
  if (decision !== 'allow' && decision !== 'deny' && decision !== 'ask') {
    return failed(new Error(`it answered ${describe(answer)}, not 'allow', 'deny', 'ask' or undefined`));
  }
  const reason = typeof answer === 'object' && answer !== null ? (answer as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && reason !== '' ? { decision, reason: reason.slice(0, MAX_REASON_CHARS) } : { decision };
}

function failed(error: unknown): PolicyVerdict {
  const cause = error instanceof Error ? error : new Error(errorMessage(error));
  const failure = new Error(`The approval policy failed: ${errorMessage(error)}`, { cause });
  return { decision: 'ask', reason: failure.message.slice(0, MAX_REASON_CHARS), failed: failure };
}

function describe(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 40);
  } catch {
    return String(value).slice(0, 40);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
