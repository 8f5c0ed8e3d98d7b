/**
 * An address under a chat endpoint: `under('/api/chat?mode=x', '/threads')` is
 * `/api/chat/threads?mode=x`. The path goes before the endpoint's query and fragment, so an
 * endpoint that carries one (`?toolMarkers=on`, a key) keeps it on every route under it.
 * Works on relative addresses too, which `URL` cannot parse without a base.
 */
export function underEndpoint(api: string, path: string): string {
  const end = api.search(/[?#]/);
  const base = (end === -1 ? api : api.slice(0, end)).replace(/\/+$/, '');
  const rest = end === -1 ? '' : api.slice(end);
  return `${base}${path}${rest}`;
}
