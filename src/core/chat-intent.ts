/**
 * What a request to a handler with a store asks, in its body's `intent`. The server owns the
 * conversation: a request never carries history, only the one message its intent is about.
 *
 * - `send`: `messages` holds a new user message (text and files), appended to the thread.
 * - `tool-results`: `messages` holds the thread's last answer with results for its calls that
 *   have none yet (and approvals of its server tools). Only those are taken; the first result
 *   of a call wins.
 * - `edit`: `messages` holds the stored user message `messageId` with its new text and files;
 *   what followed it is replaced by the new answer.
 * - `regenerate`: the stored answer `messageId` is asked again (a user message `messageId` is
 *   answered again); without it, what follows `messages[0]` (the client's last message, which
 *   must be the stored one), else the thread's last answer. `messages` may be empty.
 *
 * Stop is `DELETE {api}/{id}/stream`. New intents (a branch switch) are new `type`s.
 */
export type ChatIntent =
  | { type: 'send' }
  | { type: 'tool-results' }
  | { type: 'edit'; messageId: string }
  | { type: 'regenerate'; messageId?: string };

/** What the intent of a request is read from: the AI SDK's request fields. */
export interface IntentSource {
  intent?: ChatIntent;
  trigger?: string;
  messageId?: string;
  messages: readonly { id: string; role: string }[];
}

/**
 * The request's intent: its `intent`, else what the AI SDK's own fields say (`trigger`,
 * `messageId` and the role of the message sent), so that `useChat` with a
 * `prepareSendMessagesRequest` sending only the new message talks to a store unchanged:
 * `regenerate-message` is a Regenerate; `submit-message` with an assistant message carries tool
 * results, with the user message `messageId` an Edit, with another user message a send. The
 * client transport of a store (`ServerConversationTransport`) and the handler read it alike.
 */
export function intentOf(source: IntentSource): ChatIntent | { error: string } {
  if (source.intent) return source.intent;
  if (source.trigger === 'regenerate-message') return source.messageId === undefined ? { type: 'regenerate' } : { type: 'regenerate', messageId: source.messageId };
  if (source.trigger !== undefined && source.trigger !== 'submit-message') {
    return { error: `Invalid request body: trigger must be submit-message or regenerate-message (or send an intent)` };
  }
  const last = source.messages.at(-1);
  if (!last) return { error: 'Invalid request body: messages must hold the new message (or send an intent)' };
  if (last.role === 'assistant') return { type: 'tool-results' };
  if (last.role === 'user' && source.messageId !== undefined && source.messageId === last.id) return { type: 'edit', messageId: last.id };
  return { type: 'send' };
}
