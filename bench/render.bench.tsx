// First: the DOM globals must exist before React loads (a bare import would be tree-shaken).
import { domReady } from './support/dom';
import { Chat, useChat } from '@ai-sdk/react';
import { fireEvent } from '@testing-library/dom';
import type { UIMessage } from 'ai';
import { performance as nodePerformance } from 'node:perf_hooks';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { createRoot } from 'react-dom/profiling';
import { ChatWrapper } from '../src/react/components/index';
import { median, round, until } from './support/measure';
import { END_WORD, tokenTransport } from './support/token-transport';
import type { BenchRow } from './types';

const BENCH = 'render';
domReady();
const REPS = 5;
const SIZES = [2_000, 20_000] as const;
/** A sample that takes longer is stopped and reported as missed, so one slow case cannot stall the run. */
const CAP_MS = 60_000;

/** The baseline: a plain `useChat` component rendering `part.text`, nothing else. */
function PlainChat({ chat, throttle }: { chat: Chat<UIMessage>; throttle: number | undefined }) {
  const { messages } = useChat(throttle === undefined ? { chat } : { chat, throttle });
  return (
    <div>
      {messages.map((message) => (
        <div key={message.id}>
          {message.parts.map((part, index) => (part.type === 'text' ? <p key={index}>{part.text}</p> : null))}
        </div>
      ))}
    </div>
  );
}

interface Sample {
  ms: number;
  /**
   * Time the event loop was busy (`performance.eventLoopUtilization`): the cost of the stream.
   * Wall time also counts the idle waits of a throttle, which cost the user nothing.
   */
  busyMs: number;
  commits: number;
  /** Commits that came less than one 60 Hz frame after the previous one. */
  sameFrame: number;
  /** True when the answer was not fully in the DOM after CAP_MS. */
  capped?: boolean;
}

interface Subject {
  name: string;
  /** The chat to mount, and how to send one message and wait until the whole answer is in the DOM. */
  create: (tokens: number) => {
    node: ReactNode;
    /** Before the clock starts: typing the message is not part of the stream. */
    prepare?: (container: HTMLElement) => void;
    stream: (container: HTMLElement) => Promise<void>;
  };
}

const plain = (label: string, throttle: number | undefined): Subject => ({
  name: label,
  create(tokens) {
    const chat = new Chat<UIMessage>({ transport: tokenTransport(tokens) });
    return {
      node: <PlainChat chat={chat} throttle={throttle} />,
      async stream(container) {
        await chat.sendMessage({ text: 'go' });
        await until(() => container.textContent?.includes(END_WORD) ?? false, CAP_MS);
      },
    };
  },
});

const wrapper: Subject = {
  name: 'ChatWrapper (Markdown, default throttle)',
  create(tokens) {
    let finished = false;
    const onFinish = () => {
      finished = true;
    };
    // Found before the clock starts: selector queries in jsdom cost more than a commit.
    let root: Element | null = null;
    let send: HTMLButtonElement | undefined;
    return {
      node: <ChatWrapper transport={tokenTransport(tokens)} onFinish={onFinish} />,
      prepare(container) {
        const input = container.querySelector('textarea');
        root = container.querySelector('.toolchat');
        send = [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Send');
        if (!input || !root || !send) throw new Error('ChatWrapper: no composer');
        fireEvent.change(input, { target: { value: 'go' } });
      },
      async stream() {
        if (!send || !root) throw new Error('ChatWrapper: not prepared');
        const chat = root;
        fireEvent.click(send);
        // The same check as the plain chat's, plus the wrapper's own end: idle again.
        await until(() => finished && chat.getAttribute('data-state') === 'idle' && (chat.textContent?.includes(END_WORD) ?? false), CAP_MS);
      },
    };
  },
};

/** One 60 Hz frame, in ms. */
const FRAME_MS = 1000 / 60;

/** One streamed answer in a fresh root: wall time from send to the last word in the DOM, and commits. */
async function sample(subject: Subject, tokens: number): Promise<Sample> {
  const commitTimes: number[] = [];
  let counting = false;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const { node, prepare, stream } = subject.create(tokens);
  // Profiler calls onRender once per commit of its tree; `startTime` is when React began that
  // update (the end of a long render says nothing about how often updates were scheduled).
  const onRender: ProfilerOnRenderCallback = (_id, _phase, _actual, _base, startTime) => {
    if (counting) commitTimes.push(startTime);
  };
  root.render(
    <Profiler id="chat" onRender={onRender}>
      {node}
    </Profiler>,
  );
  // The mount is not part of the stream: wait for it, then time from the send.
  await until(() => host.childElementCount > 0);
  prepare?.(host);
  await new Promise((resolve) => setTimeout(resolve, 10));
  counting = true;
  const start = performance.now();
  const startLoop = nodePerformance.eventLoopUtilization();
  let capped = false;
  await stream(host).catch(() => {
    capped = true;
  });
  const ms = performance.now() - start;
  const busyMs = nodePerformance.eventLoopUtilization(startLoop).active;
  counting = false;
  root.unmount();
  host.remove();
  const commits = commitTimes.length;
  // Timers are whole milliseconds: a 16 ms throttle is one commit per 60 Hz frame.
  const sameFrame = commitTimes.filter((time, i) => i > 0 && time - commitTimes[i - 1]! < Math.floor(FRAME_MS) - 0.5).length;
  if (process.env['BENCH_VERBOSE']) {
    const gaps = commitTimes.map((time) => (time - start).toFixed(1)).join(' ');
    console.error(
      `${subject.name} ${tokens}: ${ms.toFixed(0)} ms (${busyMs.toFixed(0)} busy), ${commits} commits, ${sameFrame} in the same frame; at ${gaps}`,
    );
  }
  return capped ? { ms, busyMs, commits, sameFrame, capped } : { ms, busyMs, commits, sameFrame };
}

export default async function run(): Promise<BenchRow[]> {
  const subjects = [
    plain('useChat, default (no throttle)', undefined),
    plain('useChat, throttle: 50', 50),
    plain('useChat, throttle: 16', 16),
    wrapper,
  ];
  // Warm-up: every subject once, so the JIT has seen every path before timing.
  for (const subject of subjects) await sample(subject, 500);

  const samples = new Map<string, Sample[]>();
  for (let rep = 0; rep < REPS; rep++) {
    // Interleaved, so a noisy moment of the machine hits every subject alike.
    for (const subject of subjects) {
      for (const tokens of SIZES) {
        const key = `${subject.name}|${tokens}`;
        if (samples.get(key)?.some((s) => s.capped)) continue;
        samples.set(key, [...(samples.get(key) ?? []), await sample(subject, tokens)]);
      }
    }
  }

  const rows: BenchRow[] = [];
  const perToken = (name: string, tokens: number) => {
    const list = samples.get(`${name}|${tokens}`) ?? [];
    // A stopped sample did not render every token: its per-token cost is unknown, at least this.
    if (list.some((s) => s.capped)) return Number.POSITIVE_INFINITY;
    return (median(list.map((s) => s.busyMs)) * 1000) / tokens;
  };
  for (const subject of subjects) {
    for (const tokens of SIZES) {
      const list = samples.get(`${subject.name}|${tokens}`) ?? [];
      const ms = median(list.map((s) => s.ms));
      const commits = median(list.map((s) => s.commits));
      const capped = list.some((s) => s.capped);
      const label = `${subject.name}, ${tokens.toLocaleString('en')} tokens${capped ? ` (NOT FINISHED: stopped after ${CAP_MS / 1000} s)` : ''}`;
      rows.push({ bench: BENCH, case: `${label}: wall time`, value: round(ms), unit: 'ms' });
      rows.push({ bench: BENCH, case: `${label}: busy time`, value: round(median(list.map((s) => s.busyMs))), unit: 'ms' });
      rows.push({ bench: BENCH, case: `${label}: commits`, value: commits, unit: 'commits' });
      rows.push({ bench: BENCH, case: `${label}: commits per 100 tokens`, value: round((commits * 100) / tokens), unit: 'commits' });
      rows.push({ bench: BENCH, case: `${label}: commits per second of wall time`, value: round(commits / (ms / 1000)), unit: 'commits/s' });
      rows.push({
        bench: BENCH,
        case: `${label}: commits less than a frame (16 ms) after the previous one`,
        // The worst of the runs: one commit per frame must hold every time.
        value: Math.max(...list.map((s) => s.sameFrame)),
        unit: 'commits',
        ...(subject === wrapper ? { target: '= 0 (one commit per frame)' } : {}),
      });
    }
    const short = perToken(subject.name, 2_000);
    const long = perToken(subject.name, 20_000);
    rows.push({
      bench: BENCH,
      case: `${subject.name}: per-token cost at 20k tokens`,
      value: round(long),
      unit: 'µs/token',
      baseline: `the same at 2k tokens (${round(short)} µs/token)`,
      ratio: round(long / short),
      target: '≤ 1.2',
    });
  }
  for (const size of SIZES) {
    const ours = perToken(wrapper.name, size);
    for (const base of ['useChat, throttle: 50', 'useChat, throttle: 16']) {
      const theirs = perToken(base, size);
      rows.push({
        bench: BENCH,
        case: `ChatWrapper vs ${base}, per token at ${size.toLocaleString('en')} tokens`,
        value: round(ours),
        unit: 'µs/token',
        baseline: `${base} (${round(theirs)} µs/token)`,
        ratio: round(ours / theirs),
        target: '≤ 1.5',
      });
    }
  }
  return rows;
}
