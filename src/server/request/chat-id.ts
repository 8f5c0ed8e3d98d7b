/** Chat ids the handler accepts: what `newChatId` and the AI SDK's `generateId` make. */
export const CHAT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The `id` of a request body (already parsed as JSON elsewhere), when it is a valid chat id. */
export function chatIdOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return typeof id === 'string' && CHAT_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
