import type { UIMessage } from 'ai';
import { findGrant, type ToolGrant } from '../chat/grants';
import type { AnyToolDefinition } from '../tools/define-tool';
import { validateToolInputNow, type ToolInputValidation } from '../tools/input-schema';
import { isPromiseLike } from '../tools/promise-like';
import type { ToolCall } from '../tools/types';
import { approvalRule, type CallQuestion } from './approval';
import { askPolicy, type ApprovalPolicy, type PolicyVerdict } from './approval-policy';

/**
 * What stands between a call and its run: nothing (`run`), the user (`ask`), or a decision
 * made without asking, by the app's policy or one of the user's grants.
 */
export type ApprovalGate =
  | { kind: 'run' }
  | { kind: 'ask'; question: CallQuestion }
  | { kind: 'allowed'; by: 'policy' | 'grant'; reason?: string }
  | { kind: 'denied'; reason?: string };

/** What the gate reads besides the call; `grants` and `messages` when it needs them. */
export interface ApprovalGateContext {
  policy: ApprovalPolicy | undefined;
  grants: () => readonly ToolGrant[];
  chatId: string | undefined;
  messages: () => readonly UIMessage[];
  /** A policy that failed (the user is asked instead). */
  onPolicyError: (error: Error) => void;
}

const RUN: ApprovalGate = { kind: 'run' };

/**
 * The gate of one call, at once (a value) whenever that can be known without waiting, so the
 * chat goes straight to "Waiting for your approval" and never shows the call as executing
 * first; a Promise only for an async schema, policy or `needsApproval`. In order: a tool the app
 * answers itself, or an input the schema refuses, is not asked about (the call fails validation
 * without running); the app's policy decides; else the tool's `needsApproval`; a call that asks
 * runs without asking when one of the user's grants covers it. Never throws: a `needsApproval`
 * that throws asks (the safe side), and so does a policy that fails.
 */
export function approvalGate(maybeTool: AnyToolDefinition | undefined, call: ToolCall, context: ApprovalGateContext): ApprovalGate | Promise<ApprovalGate> {
  if (!maybeTool) return RUN;
  const tool = maybeTool;
  let rule: ReturnType<typeof approvalRule>;
  try {
    if (typeof tool.execute !== 'function') return RUN;
    rule = approvalRule(tool);
  } catch {
    rule = true;
  }
  if (rule === false && !context.policy) return RUN;

  const decide = (validated: ToolInputValidation): ApprovalGate | Promise<ApprovalGate> => {
    if (!validated.success) return RUN;
    const input = validated.value;
    const byRule = (): ApprovalGate | Promise<ApprovalGate> => {
      if (rule === false) return RUN;
      if (rule === true) return ask(tool, call, input, undefined, context);
      let needed: boolean | PromiseLike<boolean>;
      try {
        needed = rule(input);
      } catch {
        return ask(tool, call, input, undefined, context);
      }
      if (!isPromiseLike(needed)) return needed ? ask(tool, call, input, undefined, context) : RUN;
      return Promise.resolve(needed).then(
        (yes) => (yes ? ask(tool, call, input, undefined, context) : RUN),
        () => ask(tool, call, input, undefined, context),
      );
    };
    if (!context.policy) return byRule();
    const apply = (verdict: PolicyVerdict): ApprovalGate | Promise<ApprovalGate> => {
      if ('failed' in verdict) context.onPolicyError(verdict.failed);
      switch (verdict.decision) {
        case 'default':
          return byRule();
        case 'allow':
          return verdict.reason === undefined ? { kind: 'allowed', by: 'policy' } : { kind: 'allowed', by: 'policy', reason: verdict.reason };
        case 'deny':
          return verdict.reason === undefined ? { kind: 'denied' } : { kind: 'denied', reason: verdict.reason };
        case 'ask':
          return ask(tool, call, input, verdict.reason, context);
      }
    };
    const verdict = askPolicy(context.policy, { toolName: call.toolName, toolCallId: call.toolCallId, input, messages: context.messages(), chatId: context.chatId ?? '' });
    return verdict instanceof Promise ? verdict.then(apply) : apply(verdict);
  };

  const validated = validateToolInputNow(tool, call.input);
  return validated instanceof Promise ? validated.then(decide, () => ask(tool, call, call.input, undefined, context)) : decide(validated);
}

/** The question for the user, unless one of the user's grants answers it (read now, the latest). */
function ask(tool: AnyToolDefinition, call: ToolCall, input: unknown, reason: string | undefined, context: ApprovalGateContext): ApprovalGate {
  const { scope, grantable } = grantScopeOf(tool, input);
  // A call whose scope could not be read matches only grants without a scope (all its calls).
  if (findGrant(context.grants(), { toolName: call.toolName, scope, chatId: context.chatId })) return { kind: 'allowed', by: 'grant' };
  return {
    kind: 'ask',
    question: { ...(reason === undefined ? {} : { reason }), ...(scope === undefined ? {} : { scope }), grantable },
  };
}

const MAX_SCOPE_CHARS = 1024;

/**
 * The scope of a call of a tool with `grantScope`: a grant made from it covers only calls of the
 * same scope. A tool without one makes grants for all its calls. A `grantScope` that throws or
 * gives no usable string (empty, not a string, over 1024 characters) makes no grant possible for
 * the call: the user can still approve it once.
 */
export function grantScopeOf(tool: AnyToolDefinition, input: unknown): { scope: string | undefined; grantable: boolean } {
  let scopeOf: AnyToolDefinition['grantScope'];
  try {
    scopeOf = tool.grantScope;
  } catch {
    return { scope: undefined, grantable: false };
  }
  if (scopeOf === undefined) return { scope: undefined, grantable: true };
  try {
    const scope: unknown = typeof scopeOf === 'function' ? (scopeOf as (input: unknown) => unknown)(input) : undefined;
    if (typeof scope === 'string' && scope !== '' && scope.length <= MAX_SCOPE_CHARS) return { scope, grantable: true };
  } catch {
    // Below: no grant from this call.
  }
  return { scope: undefined, grantable: false };
}
