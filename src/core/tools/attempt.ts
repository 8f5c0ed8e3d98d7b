// One run of a tool's `execute`: the part of a call that the time limit, the outer signal and
// `retry` act on. Synchronous while `execute` is.
import type { AnyToolDefinition } from './define-tool';
import { errorMessage, toolErrorMessages } from './errors';
import type { ExecuteToolCallsOptions } from './execute-tool-calls';
import { MAX_TIMER_MS } from './number-options';
import { onAbort } from './on-abort';
import type { ToolCall, ToolCallResult } from './types';

export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

class CallAbortedError extends Error {}

/** One attempt's result; `cancelled` when the outer signal ended it (no retry then). */
export type AttemptResult = ToolCallResult & { cancelled?: boolean };

export function strip({ cancelled: _cancelled, ...result }: AttemptResult): ToolCallResult {
  return result;
}

/**
 * The time limit of a call: the tool's own, the option's, or the default (all checked before).
 * Timers wrap above 2^31 − 1 ms (about 24.8 days) and fire at once: a longer limit is none.
 */
function callTimeout(tool: AnyToolDefinition, options: ExecuteToolCallsOptions): number {
  const value = tool.timeoutMs ?? options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  return value > MAX_TIMER_MS ? Number.POSITIVE_INFINITY : value;
}

export /**
 * One run of `execute` with its timeout and the outer signal. A plain value returned at once is
 * the result at once; a Promise or an async generator races the time limit and the signal.
 */
function attemptOnce(
  call: ToolCall,
  tool: AnyToolDefinition,
  input: unknown,
  options: ExecuteToolCallsOptions,
): AttemptResult | Promise<AttemptResult> {
  const { toolCallId, toolName } = call;
  const outer = options.signal;
  const cancelled = (): AttemptResult => ({ toolCallId, toolName, ok: false, error: toolErrorMessages.cancelled(toolName), cancelled: true });
  if (outer?.aborted) return cancelled();
  const controller = new AbortController();
  const execute = tool.execute as (input: unknown, options: { signal: AbortSignal; toolCallId: string }) => unknown;
  let value: unknown;
  try {
    value = execute(input, { signal: controller.signal, toolCallId });
  } catch (error) {
    return { toolCallId, toolName, ok: false, error: errorMessage(error), cancelled: outer?.aborted === true };
  }
  // Stop pressed by the tool's own synchronous code still cancels the call.
  if (outer?.aborted) {
    controller.abort(new CallAbortedError(toolErrorMessages.cancelled(toolName)));
    return cancelled();
  }
  if (!isPromiseLike(value) && !isAsyncIterable(value)) return { toolCallId, toolName, ok: true, output: value };
  return settleAttempt(call, tool, value, controller, options);
}

/**
 * The rest of an attempt whose `execute` gave a Promise or an async generator: its output, its
 * error, the time limit or the outer signal, whichever comes first. One promise settled by
 * hand rather than a `Promise.race` of async functions: each of those costs promise hops
 * between a tool's answer and the next request.
 */
function settleAttempt(
  call: ToolCall,
  tool: AnyToolDefinition,
  value: unknown,
  controller: AbortController,
  options: ExecuteToolCallsOptions,
): Promise<AttemptResult> {
  const { toolCallId, toolName } = call;
  const outer = options.signal;
  const timeoutMs = callTimeout(tool, options);
  return new Promise<AttemptResult>((resolve) => {
    let abortedWith: string | undefined;
    let ended = false;
    const end = (result: AttemptResult) => {
      if (ended) return;
      ended = true;
      if (timer !== undefined) clearTimeout(timer);
      forget?.();
      resolve(result);
    };
    const abort = (message: string) => {
      if (abortedWith !== undefined) return;
      abortedWith = message;
      controller.abort(new CallAbortedError(message));
      end({ toolCallId, toolName, ok: false, error: message, cancelled: outer?.aborted === true });
    };
    const succeed = (output: unknown) => end({ toolCallId, toolName, ok: true, output });
    const fail = (error: unknown) =>
      end({ toolCallId, toolName, ok: false, error: abortedWith ?? errorMessage(error), cancelled: outer?.aborted === true });
    const forget = outer && onAbort(outer, () => abort(toolErrorMessages.cancelled(toolName)));
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => abort(toolErrorMessages.timedOut(toolName, timeoutMs)), timeoutMs)
      : undefined;
    // A late settlement of an abandoned run lands in `end`, which ignores it: never an
    // unhandled rejection.
    Promise.resolve(value).then((settled) => {
      if (!isAsyncIterable(settled)) return succeed(settled);
      lastOf(settled, toolCallId, options.onPreliminaryOutput, () => abortedWith).then(succeed, fail);
    }, fail);
  });
}

export function isPromiseLike(value: unknown): value is PromiseLike<never> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
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
