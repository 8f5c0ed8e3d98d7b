// The page of `bench/chromium-stream.bench.ts`: one answer of `TOKENS` tokens streamed at the end
// of a restored thread of `?messages=` messages (0 for an empty thread), in `ChatWrapper`
// (`?view=chat-wrapper`) or in a memoised `useChat` list with `throttle: 16`
// (`?view=plain`), React's production build. The tokens come from an in-page transport, each
// in its own task as a network delivers them. It leaves on `window.__stream` what the bench
// drives: one answer sent and awaited to its last word on screen. Not a test: figures only.
import { Chat, useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { memo } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, preloadMarkdown } from 'toolchat';
import { longThread } from '../../test/support/long-thread';
import { plainParts } from './plain-list';
import { END_WORD, STREAM_TOKENS as TOKENS, tokenTransport } from './token-transport';

export interface StreamPage {
  /** Sends one question and resolves once the whole answer is on screen and the chat is idle again. */
  answer(): Promise<void>;
}

declare global {
  interface Window {
    __stream?: StreamPage;
  }
}

const params = new URLSearchParams(location.search);
const count = Number(params.get('messages') ?? 1_000);
const view = params.get('view') ?? 'chat-wrapper';
const messages = longThread(count);

const PlainRow = memo(function PlainRow({ message }: { message: UIMessage }) {
  return <div className="plain-message">{plainParts(message)}</div>;
});

/** The baseline: `useChat` at the render pace `ChatWrapper` keeps (`throttle: 16`), rows memoised. */
function PlainThread({ chat }: { chat: Chat<UIMessage> }) {
  const { messages } = useChat({ chat, throttle: 16 });
  return (
    <div className="plain-thread" role="log" aria-label="Conversation" tabIndex={0}>
      {messages.map((message) => (
        <PlainRow key={message.id} message={message} />
      ))}
    </div>
  );
}

await preloadMarkdown();
const host = document.getElementById('root');
if (!host) throw new Error('no #root');
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const lastRow = () => host.querySelector(view === 'plain' ? '.plain-thread' : '.toolchat-log-content')?.lastElementChild ?? null;
const ended = () => (lastRow()?.textContent?.includes(END_WORD) ?? false) && (view === 'plain' || host.querySelector('.toolchat')?.getAttribute('data-state') === 'idle');

const plainChat = view === 'plain' ? new Chat<UIMessage>({ messages, transport: tokenTransport(TOKENS) }) : undefined;
createRoot(host).render(
  plainChat ? <PlainThread chat={plainChat} /> : <ChatWrapper initialMessages={messages} transport={tokenTransport(TOKENS)} />,
);
while (!host.querySelector(view === 'plain' ? '.plain-thread' : 'textarea')) await frame();
if (count > 0) while (!lastRow()) await frame();

window.__stream = {
  async answer() {
    if (plainChat) {
      void plainChat.sendMessage({ text: 'go' });
    } else {
      const input = host.querySelector('textarea')!;
      // The user typed the question: React reads the value through its own setter.
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input, 'go');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      const send = [...host.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Send')!;
      send.click();
    }
    // Wait for the first word, then for the last.
    while (ended()) await frame();
    while (!ended()) await frame();
  },
};
