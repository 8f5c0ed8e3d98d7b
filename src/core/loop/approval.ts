import type { AnyToolDefinition } from '../tools/define-tool';

/**
 * What the user may answer a call waiting for approval: run it this once; run every call of the
 * tool in this chat ("Allow for this chat"); run every call of the tool in every chat ("Always
 * allow", the user's `grants`); deny it (with a reason the model reads); or run it with arguments
 * the user edited (validated against the tool's schema first).
 */
export type ApprovalChoice = 'allow-once' | 'allow-chat' | 'allow-always' | 'deny' | 'edit';

/** The user's answer to a call waiting for approval, for `answerApproval`. */
export type ApprovalAnswer =
  | { choice: 'allow-once' | 'allow-chat' | 'allow-always' }
  | {
      choice: 'deny';
      /** Why, in the user's words: the model reads it. */
      reason?: string;
    }
  | {
      choice: 'edit';
      /** The arguments to run the call with instead of the model's; must pass the tool's schema. */
      input: unknown;
    };

/**
 * What `answerApproval` came to: `ok` once the answer is taken; otherwise why not, e.g. an
 * edited input the schema refuses (the call keeps waiting, and its card shows the error), or a
 * call that no longer waits.
 */
export type ApprovalResult = { ok: true } | { ok: false; error: string };

/**
 * Who decided a call that asked (or would have): the user, one of the user's grants, the app's
 * approval policy, or the clock (`approvalTimeoutMs`: nobody answered).
 */
export type ApprovalDecider = 'user' | 'grant' | 'policy' | 'timeout';

/** How a call's approval was decided; its part reads `approval-responded` or `output-denied`. */
export interface CallApproval {
  approved: boolean;
  by: ApprovalDecider;
  /** The user's choice, when the user decided. */
  choice?: ApprovalChoice;
  /** The user's reason for a denial, or the policy's for its decision. */
  reason?: string;
  /** The model's own input, when the user edited it: the call ran with `input`, the user's. */
  editedFrom?: unknown;
}

/** Why a call waits for the user, and what a grant from it would cover. */
export interface CallQuestion {
  /** Why the user is asked, when the policy said (or failed). */
  reason?: string;
  /**
   * The scope a grant made from this call carries (the tool's `grantScope` of the input): it
   * covers only calls with the same scope.
   */
  scope?: string;
  /** Whether a grant may be made from this call ("Allow for this chat", "Always allow"). */
  grantable: boolean;
  /** The user's last edit was refused: what is wrong with it. The call still waits. */
  editError?: string;
}

/** What settles a call's wait for approval inside the loop (an answer, Stop, a grant). */
export interface ApprovalOutcome {
  approved: boolean;
  reason?: string;
  /** The user's edited input, checked: the call runs with it. */
  input?: unknown;
}

/** `needsApproval` of a tool that may ask: `true`, or the function that decides per input. */
export type ApprovalRule = true | ((input: unknown) => boolean | PromiseLike<boolean>);

/**
 * Whether a call of this tool can need approval, read without its input: `false` (never asks:
 * no `needsApproval`, or no `execute` since the app answers it), else the rule the approval gate
 * applies to the validated input. A tool set built at run time may have getters that throw:
 * that asks, the safe side.
 */
export function approvalRule(tool: AnyToolDefinition | undefined): ApprovalRule | false {
  try {
    if (!tool || typeof tool.execute !== 'function') return false;
    const rule = tool.needsApproval as boolean | ApprovalRule | undefined;
    return rule === undefined || rule === false ? false : typeof rule === 'function' ? rule : true;
  } catch {
    return true;
  }
}
