import { useChat, type Chat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';

/** What a hand-written list shows of a message: its text, and one line per tool call. */
export function plainParts(message: UIMessage) {
  return message.parts.map((part, index) =>
    part.type === 'text' ? (
      <p key={index}>{part.text}</p>
    ) : part.type.startsWith('tool-') && 'toolCallId' in part ? (
      <pre key={index}>{`${part.type} ${part.state} ${JSON.stringify(part.output)}`}</pre>
    ) : null,
  );
}

/** The baseline list: a plain `useChat` component rendering every message, unmemoised. */
export function PlainThread({ chat }: { chat: Chat<UIMessage> }) {
  const { messages } = useChat({ chat });
  return (
    <div>
      {messages.map((message) => (
        <div key={message.id}>{plainParts(message)}</div>
      ))}
    </div>
  );
}
