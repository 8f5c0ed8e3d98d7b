import type { UIMessage } from 'ai';

/** Whether an answer has sources to list: a source part, or a text that cites. */
export function hasSources(message: UIMessage): boolean {
  return message.parts.some(
    (part) => part.type === 'source-url' || part.type === 'source-document' || (part.type === 'text' && (part.citations?.length ?? 0) > 0),
  );
}
