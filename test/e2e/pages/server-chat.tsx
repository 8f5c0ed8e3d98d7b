// A page on a server store: the AI SDK's useChat with toolchat's ServerConversationTransport and
// serverStorage, resuming an answer in flight after a reload (`resume: true`).
import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { createRoot } from 'react-dom/client';
import { ServerConversationTransport, serverStorage } from 'toolchat';

const api = '/api/chat';
const id = 'e2e-chat';
const transport = new ServerConversationTransport({ api });

function Chat({ initial }: { initial: UIMessage[] }) {
  const { messages, sendMessage, status, stop } = useChat({ id, messages: initial, transport, resume: true });
  return (
    <div>
      <div role="log">
        {messages.map((message) => (
          <p key={message.id}>
            {message.role}: {message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}
          </p>
        ))}
      </div>
      <button type="button" onClick={() => void sendMessage({ text: 'Say hello' })}>
        Send
      </button>
      <button
        type="button"
        onClick={() => {
          void stop();
          void transport.stopOnServer(id);
        }}
      >
        Stop
      </button>
      <p role="status">{status}</p>
    </div>
  );
}

// The thread as the server keeps it (the answer in flight is not in it yet: it is resumed).
const record = await serverStorage({ api }).load(id);
createRoot(document.getElementById('root')!).render(<Chat initial={(record?.messages ?? []) as UIMessage[]} />);
