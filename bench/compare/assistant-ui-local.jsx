// assistant-ui without the AI SDK adapter: `useLocalRuntime` with the smallest model adapter
// (one POST, the reply's text), so the bundle is the library's own runtime and primitives.
import { AssistantRuntimeProvider, useLocalRuntime } from '@assistant-ui/react';
import { Thread } from './thread.jsx';

/** @type {import('@assistant-ui/react').ChatModelAdapter} */
const adapter = {
  async run({ messages, abortSignal }) {
    const response = await fetch('/api/chat', { method: 'POST', body: JSON.stringify({ messages }), signal: abortSignal });
    return { content: [{ type: 'text', text: await response.text() }] };
  },
};

export function App() {
  const runtime = useLocalRuntime(adapter);
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <Thread />
    </AssistantRuntimeProvider>
  );
}
