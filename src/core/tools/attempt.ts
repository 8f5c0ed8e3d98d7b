// One run of a tool's `execute`: the part of a call that the time limit, the outer signal and
// `retry` act on. Synchronous while `execute` is.
import type { AnyToolDefinition } from './define-tool';
import { errorMessage, toolErrorMessages } from './errors';
import type { ExecuteToolCallsOptions } from './execute-tool-calls-now';
import { isPromiseLike } from './promise-like';
import { MAX_TIMER_MS } from './number-options';
import { onAbort } from './on-abort';
import type { ToolCall, ToolCallResult } from './types';

import { DEFAULT_TOOL_TIMEOUT_MS } from './default-timeout';

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

/**
 * One run of `execute` with its timeout and the outer signal. A plain value returned at once is
 * the result at once. A Promise or an async generator settles one promise by hand with its
 * output, its error, the time limit or the signal, whichever comes first: a `Promise.race` of
 * async functions costs promise hops between a tool's answer and the next request.
 */
export function attemptOnce(
  call: ToolCall,
  tool: AnyToolDefinition,
  input: unknown,
  options: ExecuteToolCallsOptions,
): AttemptResult | Promise<AttemptResult> {
  const { toolCallId, toolName } = call;
  const outer = options.signal;
  const failed = (error: string, cancelled = outer?.aborted === true): AttemptResult => ({ toolCallId, toolName, ok: false, error, cancelled });
  const succeeded = (output: unknown): AttemptResult => ({ toolCallId, toolName, ok: true, output });
  const cancelledMessage = toolErrorMessages.cancelled(toolName);
  if (outer?.aborted) return failed(cancelledMessage, true);
  const controller = new AbortController();
  const execute = tool.execute as (input: unknown, options: { signal: AbortSignal; toolCallId: string }) => unknown;
  let value: unknown;
  try {
    value = execute(input, { signal: controller.signal, toolCallId });
  } catch (error) {
    return failed(errorMessage(error));
  }
  // Stop pressed by the tool's own synchronous code still cancels the call.
  if (outer?.aborted) {
    controller.abort(new CallAbortedError(cancelledMessage));
    return failed(cancelledMessage, true);
  }
  if (!isPromiseLike(value) && !isAsyncIterable(value)) return succeeded(value);

  const timeoutMs = callTimeout(tool, options);
  return new Promise<AttemptResult>((resolve) => {
    let abortedWith: string | undefined;
    let ended = false;
    const end = (result: AttemptResult) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      forget?.();
      resolve(result);
    };
    const abort = (message: string) => {
      if (abortedWith !== undefined) return;
      abortedWith = message;
      controller.abort(new CallAbortedError(message));
      end(failed(message));
    };
    const succeed = (output: unknown) => end(succeeded(output));
    const fail = (error: unknown) => end(failed(abortedWith ?? errorMessage(error)));
    const forget = outer && onAbort(outer, () => abort(cancelledMessage));
    const timer = Number.isFinite(timeoutMs) ? setTimeout(() => abort(toolErrorMessages.timedOut(toolName, timeoutMs)), timeoutMs) : undefined;
    // A late settlement of an abandoned run lands in `end`, which ignores it: never an
    // unhandled rejection.
    Promise.resolve(value).then((settled) => {
      if (!isAsyncIterable(settled)) return succeed(settled);
      lastOf(settled, toolCallId, options.onPreliminaryOutput, () => abortedWith).then(succeed, fail);
    }, fail);
  });
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
