import type { AnyToolDefinition } from '../tools/define-tool';
import { toolErrorMessages } from '../tools/errors';
import { inputLimitProblem, jsonOf } from '../tools/input-limits';
import { validateToolInputNow, type ToolInputValidation } from '../tools/input-schema';
import { FORBIDDEN_KEY_MESSAGE, hasForbiddenKey } from '../tools/safe-json';

/** An edited input the tool may run with (as JSON carries it), or what is wrong with it. */
export type EditedInputCheck = { ok: true; input: unknown } | { ok: false; error: string };

/**
 * Checks the arguments a user edited before approving a call, as a model's are checked: JSON
 * within the input limits, no key that reaches a prototype, and the tool's schema. The input
 * kept is the JSON copy (what is stored and sent), not the object given. Synchronous whenever
 * the schema is; never throws.
 */
export function checkEditedInput(tool: AnyToolDefinition | undefined, toolName: string, input: unknown): EditedInputCheck | Promise<EditedInputCheck> {
  if (!tool || typeof tool.execute !== 'function') return { ok: false, error: toolErrorMessages.unknownTool(toolName) };
  const json = jsonOf(input);
  if (json === undefined) return invalid(toolName, 'it is not JSON');
  const problem = inputLimitProblem(input, json);
  if (problem) return invalid(toolName, problem);
  const copy: unknown = JSON.parse(json);
  if (hasForbiddenKey(copy)) return invalid(toolName, FORBIDDEN_KEY_MESSAGE);
  const checked = (validation: ToolInputValidation): EditedInputCheck =>
    validation.success ? { ok: true, input: copy } : { ok: false, error: toolErrorMessages.invalidInput(toolName, validation.message) };
  const validation = validateToolInputNow(tool, copy);
  return validation instanceof Promise ? validation.then(checked) : checked(validation);
}

function invalid(toolName: string, problem: string): EditedInputCheck {
  return { ok: false, error: toolErrorMessages.invalidInput(toolName, problem) };
}
