// A chat in a fixed box, for the test that puts app stylesheets (create-vite's, Tailwind's
// preflight, normalize.css) beside toolchat's: a restored thread with every kind of Markdown, and
// the demo model for a live round with a tool card waiting for approval.
import type { UIMessage } from 'ai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';

const markdown = [
  '## A heading',
  '',
  'A paragraph with **bold**, *emphasis*, `inline code` and [a link](https://example.com/).',
  '',
  '- a list item',
  '- another one',
  '',
  '1. first',
  '2. second',
  '',
  '> a quotation',
  '',
  '```js',
  'const answer = 42;',
  '```',
  '',
  '| City | °C |',
  '| --- | --- |',
  '| Paris | 21 |',
].join('\n');

const initialMessages: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Show me everything you can write.' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'tool-getWeather', toolCallId: 'call_restored', state: 'output-available', input: { city: 'Paris' }, output: { city: 'Paris', tempC: 21, conditions: 'sunny' } },
      { type: 'step-start' },
      { type: 'text', text: markdown, state: 'done' },
    ],
  },
];

createRoot(document.getElementById('host')!).render(
  <StrictMode>
    <ChatWrapper transport={createDemoTransport()} tools={demoTools} initialMessages={initialMessages} theme="light" />
  </StrictMode>,
);
