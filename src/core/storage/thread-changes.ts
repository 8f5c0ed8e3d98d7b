/**
 * Tells the lists of a chat endpoint's threads that one changed (a chat got its first message,
 * or moved to the top with a new one). In-page: the transport that sent the message and the
 * storage a `ThreadList` reads need not be made together, only on the same endpoint (its path:
 * `/api/chat` and `/api/chat?toolMarkers=on` are one endpoint).
 */
const listeners = new Map<string, Set<(chatId: string) => void>>();

/** The endpoint an address belongs to: its path, without query, fragment or trailing slash. */
function endpointOf(api: string): string {
  const end = api.search(/[?#]/);
  return (end === -1 ? api : api.slice(0, end)).replace(/\/+$/, '');
}

/** Calls `listener` with the id of each thread of the endpoint `api` that changes; returns the unsubscribe. */
export function onThreadChange(api: string, listener: (chatId: string) => void): () => void {
  const key = endpointOf(api);
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
  };
}

/** Says that the thread `chatId` of the endpoint `api` changed. */
export function threadChanged(api: string, chatId: string): void {
  for (const listener of [...(listeners.get(endpointOf(api)) ?? [])]) listener(chatId);
}
