import type { UIMessage } from 'ai';

/** Where the conversation stood when a request left: what its response adds comes after it. */
export interface ResponseBase {
  /** The assistant message a continuation writes into; `undefined` when the response starts a new one. */
  messageId: string | undefined;
  /** That message's parts before the response. */
  parts: number;
}

/** The base of a request for these messages. */
export function responseBase(messages: readonly UIMessage[]): ResponseBase {
  const last = messages.at(-1);
  return last?.role === 'assistant' ? { messageId: last.id, parts: last.parts.length } : { messageId: undefined, parts: 0 };
}

/**
 * Whether a response wrote nothing into its message: no text, no tool call, no reasoning, no
 * file or source (step boundaries and empty text do not count). The AI SDK appends a
 * continuation to the message of the results it answers, so only the parts after `base` are
 * the response's.
 */
export function wroteNothing(message: UIMessage, base: ResponseBase | undefined): boolean {
  const from = base && base.messageId === message.id ? base.parts : 0;
  for (let i = from; i < message.parts.length; i++) {
    const part = message.parts[i]!;
    if (part.type === 'step-start') continue;
    if (part.type === 'text' && part.text.trim() === '') continue;
    return false;
  }
  return true;
}
