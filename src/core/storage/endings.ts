import type { UIMessage } from 'ai';
import type { AnswerEnding } from '../loop/loop-state';

/** The endings a stored answer can say of itself (its metadata's `ending`, written by a server that keeps the chat). */
const STORED: ReadonlySet<string> = new Set<AnswerEnding>(['stopped', 'length', 'content-filter', 'error']);

/**
 * How the stored answers of a conversation ended, by message id, where their metadata says
 * (`{ ending: 'stopped' }`: the user stopped it, `'length'`: cut off at the token limit…), so
 * a restored chat shows their notices, with Continue, as before the reload.
 */
export function storedEndings(messages: readonly UIMessage[]): Map<string, AnswerEnding> {
  const endings = new Map<string, AnswerEnding>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const metadata = message.metadata;
    const ending = typeof metadata === 'object' && metadata !== null && Object.hasOwn(metadata, 'ending') ? (metadata as { ending: unknown }).ending : undefined;
    if (typeof ending === 'string' && STORED.has(ending)) endings.set(message.id, ending as AnswerEnding);
  }
  return endings;
}
