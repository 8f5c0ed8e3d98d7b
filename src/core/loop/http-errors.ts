/**
 * A failed chat request, with what the user needs to decide what to do: the HTTP status, the
 * server's own message, how long the server asked to wait (`Retry-After`), and whether
 * sending it again can succeed at all.
 */
export class ChatRequestError extends Error {
  override readonly name = 'ChatRequestError';
  /**
   * Whether the same request can succeed later. The server's `{ error: { retryable } }` decides
   * (`createChatHandler` says `false` for a bad provider key or a conversation past the model's
   * context); without it, every 4xx but 408, 409, 425 and 429 is `false`.
   */
  readonly retryable: boolean;
  constructor(
    message: string,
    /** HTTP status; undefined when the server could not be reached. */
    readonly status?: number,
    /** From a `Retry-After` header, in milliseconds. */
    readonly retryAfterMs?: number,
    retryable?: boolean,
  ) {
    super(message);
    this.retryable = retryable ?? !(status !== undefined && status >= 400 && status < 500 && ![408, 409, 425, 429].includes(status));
  }
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Wraps a `fetch` so failed chat requests become readable {@link ChatRequestError}s: the
 * status, the server's message (`{ error: { message } }` or text), and "retry in N s" for a
 * `Retry-After`. The AI SDK's default transport would show only the raw body.
 */
export function withHttpErrors(fetchImpl: Fetch, now: () => number = Date.now): Fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      if (init?.signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
      throw new ChatRequestError(unreachable(input, error));
    }
    if (response.ok) return response;
    const detail = serverError(await response.text().catch(() => ''));
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now);
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    const wait = retryAfterMs === undefined ? '' : ` Retry in ${Math.ceil(retryAfterMs / 1000)} s.`;
    const message = `${status}${detail.message ? `: ${detail.message}` : ''}.${wait}`;
    throw new ChatRequestError(message, response.status, retryAfterMs, detail.retryable);
  };
}

function serverError(text: string): { message: string; retryable?: boolean } {
  const trimmed = text.trim();
  if (!trimmed) return { message: '' };
  try {
    const body = JSON.parse(trimmed) as { error?: { message?: unknown; retryable?: unknown } | string; message?: unknown; detail?: unknown };
    // `detail`: FastAPI's `HTTPException` body, the usual Python agent server's error.
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message ?? body.detail);
    const retryable = typeof body.error === 'object' && typeof body.error?.retryable === 'boolean' ? body.error.retryable : undefined;
    if (typeof message === 'string' && message) {
      return { message: message.replace(/\.$/, ''), ...(retryable === undefined ? {} : { retryable }) };
    }
  } catch {
    // Not JSON: show the text itself.
  }
  return { message: trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed.replace(/\.$/, '') };
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | null, now: () => number = Date.now): number | undefined {
  if (value === null || value.trim() === '') return undefined;
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
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const reason = error instanceof Error ? error.message : String(error);
  // Long enough to recognise the address, short enough for a banner.
  const where = url.length > 120 ? `${url.slice(0, 117)}…` : url;
  return `Could not reach ${where}: network error or CORS (${reason})`;
}
