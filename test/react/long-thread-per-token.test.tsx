import type { UIMessage } from 'ai';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWrapper } from 'toolchat';
import { createToolChat, type ToolChat } from 'toolchat/core';
import { longThread } from '../support/long-thread';
import { writtenTransport } from '../support/written-transport';

/**
 * What the chat does per streamed token, counted where it would grow with the thread: how often
 * its store tells a listener, how often the calls' views are read, how often that map is new.
 */
interface Work {
  notified: number;
  viewReads: number;
  newViewMaps: number;
}

function counted(chat: ToolChat): Work {
  const work: Work = { notified: 0, viewReads: 0, newViewMaps: 0 };
  const { subscribe, getToolCalls } = chat;
  let lastMap: unknown;
  chat.subscribe = (listener) =>
    subscribe(() => {
      work.notified++;
      listener();
    });
  chat.getToolCalls = () => {
    work.viewReads++;
    const map = getToolCalls();
    if (map !== lastMap) work.newViewMaps++;
    lastMap = map;
    return map;
  };
  return work;
}

/** Sends a message at the end of `messages` and streams `tokens` words; the work of the tokens alone. */
async function streamAtTheEndOf(messages: UIMessage[], tokens: number) {
  const script = writtenTransport();
  const chat = createToolChat({ initialMessages: messages, transport: script.transport });
  const work = counted(chat);
  const view = render(<ChatWrapper chat={chat} />);
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'go' } });
  await act(async () => screen.getByRole('button', { name: 'Send' }).click());
  await act(async () => {
    script.write({ type: 'start' });
    script.write({ type: 'text-start', id: 't' });
    await vi.advanceTimersByTimeAsync(16);
  });
  const before = { ...work };
  for (let i = 0; i < tokens; i++) {
    await act(async () => {
      script.write({ type: 'text-delta', id: 't', delta: ` w${i}` });
      await vi.advanceTimersByTimeAsync(4);
    });
  }
  await act(() => vi.advanceTimersByTimeAsync(16));
  expect(within(screen.getByRole('log')).getByText(new RegExp(`w${tokens - 1}$`))).toBeTruthy();
  const perToken = {
    notified: (work.notified - before.notified) / tokens,
    viewReads: (work.viewReads - before.viewReads) / tokens,
    newViewMaps: work.newViewMaps - before.newViewMaps,
  };
  view.unmount();
  chat.dispose();
  return perToken;
}

// The loop's chunk (what reads an answer) and the parts after mount (the error banner, pinned
// approvals, a turn's notice) load in real time while these tests run in fake time: have them
// loaded first, as a page has them by the time an answer streams, so that both threads count
// the same components.
beforeAll(async () => {
  await import('../../src/core/loop/load-loop-chunk').then((module) => module.loopChunk.load());
  await import('../../src/react/components/lazy-parts').then((module) => module.preloadParts());
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('per streamed token at the end of a long thread', () => {
  it('the chat does the same work as in an empty thread: no row listens, the views of 2,000 calls are neither read more nor rebuilt', async () => {
    const empty = await streamAtTheEndOf([], 60);
    const thread = await streamAtTheEndOf(longThread(1_000), 60);

    // The wrapper and the rows' one shared listener, once per frame: the shown rows of the
    // thread (its last page, with 80 tool calls) add none.
    expect(thread.notified).toBe(empty.notified);
    expect(thread.viewReads).toBe(empty.viewReads);
    // A streamed word changes no call: the map of the thread's calls stays the same object.
    expect(thread.newViewMaps).toBe(0);
    expect(empty.newViewMaps).toBe(0);
  });

  it('keeps the action buttons of the thread (the same elements) while the chat goes busy and idle again: Edit is hidden, not remade', async () => {
    const script = writtenTransport();
    const thread = longThread(1_000);
    render(<ChatWrapper initialMessages={thread} transport={script.transport} />);
    const log = screen.getByRole('log');
    // The bars load after the first render.
    await act(() => vi.advanceTimersByTimeAsync(0));
    await vi.waitFor(() => expect(within(log).getAllByRole('button', { name: 'Edit' }).length).toBeGreaterThan(0));
    const edits = within(log).getAllByRole('button', { name: 'Edit' });
    const copies = within(log).getAllByRole('button', { name: 'Copy' });

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'go' } });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    // While the chat works, Edit is not offered (hidden), Regenerate gone.
    expect(within(log).queryAllByRole('button', { name: 'Edit' })).toEqual([]);
    expect(within(log).queryByRole('button', { name: 'Regenerate' })).toBeNull();
    await act(async () => {
      script.write({ type: 'start' });
      script.write({ type: 'text-start', id: 't' });
      script.write({ type: 'text-delta', id: 't', delta: 'Done.' });
      script.write({ type: 'text-end', id: 't' });
      script.write({ type: 'finish', finishReason: 'stop' });
      script.end();
      await vi.advanceTimersByTimeAsync(32);
    });
    await act(() => vi.advanceTimersByTimeAsync(32));

    const after = within(log).getAllByRole('button', { name: 'Edit' });
    // The same elements, shown again; one more for the message just sent.
    expect(after).toHaveLength(edits.length + 1);
    edits.forEach((edit, i) => expect(after[i]).toBe(edit));
    const copiesAfter = within(log).getAllByRole('button', { name: 'Copy' });
    copies.forEach((copy, i) => expect(copiesAfter[i]).toBe(copy));
    expect(within(log).getAllByRole('button', { name: 'Regenerate' })).toHaveLength(1);
  });
});
