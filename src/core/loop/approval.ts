import type { AnyToolDefinition } from '../tools/define-tool';

export interface ApprovalAnswer {
  approved: boolean;
  reason?: string;
}

/** `needsApproval` of a tool that may ask: `true`, or the function that decides per input. */
export type ApprovalRule = true | ((input: unknown) => boolean | PromiseLike<boolean>);

/**
 * Whether a call of this tool can need approval, read without its input: `false` (never asks:
 * no `needsApproval`, no `execute` since the app answers it, or the user chose to always allow
 * it), else the rule `approvalNeeded` applies to the validated input. A tool set built at run
 * time may have getters that throw: that asks, the safe side.
 */
export function approvalRule(tool: AnyToolDefinition | undefined, alwaysAllowed: boolean): ApprovalRule | false {
  try {
    if (!tool || typeof tool.execute !== 'function' || alwaysAllowed) return false;
    const rule = tool.needsApproval as boolean | ApprovalRule | undefined;
    return rule === undefined || rule === false ? false : typeof rule === 'function' ? rule : true;
  } catch {
    return true;
  }
}
