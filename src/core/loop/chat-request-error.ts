import { APICallError } from '@ai-sdk/provider';

// Its own module: apps compare with it (`instanceof`), so it is one class wherever the code that
// reads a failed request is loaded from.

/** Whether a request that failed with this status (undefined: never answered) can succeed later. */
export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return true;
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

export interface ChatRequestErrorDetails {
  /** Where the request went. */
  url?: string;
  responseBody?: string;
  responseHeaders?: Record<string, string>;
  cause?: unknown;
}

/**
 * A failed chat request, with what the user needs to decide what to do: the HTTP status, the
 * server's own message, how long the server asked to wait (`Retry-After`), and whether
 * sending it again can succeed at all. Every transport of toolchat rejects with one; it is an
 * AI SDK `APICallError` too (`statusCode`, `isRetryable`, `url`, `responseBody`).
 */
export class ChatRequestError extends APICallError {
  override readonly name = 'ChatRequestError';
  /** HTTP status; undefined when the server could not be reached. */
  readonly status: number | undefined;
  /** From a `Retry-After` header, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /**
   * Whether the same request can succeed later (see the retry rule of `isRetryableStatus`); the
   * error banner offers Retry only then.
   */
  readonly retryable: boolean;
  constructor(message: string, status?: number, retryAfterMs?: number, retryable?: boolean, details: ChatRequestErrorDetails = {}) {
    const canRetry = retryable ?? isRetryableStatus(status);
    super({
      message,
      url: details.url ?? '',
      requestBodyValues: undefined,
      ...(status === undefined ? {} : { statusCode: status }),
      ...(details.responseHeaders === undefined ? {} : { responseHeaders: details.responseHeaders }),
      ...(details.responseBody === undefined ? {} : { responseBody: details.responseBody }),
      ...(details.cause === undefined ? {} : { cause: details.cause }),
      isRetryable: canRetry,
    });
    this.status = status;
    this.retryAfterMs = retryAfterMs;
    this.retryable = canRetry;
  }
}
