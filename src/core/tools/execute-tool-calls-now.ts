import type { AnyToolDefinition, ToolSet } from './define-tool';
import { findTool } from './find-tool';
import { errorMessage, toolErrorMessages } from './errors';
import { validateToolInputNow, type ToolInputValidation } from './input-schema';
import { attemptOnce, strip, type AttemptResult } from './attempt';
import { checkNumberOption, MAX_TIMER_MS, numberRules } from './number-options';
import type { ToolCall, ToolCallResult } from './types';
import { backoffDelay } from './backoff';

// The engine of `executeToolCall(s)` (`execute-tool-calls.ts`), which the loop's chunk runs too:
// out of the entry's static imports, so an app that never runs a call does not load it.

/** Options of {@link executeToolCalls}. */
export interface ExecuteToolCallsOptions {
  /** Aborting it cancels every call still running; they end as "cancelled" error results. */
  signal?: AbortSignal;
  /**
   * Time limit of each call unless its tool sets its own `timeoutMs`.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * How many calls run at once.
   * @default Infinity
   */
  concurrency?: number;
  /** Receives each yield of a tool whose `execute` is an async generator, as it comes. */
  onPreliminaryOutput?: (toolCallId: string, output: unknown) => void;
  /** Called before each retry of a tool with `retry`, with the attempt about to start (2, 3…) and the wait. */
  onRetry?: (toolCallId: string, attempt: number, delayMs: number, error: string) => void;
  /**
   * Source of the retry jitter, in [0, 1).
   * @default Math.random
   */
  random?: () => number;
}

/** The public `executeToolCall` (`execute-tool-calls.ts`) once loaded. */
export async function executeToolCall(
  call: ToolCall,
  tools: ToolSet,
  options: ExecuteToolCallsOptions = {},
): Promise<ToolCallResult> {
  return executeToolCallNow(call, tools, options);
}

/**
 * {@link executeToolCall}, synchronous as long as the call is: a
 * zod schema without async refinements and an `execute` that returns a plain value give the
 * result at once. The loop starts and answers such calls in the task they arrive in, as a
 * hand-wired `onToolCall` would, instead of a dozen promise hops later. Invalid options throw
 * the `TypeError`.
 */
export function executeToolCallNow(
  call: ToolCall,
  tools: ToolSet,
  options: ExecuteToolCallsOptions,
): ToolCallResult | Promise<ToolCallResult> {
  checkExecuteOptions(options);
  const toolCallId = typeof call?.toolCallId === 'string' ? call.toolCallId : String(call?.toolCallId);
  const toolName = typeof call?.toolName === 'string' ? call.toolName : String(call?.toolName);
  const fail = (error: string): ToolCallResult => ({ toolCallId, toolName, ok: false, error });
  // `runCall` settles every path itself, so a promise it returns never rejects.
  try {
    return runCall({ toolCallId, toolName, input: call.input }, tools, options, fail);
  } catch (error) {
    return fail(errorMessage(error));
  }
}

function runCall(
  call: ToolCall,
  tools: ToolSet,
  options: ExecuteToolCallsOptions,
  fail: (error: string) => ToolCallResult,
): ToolCallResult | Promise<ToolCallResult> {
  const { toolName } = call;
  const tool = findTool(tools, toolName);
  if (!tool) return fail(toolErrorMessages.unknownTool(toolName));
  if (typeof tool.execute !== 'function') return fail(toolErrorMessages.noExecute(toolName));
  // A tool set is data the app may build at run time: a bad setting fails this call, readably.
  const invalid = invalidToolSetting(tool);
  if (invalid) return fail(`Tool "${toolName}" is misconfigured: ${invalid}`);

  const withInput = (parsed: ToolInputValidation): ToolCallResult | Promise<ToolCallResult> => {
    try {
      if (!parsed.success) return fail(toolErrorMessages.invalidInput(toolName, parsed.message));
      const first = attemptOnce(call, tool, parsed.value, options);
      const attempts = tool.retry?.attempts ?? 1;
      if (attempts <= 1) return first instanceof Promise ? first.then(strip) : strip(first);
      if (!(first instanceof Promise) && (first.ok || first.cancelled)) return strip(first);
      return retried(call, tool, parsed.value, options, first, attempts).catch((error: unknown) => fail(errorMessage(error)));
    } catch (error) {
      // A getter of the tool that throws, a thenable whose `then` throws…
      return fail(errorMessage(error));
    }
  };
  const parsed = validateToolInputNow(tool, call.input);
  return parsed instanceof Promise ? parsed.then(withInput) : withInput(parsed);
}

/** The attempts after the first, as `retry` asks, with their backoff. */
async function retried(
  call: ToolCall,
  tool: AnyToolDefinition,
  input: unknown,
  options: ExecuteToolCallsOptions,
  first: AttemptResult | Promise<AttemptResult>,
  attempts: number,
): Promise<ToolCallResult> {
  let result = await first;
  for (let attempt = 1; ; attempt++) {
    if (result.ok || attempt >= attempts || result.cancelled) return strip(result);
    const delayMs = backoffDelay(tool.retry?.backoffMs ?? 0, attempt, options.random ?? Math.random);
    options.onRetry?.(call.toolCallId, attempt + 1, delayMs, result.error);
    if (!(await sleep(delayMs, options.signal))) return { toolCallId: call.toolCallId, toolName: call.toolName, ok: false, error: toolErrorMessages.cancelled(call.toolName) };
    result = await attemptOnce(call, tool, input, options);
  }
}

/** Resolves true after `ms`, or false at once when the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, Math.min(ms, MAX_TIMER_MS));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The public `executeToolCalls` (`execute-tool-calls.ts`) once loaded. */
export async function executeToolCalls(
  calls: readonly ToolCall[],
  tools: ToolSet,
  options: ExecuteToolCallsOptions = {},
): Promise<ToolCallResult[]> {
  checkExecuteOptions(options);
  const limit = options.concurrency ?? Number.POSITIVE_INFINITY;
  const list = Array.isArray(calls) ? calls : [];
  const results = new Array<ToolCallResult>(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const index = next++;
      results[index] = await executeToolCall(list[index]!, tools, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
  return results;
}

/** Options are the caller's code, not the model's input: a bad one is a `TypeError`. */
export function checkExecuteOptions(options: ExecuteToolCallsOptions): void {
  checkNumberOption('concurrency', options.concurrency, numberRules.concurrency);
  checkNumberOption('timeoutMs', options.timeoutMs, numberRules.timeoutMs);
}

/** What is wrong with a tool's own numeric settings, if anything. */
function invalidToolSetting(tool: AnyToolDefinition): string | undefined {
  try {
    checkNumberOption('timeoutMs', tool.timeoutMs, numberRules.timeoutMs);
    const retry: unknown = tool.retry;
    if (retry !== undefined && (typeof retry !== 'object' || retry === null)) return '`retry` must be an object with `attempts`.';
    checkNumberOption('retry.attempts', tool.retry?.attempts, numberRules.retryAttempts);
    checkNumberOption('retry.backoffMs', tool.retry?.backoffMs, numberRules.backoffMs);
    return undefined;
  } catch (error) {
    return errorMessage(error).replace(/^toolchat: /, '');
  }
}
