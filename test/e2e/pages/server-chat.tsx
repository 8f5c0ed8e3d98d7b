// A page on a server store: toolchat's useToolChat with ServerConversationTransport and
// serverStorage. The chat restores the thread, resumes an answer in flight after a reload, and
// its stop() stops the answer on the server: nothing here is wired by hand.
import { createRoot } from 'react-dom/client';
import { ServerConversationTransport, serverStorage, useToolChat } from 'toolchat';

const api = '/api/chat';
const storage = serverStorage({ api });
const transport = new ServerConversationTransport({ api });

function Chat() {
  const { messages, sendMessage, status, stop } = useToolChat({ id: 'e2e-chat', storage, transport });
  return (
    <div>
      <div role="log">
        {messages.map((message) => (
          <p key={message.id}>
            {message.role}: {message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}
          </p>
        ))}
      </div>
      <button type="button" onClick={() => void sendMessage('Say hello')}>
        Send
      </button>
      <button type="button" onClick={() => stop()}>
        Stop
      </button>
      <p role="status">{status}</p>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Chat />);
