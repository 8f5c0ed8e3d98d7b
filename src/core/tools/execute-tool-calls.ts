import { lazyModule } from '../lazy-module';
import type { ToolSet } from './define-tool';
import type { ExecuteToolCallsOptions } from './execute-tool-calls-now';
import type { ToolInputValidation } from './input-schema';
import type { ToolCall, ToolCallResult } from './types';

export type { ExecuteToolCallsOptions } from './execute-tool-calls-now';
export { DEFAULT_TOOL_TIMEOUT_MS } from './default-timeout';
export { backoffDelay } from './backoff';

// What runs calls (input validation, timeouts, retries) loads with the first call or check: the
// package's entry re-exports these functions, and a bundler (esbuild) that splits an app by file
// would otherwise put that code in every app's first load, also one whose calls only the loop
// runs (the loop's chunk has it).
const engine = lazyModule(() => import('./execute-tool-calls-lazy'));

/**
 * Runs one call to its single result, whatever the call and the tool set hold (a schema that
 * throws, an `execute` that is not a function, getters that throw, a bad `retry`…); only
 * invalid `options` (the caller's own code) reject, with a `TypeError` naming the option.
 */
export async function executeToolCall(call: ToolCall, tools: ToolSet, options: ExecuteToolCallsOptions = {}): Promise<ToolCallResult> {
  return engine.withLoaded((code) => code.executeToolCall(call, tools, options));
}

/**
 * Runs a turn's tool calls, in parallel up to `concurrency`. Every call gets exactly one
 * result with its id, in the order of the calls: unknown tools, invalid input, thrown errors,
 * timeouts and cancellation become `ok: false` results the model can read. It never rejects
 * for what the calls or the tool set hold; invalid `options` (`concurrency: NaN`, `timeoutMs:
 * -1`) reject with a `TypeError` naming the option.
 */
export async function executeToolCalls(calls: readonly ToolCall[], tools: ToolSet, options: ExecuteToolCallsOptions = {}): Promise<ToolCallResult[]> {
  return engine.withLoaded((code) => code.executeToolCalls(calls, tools, options));
}

/**
 * Validates a model's input against a tool's `inputSchema`, whatever kind it is; never throws.
 * A `jsonSchema()` without `validate` accepts any input, as it does in the AI SDK.
 *
 * @example
 * const result = await validateToolInput(tool, { city: 'Paris' });
 * if (!result.success) console.log(result.message);
 */
export async function validateToolInput(tool: { inputSchema?: unknown }, input: unknown): Promise<ToolInputValidation> {
  return engine.withLoaded((code) => code.validateToolInput(tool, input));
}
