import type { UIMessage } from 'ai';

/**
 * A chat's title: the first user text, whitespace collapsed, shortened to `maxLength`.
 * @param maxLength @default 60
 */
export function chatTitle(messages: readonly UIMessage[], maxLength = 60): string {
  const first = messages.find((message) => message.role === 'user');
  const text = (first?.parts ?? [])
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
