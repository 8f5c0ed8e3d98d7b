// "Show code" of the hook-only story: the exported parts around useToolChat (type-checked with the stories).
import { useState } from 'react';
import { Composer, MessageList, StatusIndicator, demoTools, useToolChat } from 'toolchat';
import 'toolchat/styles.css';

export function MiniChat() {
  const [toolRuns, setToolRuns] = useState(0);
  const chat = useToolChat({
    api: '/api/chat',
    tools: demoTools,
    onToolResult: () => setToolRuns((count) => count + 1),
  });
  return (
    <section className="toolchat" aria-label="Mini chat" style={{ height: '100%' }}>
      <header>
        <StatusIndicator activity={chat.activity} />
        <p>Tool runs: {toolRuns}</p>
      </header>
      <MessageList
        messages={chat.messages}
        busy={chat.busy}
        getToolCall={chat.getToolCall}
        onApprove={chat.approve}
        onDeny={chat.deny}
        onAlwaysAllow={chat.alwaysAllow}
        endings={chat.loop.endings}
        onContinue={() => void chat.continue('Continue')}
        onRunAgain={chat.runAgain}
        empty={<p>Ask me about the weather.</p>}
      />
      <Composer onSend={(text) => void chat.sendMessage(text)} onStop={chat.stop} busy={chat.busy} placeholder="Type here" />
    </section>
  );
}
