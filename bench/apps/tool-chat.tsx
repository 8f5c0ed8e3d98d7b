// `useToolChat` with one tool and the app's own markup: what the bare app does, through toolchat.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { defineTool, useToolChat } from 'toolchat';
import * as z from 'zod';

const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  }),
};

function App() {
  const [text, setText] = useState('');
  const { messages, sendMessage, activity } = useToolChat({ api: '/api/chat', tools });
  return (
    <div>
      {messages.map((message) => (
        <p key={message.id}>
          {message.parts.map((part, index) => (part.type === 'text' ? <span key={index}>{part.text}</span> : null))}
        </p>
      ))}
      <p role="status">{activity.label}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void sendMessage(text);
          setText('');
        }}
      >
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </form>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
