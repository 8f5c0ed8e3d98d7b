import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWrapper, useToolChat, type UseToolChatOptions } from 'toolchat';
import { writtenTransport } from '../support/written-transport';

function Chat({ options, onCommit }: { options: UseToolChatOptions; onCommit: () => void }) {
  const { messages, status, sendMessage } = useToolChat(options);
  return (
    <Profiler id="chat" onRender={onCommit}>
      <button onClick={() => void sendMessage('go')}>Send</button>
      <p>status: {status}</p>
      {messages.map((message) => (
        <p key={message.id}>{message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}</p>
      ))}
    </Profiler>
  );
}

/** Streams `tokens` words, one per millisecond of fake time, and returns the commit times. */
async function streamWords(tokens: number, options: Omit<UseToolChatOptions, 'transport'> = {}) {
  const script = writtenTransport();
  const commits: number[] = [];
  render(<Chat options={{ ...options, transport: script.transport }} onCommit={() => commits.push(performance.now())} />);
  // From the click on: the mount's own commit is not part of the stream.
  commits.length = 0;
  await act(async () => screen.getByRole('button', { name: 'Send' }).click());
  await act(async () => {
    script.write({ type: 'start' });
    script.write({ type: 'text-start', id: 't' });
  });
  for (let i = 0; i < tokens; i++) {
    await act(async () => {
      script.write({ type: 'text-delta', id: 't', delta: ` w${i}` });
      await vi.advanceTimersByTimeAsync(1);
    });
  }
  await act(async () => {
    script.write({ type: 'text-end', id: 't' });
    script.write({ type: 'finish' });
    script.end();
    await vi.advanceTimersByTimeAsync(0);
  });
  return commits;
}

// The loop's chunk (what reads an answer) loads in real time while these tests run in fake
// time: have it loaded first, as a page has it by the time an answer streams.
beforeAll(async () => {
  await import('../../src/core/loop/load-loop-chunk').then((module) => module.loopChunk.load());
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('while an answer streams', () => {
  it('commits at most once per 16 ms frame, messages, status and tool runs together', async () => {
    const commits = await streamWords(200);
    await act(() => vi.advanceTimersByTimeAsync(16));

    const gaps = commits.slice(1).map((time, i) => time - commits[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(16);
    // 200 ms of tokens: about one commit per frame, not one per token.
    expect(commits.length).toBeLessThanOrEqual(200 / 16 + 3);
    expect(commits.length).toBeGreaterThanOrEqual(200 / 16 - 1);
  });

  it('shows the whole answer and the ready status within one frame of the end', async () => {
    await streamWords(40);
    expect(screen.queryByText(/w39$/)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(16));

    expect(screen.getByText(/^w0 w1 .* w39$/)).toBeTruthy();
    expect(screen.getByText('status: ready')).toBeTruthy();
  });

  it('paces commits by the throttle option', async () => {
    const commits = await streamWords(200, { throttle: 50 });
    await act(() => vi.advanceTimersByTimeAsync(50));

    const gaps = commits.slice(1).map((time, i) => time - commits[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(50);
    expect(screen.getByText(/ w199$/)).toBeTruthy();
  });
});

describe('on Send', () => {
  it("clears the composer and shows the user's message in one commit", async () => {
    const script = writtenTransport();
    let commits = 0;
    render(
      <Profiler id="wrapper" onRender={() => commits++}>
        <ChatWrapper transport={script.transport} />
      </Profiler>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'go' } });
    const before = commits;

    // Outside act(), which would batch everything into one commit whatever the code does.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      screen.getByRole('button', { name: 'Send' }).click();
      // Microtasks and due timers only: the status that follows waits for the next frame.
      await vi.advanceTimersByTimeAsync(0);
      expect(screen.getByText('go')).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
      expect(commits - before).toBe(1);
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    await act(() => vi.advanceTimersByTimeAsync(16));
  });
});
