import type { UIMessage } from 'ai';

/** A message's text as Markdown, the way it was written: its text parts, a blank line apart. */
export function messageMarkdown(message: UIMessage): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' && part.text.trim() !== '' ? [part.text.trim()] : []))
    .join('\n\n');
}
