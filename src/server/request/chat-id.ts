/** Chat ids the handler accepts: what `newChatId` and the AI SDK's `generateId` make. */
export const CHAT_ID = /^[A-Za-z0-9_-]{1,128}$/;
