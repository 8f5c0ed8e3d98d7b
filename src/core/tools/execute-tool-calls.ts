import type { AnyToolDefinition, ToolSet } from './define-tool';
import { errorMessage, toolErrorMessages } from './errors';
import { validateToolInput } from './input-schema';
import { checkNumberOption, MAX_TIMER_MS, numberRules } from './number-options';
import type { ToolCall, ToolCallResult } from './types';

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

export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/**
 * The tool of that name, if the set has one of its own: a model that calls `toString` or
 * `__proto__` must get "unknown tool", not a property of `Object.prototype`.
 */
export function findTool(tools: ToolSet, toolName: string): AnyToolDefinition | undefined {
  if (typeof tools !== 'object' || tools === null || typeof toolName !== 'string' || !Object.hasOwn(tools, toolName)) return undefined;
  const tool = tools[toolName];
  return typeof tool === 'object' && tool !== null ? tool : undefined;
}

class CallAbortedError extends Error {}

/**
 * Runs one call to its single result, whatever the call and the tool set hold (a schema that
 * throws, an `execute` that is not a function, getters that throw, a bad `retry`…); only
 * invalid `options` (the caller's own code) reject, with a `TypeError` naming the option.
 */
export async function executeToolCall(
  call: ToolCall,
  tools: ToolSet,
  options: ExecuteToolCallsOptions = {},
): Promise<ToolCallResult> {
  checkExecuteOptions(options);
  const toolCallId = typeof call?.toolCallId === 'string' ? call.toolCallId : String(call?.toolCallId);
  const toolName = typeof call?.toolName === 'string' ? call.toolName : String(call?.toolName);
  const fail = (error: string): ToolCallResult => ({ toolCallId, toolName, ok: false, error });
  try {
    return await runCall({ toolCallId, toolName, input: call.input }, tools, options, fail);
  } catch (error) {
    return fail(errorMessage(error));
  }
}

async function runCall(
  call: ToolCall,
  tools: ToolSet,
  options: ExecuteToolCallsOptions,
  fail: (error: string) => ToolCallResult,
): Promise<ToolCallResult> {
  const { toolCallId, toolName } = call;
  const tool = findTool(tools, toolName);
  if (!tool) return fail(toolErrorMessages.unknownTool(toolName));
  if (typeof tool.execute !== 'function') return fail(toolErrorMessages.noExecute(toolName));
  // A tool set is data the app may build at run time: a bad setting fails this call, readably.
  const invalid = invalidToolSetting(tool);
  if (invalid) return fail(`Tool "${toolName}" is misconfigured: ${invalid}`);

  const parsed = await validateToolInput(tool, call.input);
  if (!parsed.success) return fail(toolErrorMessages.invalidInput(toolName, parsed.message));

  const attempts = tool.retry?.attempts ?? 1;
  for (let attempt = 1; ; attempt++) {
    const result = await attemptOnce(call, tool, parsed.value, options);
    if (result.ok || attempt >= attempts || result.cancelled) return strip(result);
    const delayMs = backoffDelay(tool.retry?.backoffMs ?? 0, attempt, options.random ?? Math.random);
    options.onRetry?.(toolCallId, attempt + 1, delayMs, result.error);
    if (!(await sleep(delayMs, options.signal))) return fail(toolErrorMessages.cancelled(toolName));
  }
}

/**
 * The time limit of a call: the tool's own, the option's, or the default (all checked before).
 * Timers wrap above 2^31 − 1 ms (about 24.8 days) and fire at once: a longer limit is none.
 */
function callTimeout(tool: AnyToolDefinition, options: ExecuteToolCallsOptions): number {
  const value = tool.timeoutMs ?? options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  return value > MAX_TIMER_MS ? Number.POSITIVE_INFINITY : value;
}

/**
 * The wait before retry number `retry` (1 for the first): `backoffMs × 2^(retry−1)`, half of
 * it fixed and half random, so clients that failed together do not retry together.
 */
export function backoffDelay(backoffMs: number, retry: number, random: () => number): number {
  const base = backoffMs * 2 ** (retry - 1);
  return Math.round(base / 2 + (base / 2) * random());
}

type AttemptResult = ToolCallResult & { cancelled?: boolean };

function strip({ cancelled: _cancelled, ...result }: AttemptResult): ToolCallResult {
  return result;
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

/** One run of `execute` with its timeout and the outer signal. */
async function attemptOnce(
  call: ToolCall,
  tool: AnyToolDefinition,
  input: unknown,
  options: ExecuteToolCallsOptions,
): Promise<AttemptResult> {
  const { toolCallId, toolName } = call;
  const outer = options.signal;
  if (outer?.aborted) return { toolCallId, toolName, ok: false, error: toolErrorMessages.cancelled(toolName), cancelled: true };
  const timeoutMs = callTimeout(tool, options);
  const controller = new AbortController();
  let abortedWith: string | undefined;
  let rejectAborted: (error: Error) => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  const abort = (message: string) => {
    if (abortedWith !== undefined) return;
    abortedWith = message;
    controller.abort(new CallAbortedError(message));
    rejectAborted(new CallAbortedError(message));
  };
  const onOuterAbort = () => abort(toolErrorMessages.cancelled(toolName));
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => abort(toolErrorMessages.timedOut(toolName, timeoutMs)), timeoutMs)
    : undefined;

  const execute = tool.execute as (input: unknown, options: { signal: AbortSignal; toolCallId: string }) => unknown;
  try {
    const run = (async () => {
      const value = await execute(input, { signal: controller.signal, toolCallId });
      return isAsyncIterable(value) ? lastOf(value, toolCallId, options.onPreliminaryOutput, () => abortedWith) : value;
    })();
    // A late settlement of an abandoned run must not surface as an unhandled rejection.
    run.catch(() => {});
    const output = await Promise.race([run, aborted]);
    return { toolCallId, toolName, ok: true, output };
  } catch (error) {
    return { toolCallId, toolName, ok: false, error: abortedWith ?? errorMessage(error), cancelled: outer?.aborted === true };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    // The race may have left `aborted` rejected with nobody listening.
    aborted.catch(() => {});
  }
}

/**
 * Runs a turn's tool calls, in parallel up to `concurrency`. Every call gets exactly one
 * result with its id, in the order of the calls: unknown tools, invalid input, thrown errors,
 * timeouts and cancellation become `ok: false` results the model can read. It never rejects
 * for what the calls or the tool set hold; invalid `options` (`concurrency: NaN`, `timeoutMs:
 * -1`) reject with a `TypeError` naming the option.
 */
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

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function lastOf(
  iterable: AsyncIterable<unknown>,
  toolCallId: string,
  onPreliminary: ExecuteToolCallsOptions['onPreliminaryOutput'],
  abortedWith: () => string | undefined,
): Promise<unknown> {
  let last: unknown;
  for await (const value of iterable) {
    if (abortedWith() !== undefined) break;
    onPreliminary?.(toolCallId, value);
    last = value;
  }
  return last;
}
