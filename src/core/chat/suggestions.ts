import type { UIMessage } from 'ai';

/** The most follow-ups an answer offers; a model that writes more has the first ones shown. */
export const MAX_SUGGESTIONS = 6;
/** Longer than this, a suggestion is not a prompt but a paragraph: it is cut. */
const MAX_LENGTH = 200;

/**
 * The follow-up prompts in `value` (from a model or the network): its strings, trimmed, without
 * empty ones or repeats, at most six of at most 200 characters each. Anything else is none.
 */
export function cleanSuggestions(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const text = item.trim().replace(/\s+/g, ' ').slice(0, MAX_LENGTH);
    if (text !== '' && !out.includes(text)) out.push(text);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

/**
 * The follow-ups an answer offers: the data of its last `data-suggestions` part (what a route
 * writes, or `createChatHandler` from a model's `toolchat.suggestions` content).
 */
export function answerSuggestions(message: UIMessage): string[] {
  const part = message.parts.findLast((candidate) => candidate.type === 'data-suggestions');
  return part && 'data' in part ? cleanSuggestions(part.data) : [];
}
