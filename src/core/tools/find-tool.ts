import type { AnyToolDefinition, ToolSet } from './define-tool';

// Its own module: the first load needs it (a call's tool is looked up as it arrives), the rest
// of running calls loads with the loop's chunk.

/**
 * The tool of that name, if the set has one of its own: a model that calls `toString` or
 * `__proto__` must get "unknown tool", not a property of `Object.prototype`.
 */
export function findTool(tools: ToolSet, toolName: string): AnyToolDefinition | undefined {
  if (typeof tools !== 'object' || tools === null || typeof toolName !== 'string' || !Object.hasOwn(tools, toolName)) return undefined;
  const tool = tools[toolName];
  return typeof tool === 'object' && tool !== null ? tool : undefined;
}
