import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat } from 'toolchat';
import { calls, deferred, endpoint, text, textOf, toolResultsSent } from './harness';

function gatedTool(options: { honourSignal: boolean }) {
  const gate = deferred<{ hits: number }>();
  const seen: { signal?: AbortSignal; runs: number } = { runs: 0 };
  const tools = {
    search: defineTool({
      inputSchema: z.object({ q: z.string() }),
      execute: async (_input, { signal }) => {
        seen.runs++;
        seen.signal = signal;
        if (!options.honourSignal) return gate.promise;
        return new Promise<{ hits: number }>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
          void gate.promise.then(resolve);
        });
      },
    }),
  };
  return { gate, seen, tools };
}

describe('given Stop while a tool runs', () => {
  it('aborts the tool, shows it cancelled, sends nothing, and the next message carries the cancellation', async () => {
    const { seen, tools } = gatedTool({ honourSignal: true });
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'search', input: { q: 'x' } }), text('Okay, stopped.')],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, tools }));
    await act(() => result.current.sendMessage('Search'));
    await waitFor(() => expect(result.current.activity.label).toBe('Executing Search…'));

    act(() => result.current.stop());
    await waitFor(() => expect(result.current.getToolCall('c1')?.phase).toBe('cancelled'));
    expect(seen.signal?.aborted).toBe(true);
    // `getToolCall` reads the chat now; the rendered snapshot follows within a frame.
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(result.current.busy).toBe(false);
    expect(server.fetch).toHaveBeenCalledTimes(1);

    await act(() => result.current.sendMessage('Never mind'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'error-text', value: 'Tool "search" was cancelled by the user' });
    expect(model.doStreamCalls[1]?.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Never mind' }] });
    expect(seen.runs).toBe(1);
  });
});

describe('given a result that arrives after Stop', () => {
  it('drops it: the card stays cancelled, no request goes out, and the model gets the cancellation', async () => {
    const { gate, tools } = gatedTool({ honourSignal: false });
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'search', input: { q: 'x' } }), text('Fine.')],
    });
    const server = endpoint(model);
    const results: unknown[] = [];
    const { result } = renderHook(() =>
      useToolChat({ ...server, tools, onToolResult: (_name, toolResult) => results.push(toolResult) }),
    );
    await act(() => result.current.sendMessage('Search'));
    await waitFor(() => expect(result.current.activity.state).toBe('executing'));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.getToolCall('c1')?.phase).toBe('cancelled'));

    await act(async () => gate.resolve({ hits: 3 }));
    await act(() => Promise.resolve());
    expect(result.current.getToolCall('c1')?.phase).toBe('cancelled');
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(results).toEqual([{ toolCallId: 'c1', toolName: 'search', ok: false, error: 'Tool "search" was cancelled by the user' }]);

    await act(() => result.current.sendMessage('Next'));
    await waitFor(() => expect(model.doStreamCalls).toHaveLength(2));
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'error-text', value: 'Tool "search" was cancelled by the user' });
  });
});

describe('given Stop while the answer streams', () => {
  it('aborts the stream, keeps what arrived, sends nothing more, and the chat takes the next message', async () => {
    let serverAborted = false;
    let n = 0;
    const model = new MockLanguageModelV4({
      doStream: async ({ abortSignal }) => {
        if (n++ > 0) return text('Hello again.');
        abortSignal?.addEventListener('abort', () => {
          serverAborted = true;
        });
        return {
            stream: new ReadableStream<LanguageModelV4StreamPart>({
              start(controller) {
                controller.enqueue({ type: 'text-start', id: 't' });
                controller.enqueue({ type: 'text-delta', id: 't', delta: 'Once upon a time' });
                // …and nothing more: the model keeps the stream open.
              },
            }),
          };
      },
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, throttle: 0 }));
    act(() => {
      void result.current.sendMessage('Tell me a story');
    });
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Once upon a time'));
    expect(result.current.activity.state).toBe('streaming');

    await act(async () => result.current.stop());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.activity.state).toBe('idle');
    expect(result.current.error).toBeUndefined();
    expect(serverAborted).toBe(true);
    expect(textOf(result.current.messages.at(-1))).toBe('Once upon a time');
    expect(server.fetch).toHaveBeenCalledTimes(1);

    await act(() => result.current.sendMessage('Hi'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Hello again.'));
    expect(model.doStreamCalls[1]?.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Hi' }] });
  });
});
