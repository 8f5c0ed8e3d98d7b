// A page with a restored thread of `?messages=` messages (10,000 by default) in `ChatWrapper`
// (`?view=chat-wrapper`) or in a plain `useChat` list (`?view=plain`), on the demo model. Used
// by the e2e test that scrolls it and by `bench/chromium.bench.ts`, which reads the timings it
// leaves on `window.__longThread`.
import { Chat, useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, createDemoTransport, demoTools, preloadMarkdown } from 'toolchat';
import { longThread } from '../../support/long-thread';

export interface LongThreadTimings {
  /** From `root.render()` to the first commit (React's work: render and DOM). */
  commitMs: number;
  /** From `root.render()` to the first frame painted after the first commit (plus style, layout, paint). */
  firstRenderMs: number;
  messages: number;
  view: string;
}

declare global {
  interface Window {
    __longThread?: LongThreadTimings;
  }
}

const params = new URLSearchParams(location.search);
const count = Number(params.get('messages') ?? 10_000);
const view = params.get('view') ?? 'chat-wrapper';
const messages = longThread(count, { varied: true });

/** The baseline: every message rendered, text and one line per tool call. */
function PlainThread({ chat }: { chat: Chat<UIMessage> }) {
  const { messages } = useChat({ chat });
  return (
    <div className="plain-thread" role="log" aria-label="Conversation" tabIndex={0}>
      {messages.map((message) => (
        <div key={message.id} className="plain-message">
          {message.parts.map((part, index) =>
            part.type === 'text' ? (
              <p key={index}>{part.text}</p>
            ) : part.type.startsWith('tool-') && 'toolCallId' in part ? (
              <pre key={index}>{`${part.type} ${part.state} ${JSON.stringify(part.output)}`}</pre>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}

/** Reports the first frame painted after the first commit. */
function Timed({ start, children }: { start: number; children: React.ReactNode }) {
  useLayoutEffect(() => {
    const commitMs = performance.now() - start;
    // rAF runs before the frame's layout and paint; a task queued there runs after them.
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__longThread = { commitMs, firstRenderMs: performance.now() - start, messages: count, view };
      }),
    );
  }, [start]);
  return children;
}

// The renderer is in the bundle already: loading it is not part of what is timed.
await preloadMarkdown();
const host = document.getElementById('root');
if (!host) throw new Error('no #root');
const start = performance.now();
createRoot(host).render(
  <StrictMode>
    <Timed start={start}>
      {view === 'plain' ? (
        <PlainThread chat={new Chat<UIMessage>({ messages })} />
      ) : (
        <ChatWrapper initialMessages={messages} transport={createDemoTransport({ delayMs: 5 })} tools={demoTools} />
      )}
    </Timed>
  </StrictMode>,
);
