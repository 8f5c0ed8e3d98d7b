import { APICallError, RetryError, TypeValidationError, type LanguageModelMiddleware } from 'ai';
import { describeHttpFailure, isPermanentMessage, messageIn } from '../core/loop/http-errors';

/** A failed model call as the user should hear about it. */
export interface ProviderFailure {
  /** The provider's own message (e.g. "This model's maximum context length is 8192 tokens…"). */
  message: string;
  /** Whether the provider's API failed (or could not be reached), rather than anything else. */
  provider: boolean;
  /** The provider's HTTP status, when it answered one. */
  status?: number;
  /** Whether the same request can succeed later: false for a bad key, a too long conversation, … */
  retryable: boolean;
  /** How long the provider asked to wait (`retry-after-ms` / `retry-after`). */
  retryAfterMs?: number;
}

/** Longest provider message passed on (they can quote the prompt). */
const MAX_MESSAGE = 1000;

/** The AI SDK retries within this wait at most; a longer `Retry-After` cannot succeed in time. */
const SDK_RETRY_WINDOW_MS = 60_000;

/**
 * Reads what went wrong from a model call's error: the provider's own message (also when the
 * SDK could only say "stream failed before any output" or the status text), its status, and
 * whether retrying can help.
 */
export function describeProviderError(error: unknown): ProviderFailure {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const body = cause.data ?? parseJson(cause.responseBody);
    const message = clip(messageIn(body) ?? cause.message);
    // The one retry rule of every HTTP failure (status, codes, the provider's words).
    const permanent = !describeHttpFailure(cause.statusCode, body).retryable || isPermanentMessage(message);
    const retryAfterMs = retryAfter(cause.responseHeaders);
    // The provider's own verdict: the copy made for the SDK's retry may have said "not now".
    const original = APICallError.isInstance(cause.cause) ? cause.cause : cause;
    return {
      message,
      provider: true,
      ...(cause.statusCode === undefined ? {} : { status: cause.statusCode }),
      retryable: !permanent && original.isRetryable,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  // A provider's error event that did not fit the SDK's schema: the event is in `value`.
  if (TypeValidationError.isInstance(cause)) {
    const message = messageIn(cause.value);
    if (message !== undefined) return { message: clip(message), provider: true, retryable: !isPermanentMessage(message) };
  }
  const message = clip(cause instanceof Error ? cause.message : String(cause));
  return { message, provider: false, retryable: !isPermanentMessage(message) };
}

/**
 * Gives the AI SDK's retry (`maxRetries`) the provider's own message and a correct
 * `isRetryable`: a bad key, a too long conversation, an exhausted quota or a `Retry-After`
 * past the SDK's window are not retried; the user hears about them at once.
 */
export const providerErrorMiddleware: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  wrapStream: async ({ doStream }) => {
    try {
      return await doStream();
    } catch (error) {
      throw withRetryDecision(error);
    }
  },
  wrapGenerate: async ({ doGenerate }) => {
    try {
      return await doGenerate();
    } catch (error) {
      throw withRetryDecision(error);
    }
  },
};

function withRetryDecision(error: unknown): unknown {
  if (!APICallError.isInstance(error)) return error;
  const failure = describeProviderError(error);
  const retryNow = failure.retryable && (failure.retryAfterMs ?? 0) <= SDK_RETRY_WINDOW_MS;
  if (failure.message === error.message && retryNow === error.isRetryable) return error;
  return new APICallError({
    message: failure.message,
    url: error.url,
    requestBodyValues: error.requestBodyValues,
    ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
    ...(error.responseHeaders === undefined ? {} : { responseHeaders: error.responseHeaders }),
    ...(error.responseBody === undefined ? {} : { responseBody: error.responseBody }),
    cause: error,
    isRetryable: retryNow,
    data: error.data,
  });
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function retryAfter(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function clip(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}
