import type { AnyToolDefinition } from '../tools/define-tool';

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
  if (!tool || typeof tool.execute !== 'function' || alwaysAllowed) return false;
  const rule = tool.needsApproval as boolean | ((input: unknown) => boolean | PromiseLike<boolean>) | undefined;
  if (rule === undefined || rule === false) return false;
  const decide = (validated: { valid: boolean; value?: unknown }): boolean | Promise<boolean> => {
    if (!validated.valid) return false;
    if (typeof rule !== 'function') return true;
    try {
      const answer = rule(validated.value);
      return isThenable(answer) ? Promise.resolve(answer).then(Boolean, () => true) : Boolean(answer);
    } catch {
      return true;
    }
  };
  let validated: { valid: boolean; value?: unknown } | Promise<{ valid: boolean; value?: unknown }>;
  try {
    validated = validate(tool, input);
  } catch {
    return true;
  }
  return isThenable(validated) ? validated.then(decide, () => true) : decide(validated);
}

/** The tool's schema on the input: synchronously when the schema can, else a Promise. */
function validate(tool: AnyToolDefinition, input: unknown): { valid: boolean; value?: unknown } | Promise<{ valid: boolean; value?: unknown }> {
  const schema = tool.inputSchema;
  try {
    const result = schema.safeParse(input);
    return result.success ? { valid: true, value: result.data } : { valid: false };
  } catch {
    // Async refinements cannot be checked synchronously.
    return schema.safeParseAsync(input).then((result) => (result.success ? { valid: true, value: result.data } : { valid: false }));
  }
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> & Promise<T> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
