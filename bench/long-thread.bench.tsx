// First: the DOM globals must exist before React loads (a bare import would be tree-shaken).
import { domReady } from './support/dom';
import { Chat, useChat } from '@ai-sdk/react';
import { fireEvent } from '@testing-library/dom';
import type { UIMessage } from 'ai';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/profiling';
import { ChatWrapper, Message, type MessageProps } from '../src/react/components/index';
import { median, round, until } from './support/measure';
import { END_WORD, tokenTransport } from './support/token-transport';
import type { BenchRow } from './types';

const BENCH = 'long-thread';
domReady();

const MESSAGES = 1_000;
const TOOLS_PER_ANSWER = 4; // 500 answers × 4 = 2,000 tool cards
const REPS = 3;
const KEYSTROKES = 20;

/** 500 user questions and 500 answers, each answer with 4 finished tool calls and Markdown text. */
function thread(): UIMessage[] {
  const messages: UIMessage[] = [];
  for (let i = 0; i < MESSAGES / 2; i++) {
    messages.push({ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: `What is the weather in city ${i}?` }] });
    const parts: UIMessage['parts'] = [{ type: 'step-start' }];
    for (let t = 0; t < TOOLS_PER_ANSWER; t++) {
      parts.push({
        type: 'tool-getWeather',
        toolCallId: `call_${i}_${t}`,
        state: 'output-available',
        input: { city: `City ${i}.${t}` },
        output: { city: `City ${i}.${t}`, celsius: (i + t) % 35, conditions: 'sunny' },
      });
    }
    parts.push({ type: 'step-start' });
    parts.push({
      type: 'text',
      text: `It is **sunny** in city ${i}:\n\n- morning: ${i % 30} °C\n- evening: ${(i + 5) % 30} °C\n\nHave a nice day.`,
      state: 'done',
    });
    messages.push({ id: `a${i}`, role: 'assistant', parts });
  }
  return messages;
}

/** Counts renders of `Message` rows by message id: the memo's inner function, wrapped once. */
const renders = new Map<string, number>();
const memo = Message as unknown as { type: (props: MessageProps) => ReactNode };
const inner = memo.type;
memo.type = function CountedMessage(props: MessageProps) {
  renders.set(props.message.id, (renders.get(props.message.id) ?? 0) + 1);
  return inner(props);
};

/** Baseline for first render: a plain `useChat` list showing text and one line per tool call. */
function PlainThread({ chat }: { chat: Chat<UIMessage> }) {
  const { messages } = useChat({ chat });
  return (
    <div>
      {messages.map((message) => (
        <div key={message.id}>
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

function mount(node: ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(node);
  return {
    host,
    dispose() {
      root.unmount();
      host.remove();
    },
  };
}

async function firstRender(node: ReactNode, rows: (host: HTMLElement) => number): Promise<{ ms: number; dispose: () => void; host: HTMLElement }> {
  const start = performance.now();
  const { host, dispose } = mount(node);
  await until(() => rows(host) >= MESSAGES, 120_000, 1);
  return { ms: performance.now() - start, dispose, host };
}

const existingRenders = (ids: ReadonlySet<string>) => {
  let n = 0;
  for (const [id, count] of renders) if (ids.has(id)) n += count;
  return n;
};

export default async function run(): Promise<BenchRow[]> {
  const initial = thread();
  const ids = new Set(initial.map((m) => m.id));
  const oursMs: number[] = [];
  const plainMs: number[] = [];
  const duringStream: number[] = [];
  const perKeystroke: number[] = [];
  let streamedRowRenders = 0;

  for (let rep = 0; rep <= REPS; rep++) {
    // The plain list: its first render is the baseline.
    const plain = await firstRender(<PlainThread chat={new Chat<UIMessage>({ messages: initial })} />, (host) => host.firstElementChild?.childElementCount ?? 0);
    plain.dispose();

    renders.clear();
    let finished = false;
    const ours = await firstRender(
      <ChatWrapper
        initialMessages={initial}
        transport={tokenTransport(2_000)}
        onFinish={() => {
          finished = true;
        }}
      />,
      (host) => host.querySelectorAll('.toolchat-message').length,
    );
    if (rep > 0) {
      // Rep 0 warms the JIT up.
      plainMs.push(plain.ms);
      oursMs.push(ours.ms);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));

    // (b) Keystrokes in the composer: no row may render.
    const input = ours.host.querySelector('textarea');
    const send = [...ours.host.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Send');
    if (!input || !send) throw new Error('ChatWrapper: no composer');
    renders.clear();
    let typed = '';
    for (let k = 0; k < KEYSTROKES; k++) {
      typed += 'abcdefghij'[k % 10];
      fireEvent.change(input, { target: { value: typed } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    perKeystroke.push(existingRenders(ids) / KEYSTROKES);

    // (a) A new answer streams at the end of the thread: only its row may render.
    renders.clear();
    fireEvent.click(send);
    await until(() => finished, 120_000);
    await until(
      () => ours.host.querySelector('.toolchat')?.getAttribute('data-state') === 'idle' && (ours.host.textContent?.includes(END_WORD) ?? false),
      120_000,
    );
    duringStream.push(existingRenders(ids));
    for (const [id, count] of renders) if (!ids.has(id) && id.length > 0) streamedRowRenders = Math.max(streamedRowRenders, count);
    ours.dispose();
  }

  const ms = median(oursMs);
  const base = median(plainMs);
  return [
    { bench: BENCH, case: `first render, plain useChat list (${MESSAGES} messages, 2,000 tool lines)`, value: round(base), unit: 'ms' },
    {
      bench: BENCH,
      case: `first render, ChatWrapper (${MESSAGES} messages, 2,000 tool cards, Markdown)`,
      value: round(ms),
      unit: 'ms',
      baseline: 'first render, plain useChat list',
      ratio: round(ms / base),
    },
    {
      bench: BENCH,
      case: 'renders of existing rows while a 2,000-token answer streams (median per run)',
      value: median(duringStream),
      unit: 'renders',
      target: '= 0',
    },
    { bench: BENCH, case: 'renders of the new rows while the answer streams (max per row)', value: streamedRowRenders, unit: 'renders' },
    { bench: BENCH, case: 'renders of existing rows per keystroke in the composer', value: round(median(perKeystroke)), unit: 'renders', target: '= 0' },
  ];
}
