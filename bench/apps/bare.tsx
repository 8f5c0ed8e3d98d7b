// The baseline app: the AI SDK's own `useChat`, its one browser-side tool wired by hand
// (`onToolCall`, `addToolOutput`, `sendAutomaticallyWhen`), its input checked with zod.
import { useChat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithToolCalls } from 'ai';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import * as z from 'zod';

const weatherInput = z.object({ city: z.string() });

function App() {
  const [text, setText] = useState('');
  const { messages, sendMessage, status, addToolOutput } = useChat({
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: ({ toolCall }) => {
      if (toolCall.dynamic || toolCall.toolName !== 'getWeather') return;
      const input = weatherInput.safeParse(toolCall.input);
      if (input.success) {
        void addToolOutput({ tool: 'getWeather', toolCallId: toolCall.toolCallId, output: { city: input.data.city, tempC: 21 } });
      } else {
        void addToolOutput({ tool: 'getWeather', toolCallId: toolCall.toolCallId, state: 'output-error', errorText: input.error.message });
      }
    },
  });
  return (
    <div>
      {messages.map((message) => (
        <p key={message.id}>
          {message.parts.map((part, index) => (part.type === 'text' ? <span key={index}>{part.text}</span> : null))}
        </p>
      ))}
      <p role="status">{status}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void sendMessage({ text });
          setText('');
        }}
      >
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </form>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
