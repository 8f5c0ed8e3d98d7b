// assistant-ui on the AI SDK, as its README sets it up: `useChatRuntime` (AI SDK `useChat` +
// `AssistantChatTransport` to /api/chat) + `AssistantRuntimeProvider` + a minimal thread.
import { AssistantRuntimeProvider } from '@assistant-ui/react';
import { useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { Thread } from './thread.jsx';

export function App() {
  const runtime = useChatRuntime();
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <Thread />
    </AssistantRuntimeProvider>
  );
}
