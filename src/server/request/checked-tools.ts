import { jsonOf } from '../../core/tools/input-limits';
import { toolDefinitionProblem } from '../../core/tools/tool-schema-check';

/**
 * Definitions already checked, by their JSON: a client sends the same tools with every request,
 * and validating a schema costs far more than writing it as JSON. Small ones only, and few.
 */
const checked = new Map<string, string | undefined>();
const MAX_CHECKED = 256;
const MAX_CHECKED_KEY = 16 * 1024;

/** `toolDefinitionProblem`, remembered for the definitions a server sees again and again. */
export function cachedToolDefinitionProblem(name: string, definition: unknown): string | undefined {
  const key = jsonOf([name, definition]);
  if (key === undefined || key.length > MAX_CHECKED_KEY) return toolDefinitionProblem(name, definition);
  if (checked.has(key)) return checked.get(key);
  const problem = toolDefinitionProblem(name, definition);
  if (checked.size >= MAX_CHECKED) checked.delete(checked.keys().next().value!);
  checked.set(key, problem);
  return problem;
}
