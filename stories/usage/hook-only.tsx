// "Show code" of the hook-only story: the exported parts around useToolChat (type-checked with the stories).
import { useState } from 'react';
import { Composer, MessageList, StatusIndicator, ToolChatProvider, demoTools, useToolChat } from 'toolchat';
import 'toolchat/styles.css';

export function MiniChat() {
  const [toolRuns, setToolRuns] = useState(0);
  const chat = useToolChat({
    api: '/api/chat',
    tools: demoTools,
    onToolResult: () => setToolRuns((count) => count + 1),
  });
  // The parts read the chat from the provider: each selects what it shows and calls the chat.
  return (
    <ToolChatProvider chat={chat.chat}>
      <section className="toolchat" aria-label="Mini chat" style={{ height: '100%' }}>
        <header>
          <StatusIndicator />
          <p>Tool runs: {toolRuns}</p>
        </header>
        <MessageList empty={<p>Ask me about the weather.</p>} />
        <Composer placeholder="Type here" />
      </section>
    </ToolChatProvider>
  );
}
