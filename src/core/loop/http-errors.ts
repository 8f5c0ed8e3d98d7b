import { APICallError } from 'ai';
import { ChatRequestError, isRetryableStatus } from './chat-request-error';

export { ChatRequestError, isRetryableStatus, type ChatRequestErrorDetails } from './chat-request-error';

/**
 * The one place that reads a failed HTTP request: every transport (the AI SDK endpoint, the
 * OpenAI-compatible and the text-stream transports), the server's provider errors and the error
 * banner ask it what happened and whether sending the same request again can succeed.
 *
 * The retry rule: a request that never reached its server, and the statuses `408`, `409`, `425`,
 * `429` and `5xx`, can succeed later; every other `4xx` (`400`, `401`, `403`, `404`, `413`,
 * `422`, …) cannot, nor can anything the body names as permanent (a bad key, an exhausted quota,
 * a conversation past the model's context), whatever the status. A server's own
 * `{ error: { retryable } }` (what `createChatHandler` sends) decides over both.
 */

/** Codes and types of errors that the same request meets again however often it is sent. */
const PERMANENT_CODE =
  /insufficient_quota|billing|context_length|context_size|exceed_context|invalid|authentication|unauthori[sz]ed|permission|forbidden|not_found|unsupported|content_policy|content_filter/i;
/** The same, for servers that say it only in words. */
const PERMANENT_MESSAGE = /context (length|size|window)|maximum context|too many tokens|exceeds? the (available )?context|api key|quota/i;

/** Longest server message passed on (a provider's can quote the prompt). */
const MAX_MESSAGE = 1000;

const isClientStatus = (code: number) => code >= 400 && code < 500;

/** What a failed answer says about itself: its message, and whether sending it again can help. */
export interface HttpFailureDetail {
  /** The server's own message, if its body had one (or the body's text, shortened). */
  message: string | undefined;
  retryable: boolean;
}

/**
 * Reads a failed answer's body (JSON or text): the message servers put in `{ error: { message } }`,
 * `{ error: "…" }`, `{ message }` or `{ detail }`, and the retry rule above.
 */
export function describeHttpFailure(status: number | undefined, body: unknown): HttpFailureDetail {
  const json = typeof body === 'string' ? parseJson(body) : body;
  const text = typeof body === 'string' ? body.trim() : '';
  const found = messageIn(json);
  const message = found !== undefined ? clip(found) : text !== '' ? clip(text) : undefined;
  const said = retryableIn(json);
  if (said !== undefined) return { message, retryable: said };
  const permanent =
    !isRetryableStatus(status) ||
    codesIn(json).some((code) => (typeof code === 'number' ? isClientStatus(code) && !isRetryableStatus(code) : PERMANENT_CODE.test(code))) ||
    (message !== undefined && PERMANENT_MESSAGE.test(message));
  return { message, retryable: !permanent };
}

/** Whether an error message alone names a failure that retrying cannot fix (a bad key, the context). */
export function isPermanentMessage(message: string): boolean {
  return PERMANENT_MESSAGE.test(message);
}

/**
 * A non-2xx answer as a {@link ChatRequestError}: "HTTP 429 Too Many Requests: <the server's
 * message>. Retry in 20 s." A `404` or `405` names the address, as an unreachable server does:
 * that is what the user has to fix (the `api` option, a dev-server proxy).
 */
export async function httpFailure(response: Response, url: string, now: () => number = Date.now): Promise<ChatRequestError> {
  const responseBody = await response.text().catch(() => '');
  const detail = describeHttpFailure(response.status, responseBody);
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now);
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const where = response.status === 404 || response.status === 405 ? ` at ${shortUrl(url)}` : '';
  const wait = retryAfterMs === undefined || !detail.retryable ? '' : ` Retry in ${Math.ceil(retryAfterMs / 1000)} s.`;
  const message = `${status}${where}${detail.message ? `: ${detail.message.replace(/\.$/, '')}` : ''}.${wait}`;
  return new ChatRequestError(message, response.status, retryAfterMs, detail.retryable, {
    url,
    responseBody,
    responseHeaders: Object.fromEntries(response.headers.entries()),
  });
}

/** A request that never reached its server (down, wrong port, refused by CORS): Retry can help. */
export function networkFailure(input: RequestInfo | URL, error: unknown): ChatRequestError {
  return new ChatRequestError(unreachable(input, error), undefined, undefined, true, { url: urlOf(input), cause: error });
}

// One implementation, in its own module: a chat loads this one only when a request fails.
export { withHttpErrors } from './with-http-errors';

/**
 * Whether sending the failed request again can succeed: what the error banner asks before it
 * offers Retry. A `ChatRequestError` knows; another `APICallError` (a transport of the app's
 * own) is read by the same rule; any other error (a stream cut short) may pass on a retry.
 */
export function canRetry(error: unknown): boolean {
  if (error instanceof ChatRequestError) return error.retryable;
  if (APICallError.isInstance(error)) return describeHttpFailure(error.statusCode, error.responseBody ?? '').retryable;
  return true;
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | null | undefined, now: () => number = Date.now): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/**
 * Why a request never reached its server, and where it was going: the browser's own words
 * ("Failed to fetch") say neither. A network failure and a CORS refusal look the same to the
 * page, so both are named.
 */
export function unreachable(input: RequestInfo | URL, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Could not reach ${shortUrl(urlOf(input))}: network error or CORS (${reason})`;
}

export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** Long enough to recognise the address, short enough for a banner. */
function shortUrl(url: string): string {
  return url.length > 120 ? `${url.slice(0, 117)}…` : url;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Loose = Record<string, unknown> | undefined;

function record(value: unknown): Loose {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** `{ error: { message } }`, `{ error: "…" }`, `{ message }` or `{ detail }`: what servers send. */
export function messageIn(body: unknown): string | undefined {
  const root = record(body);
  const inner = record(root?.error);
  for (const candidate of [inner?.message, root?.error, root?.message, root?.detail]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
  }
  return undefined;
}

function retryableIn(body: unknown): boolean | undefined {
  const retryable = record(record(body)?.error)?.retryable;
  return typeof retryable === 'boolean' ? retryable : undefined;
}

function codesIn(body: unknown): (string | number)[] {
  const root = record(body);
  const inner = record(root?.error);
  return [inner?.code, inner?.type, inner?.status, root?.code, root?.type].filter(
    (code): code is string | number => typeof code === 'string' || typeof code === 'number',
  );
}

function clip(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}
