/** A route handler: what `createChatHandler` returns, or any web `Request` → `Response` function. */
export type RouteHandler = (request: Request) => Response | Promise<Response>;

/**
 * A `fetch` that answers every request with your route handler, in the test's process: the
 * chat's real request body, HTTP status and SSE stream, with no server and no port. Relative
 * URLs (`/api/chat`) resolve against the page's location, or `http://localhost`.
 *
 * @example
 * const fetch = routeFetch(createChatHandler({ model: scriptedModel([...]) }));
 * render(<ChatWrapper api="/api/chat" fetch={fetch} tools={tools} />);
 */
export function routeFetch(handler: RouteHandler): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const base = typeof location === 'undefined' || !/^https?:/.test(location.href) ? 'http://localhost/' : location.href;
    const request = input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), base), init);
    return handler(request);
  };
}
