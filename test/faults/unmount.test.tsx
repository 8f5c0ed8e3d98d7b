import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, DEFAULT_KEEP_ALIVE_MS, MAX_UNMOUNTED_CHATS, defineTool, disposeChatSession, useToolChat } from 'toolchat';
import { deferred } from './harness';

/** A transport whose responses the test writes, recording each request's abort signal. */
function scriptedTransport() {
  const requests: { signal: AbortSignal; write: (chunk: UIMessageChunk) => void; close: () => void }[] = [];
  const transport: ChatTransport<UIMessage> = {
    async sendMessages({ abortSignal }) {
      let controller!: ReadableStreamDefaultController<UIMessageChunk>;
      const stream = new ReadableStream<UIMessageChunk>({ start: (c) => void (controller = c) });
      requests.push({ signal: abortSignal!, write: (chunk) => controller.enqueue(chunk), close: () => controller.close() });
      return stream;
    },
    reconnectToStream: async () => null,
  };
  return { transport, requests };
}

function callOf(toolCallId: string, toolName: string, input: unknown): UIMessageChunk[] {
  return [{ type: 'start' }, { type: 'start-step' }, { type: 'tool-input-available', toolCallId, toolName, input }, { type: 'finish-step' }, { type: 'finish' }];
}

function slowTool() {
  const seen: { signal?: AbortSignal } = {};
  const gate = deferred<string>();
  const tools = {
    slow: defineTool({
      inputSchema: z.object({}),
      // Waits as long as the test needs: only Stop or the chat's end may abort it.
      timeoutMs: Number.POSITIVE_INFINITY,
      execute: (_input, { signal }) => {
        seen.signal = signal;
        return gate.promise;
      },
    }),
  };
  return { seen, gate, tools };
}

/** A chat without an id (in StrictMode or not) whose tool is running: the model called it and the tool waits for `gate`. */
async function toolRunning(wrapper?: typeof import('react').StrictMode) {
  const { transport, requests } = scriptedTransport();
  const { seen, gate, tools } = slowTool();
  const hook = renderHook(() => useToolChat({ transport, tools }), wrapper ? { wrapper } : {});
  await act(async () => void hook.result.current.sendMessage('Go'));
  await waitFor(() => expect(requests).toHaveLength(1));
  act(() => {
    for (const chunk of callOf('c1', 'slow', {})) requests[0]!.write(chunk);
    requests[0]!.close();
  });
  await waitFor(() => expect(seen.signal).toBeDefined());
  return { ...hook, requests, seen, gate };
}

afterEach(() => vi.useRealTimers());

describe('given a chat without an id', () => {
  it('stops its stream when its component unmounts, and sends nothing more', async () => {
    const { transport, requests } = scriptedTransport();
    const { result, unmount } = renderHook(() => useToolChat({ transport }));
    await act(async () => void result.current.sendMessage('Hello'));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.write({ type: 'start' }));
    unmount();
    await waitFor(() => expect(requests[0]!.signal.aborted).toBe(true));
    expect(requests).toHaveLength(1);
  });

  it('aborts its running tools on unmount, and their results never go to the model', async () => {
    const { unmount, requests, seen, gate } = await toolRunning();
    unmount();
    await waitFor(() => expect(seen.signal?.aborted).toBe(true));
    gate.resolve('late');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
  });

  it('sends nothing after unmount, also when its tool settles in the same tick', async () => {
    const { result, unmount, requests, gate } = await toolRunning();
    // The tool answers and the component goes, in one tick: the result would send the next request.
    gate.resolve('done');
    unmount();
    const chat = result.current.chat;
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(requests).toHaveLength(1);
    expect(chat.disposed).toBe(true);
  });

  it('carries on through StrictMode’s unmount and remount in the middle of a round', async () => {
    const { StrictMode } = await import('react');
    const { requests, seen, gate } = await toolRunning(StrictMode);
    gate.resolve('done');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(seen.signal?.aborted).toBe(false);
  });

  it('survives StrictMode’s unmount and remount of the same component', async () => {
    const { transport, requests } = scriptedTransport();
    const { StrictMode } = await import('react');
    const { result } = renderHook(() => useToolChat({ transport }), { wrapper: StrictMode });
    await act(async () => void result.current.sendMessage('Hello'));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => {
      for (const chunk of [{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi!' }, { type: 'text-end', id: 't' }, { type: 'finish' }] as UIMessageChunk[]) {
        requests[0]!.write(chunk);
      }
      requests[0]!.close();
    });
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(requests[0]!.signal.aborted).toBe(false);
    expect(result.current.messages.at(-1)?.parts).toMatchObject([{ type: 'text', text: 'Hi!' }]);
  });
});

describe('given a chat with an id', () => {
  it('keeps running while any component shows it, and for keepAliveMs after the last unmounts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { transport, requests } = scriptedTransport();
    const { seen, tools } = slowTool();
    const wrapper = render(<ChatWrapper id="kept-alive" transport={transport} tools={tools} keepAliveMs={60_000} />);
    const hook = renderHook(() => useToolChat({ id: 'kept-alive', transport, tools, keepAliveMs: 60_000 }));
    await act(async () => void hook.result.current.sendMessage('Go'));
    await act(async () => {
      for (const chunk of callOf('c1', 'slow', {})) requests[0]!.write(chunk);
      requests[0]!.close();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(seen.signal?.aborted).toBe(false);

    wrapper.unmount();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(seen.signal?.aborted).toBe(false);

    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(seen.signal?.aborted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(seen.signal?.aborted).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('is stopped after the default keep-alive once nothing shows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { transport, requests } = scriptedTransport();
    const { seen, tools } = slowTool();
    const { result, unmount } = renderHook(() => useToolChat({ id: 'evicted', transport, tools }));
    await act(async () => void result.current.sendMessage('Go'));
    await act(async () => {
      for (const chunk of callOf('c1', 'slow', {})) requests[0]!.write(chunk);
      requests[0]!.close();
      await vi.advanceTimersByTimeAsync(0);
    });
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(DEFAULT_KEEP_ALIVE_MS - 1));
    expect(seen.signal?.aborted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(seen.signal?.aborted).toBe(true);

    // A later mount with the same id starts afresh.
    const again = renderHook(() => useToolChat({ id: 'evicted', transport, tools }));
    expect(again.result.current.messages).toEqual([]);
    again.unmount();
    disposeChatSession('evicted');
  });

  it(`keeps at most ${MAX_UNMOUNTED_CHATS} unmounted chats; past that the longest unmounted stops first`, async () => {
    const { transport, requests } = scriptedTransport();
    const first = renderHook(() => useToolChat({ id: 'cap-0', transport, keepAliveMs: Number.POSITIVE_INFINITY }));
    await act(async () => void first.result.current.sendMessage('Hello'));
    await waitFor(() => expect(requests).toHaveLength(1));
    first.unmount();
    for (let i = 1; i < MAX_UNMOUNTED_CHATS; i++) renderHook(() => useToolChat({ id: `cap-${i}`, transport, keepAliveMs: Number.POSITIVE_INFINITY })).unmount();
    expect(requests[0]!.signal.aborted).toBe(false);
    renderHook(() => useToolChat({ id: `cap-${MAX_UNMOUNTED_CHATS}`, transport, keepAliveMs: Number.POSITIVE_INFINITY })).unmount();
    await waitFor(() => expect(requests[0]!.signal.aborted).toBe(true));
    for (let i = 0; i <= MAX_UNMOUNTED_CHATS; i++) disposeChatSession(`cap-${i}`);
  });
});
