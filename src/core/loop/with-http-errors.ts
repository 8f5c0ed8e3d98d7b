type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

// Reading a failure (its body, status, Retry-After) is needed only when a request fails: the
// module loads then, out of the first load of every chat. A successful answer never waits for it.
const failures = () => import('./http-errors');

/**
 * Wraps a `fetch` so failed chat requests become readable `ChatRequestError`s: the
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
      throw (await failures()).networkFailure(input, error);
    }
    if (response.ok) return response;
    const { httpFailure, urlOf } = await failures();
    throw await httpFailure(response, urlOf(input), now);
  };
}
