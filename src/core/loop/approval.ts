import type { AnyToolDefinition } from '../tools/define-tool';
import { isPromiseLike, validateToolInputNow, type ToolInputValidation } from '../tools/input-schema';

export interface ApprovalAnswer {
  approved: boolean;
  reason?: string;
}

/**
 * Whether the user must approve a call before it runs: at once (a boolean) whenever that can
 * be known without waiting, so the chat goes straight to "Waiting for your approval" and never
 * shows the call as executing first; a Promise only for an async schema or `needsApproval`.
 * Input the schema refuses is not asked about: the call fails validation without running. A
 * `needsApproval` that throws asks (the safe side). A tool the user chose to always allow, or one
 * without `execute` (the app answers it), is never asked about.
 */
export function approvalNeeded(tool: AnyToolDefinition | undefined, input: unknown, alwaysAllowed: boolean): boolean | Promise<boolean> {
  let rule: boolean | ((input: unknown) => boolean | PromiseLike<boolean>) | undefined;
  try {
    if (!tool || typeof tool.execute !== 'function' || alwaysAllowed) return false;
    rule = tool.needsApproval as typeof rule;
  } catch {
    // A tool set built at run time may have getters that throw: ask, the safe side.
    return true;
  }
  if (rule === undefined || rule === false) return false;
  const decide = (validated: ToolInputValidation): boolean | Promise<boolean> => {
    if (!validated.success) return false;
    if (typeof rule !== 'function') return true;
    try {
      const answer = rule(validated.value);
      return isPromiseLike(answer) ? Promise.resolve(answer).then(Boolean, () => true) : Boolean(answer);
    } catch {
      return true;
    }
  };
  const validated = validateToolInputNow(tool, input);
  return validated instanceof Promise ? validated.then(decide, () => true) : decide(validated);
}
