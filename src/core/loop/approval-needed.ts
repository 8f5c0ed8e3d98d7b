import type { AnyToolDefinition } from '../tools/define-tool';
import { validateToolInputNow, type ToolInputValidation } from '../tools/input-schema';
import { isPromiseLike } from '../tools/promise-like';
import type { ApprovalRule } from './approval';

/**
 * Whether the user must approve a call before it runs, for a tool whose `approvalRule` may ask:
 * at once (a boolean) whenever that can be known without waiting, so the chat goes straight to
 * "Waiting for your approval" and never shows the call as executing first; a Promise only for an
 * async schema or `needsApproval`. Input the schema refuses is not asked about: the call fails
 * validation without running. A `needsApproval` that throws asks (the safe side).
 */
export function approvalNeeded(tool: AnyToolDefinition, input: unknown, rule: ApprovalRule): boolean | Promise<boolean> {
  const decide = (validated: ToolInputValidation): boolean | Promise<boolean> => {
    if (!validated.success) return false;
    if (rule === true) return true;
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
