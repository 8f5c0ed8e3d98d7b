import type { UIMessage } from 'ai';

export interface MergedConversation {
  /** The whole conversation the model answers. */
  messages: UIMessage[];
  /** Position of the first sent message: the stored ones from there on are replaced. */
  from: number;
}

/**
 * The stored conversation with what the client sent. A client that sends only what is new
 * sends its last message: a new user message is appended; a message the store has (the
 * assistant message carrying the browser's tool results, or the user message before a
 * regenerated answer) replaces it and everything after it. A client that sends the whole
 * conversation replaces it from its first message, as without a store.
 */
export function mergeSent(stored: readonly UIMessage[], sent: readonly UIMessage[]): MergedConversation {
  const first = sent[0];
  const at = first === undefined ? -1 : stored.findIndex((message) => message.id === first.id);
  const from = at === -1 ? stored.length : at;
  return { messages: [...stored.slice(0, from), ...sent], from };
}
