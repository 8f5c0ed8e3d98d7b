/**
 * The one shape of every error the handler answers: `{ error: { message, …extra } }` with its
 * status (and headers: `Retry-After`, `Allow`). The message is for people: it names what was
 * wrong and quotes no more than a short prefix of anything the client sent.
 */
export function jsonError(status: number, message: string, extra: { retryable?: boolean; headers?: Record<string, string> } = {}): Response {
  const { headers, ...fields } = extra;
  return Response.json({ error: { message, ...fields } }, { status, ...(headers ? { headers } : {}) });
}

/** A store that failed (down, refusing the write): a `503` the chat shows, and the cause in the server's log. */
export function storeUnavailable(what: string, error: unknown): Response {
  console.error(`toolchat: ${what}: the conversation store failed`, error);
  return jsonError(503, `${what}: the conversation store is not answering. Try again in a moment.`, { retryable: true });
}
