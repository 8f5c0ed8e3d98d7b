import { act, renderHook, waitFor } from '@testing-library/react';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat } from 'toolchat';
import { advanceUntil, calls, endpoint, text, textOf, toolParts, toolResultsSent } from './harness';

const weatherRuns: string[] = [];
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      weatherRuns.push(city);
      return { city, tempC: 21 };
    },
  }),
};

afterEach(() => {
  weatherRuns.length = 0;
  vi.useRealTimers();
});

describe('given a model that sends malformed JSON arguments', () => {
  it('never runs the tool, shows the call as failed, and tells the model its input was not JSON', async () => {
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'getWeather', input: '{"city": "Par' }), text('Sorry.')],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Weather in Paris?'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(weatherRuns).toEqual([]);
    expect(model.doStreamCalls).toHaveLength(2);
    const [part] = toolParts(result.current.messages);
    expect(part).toMatchObject({ toolCallId: 'c1', state: 'output-error' });
    expect(toolResultsSent(model, 1).c1).toMatchObject({ type: 'error-text', value: expect.stringMatching(/JSON|input/i) });
    expect(textOf(result.current.messages.at(-1))).toContain('Sorry.');
  });
});

describe('given a model that calls a tool the app does not have', () => {
  it('answers the call with an error the model reads, and the loop goes on to the answer', async () => {
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'getWeathr', input: { city: 'Paris' } }), text('I cannot check.')],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Weather?'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(weatherRuns).toEqual([]);
    expect(toolResultsSent(model, 1).c1).toMatchObject({ type: 'error-text', value: expect.stringMatching(/getWeathr/) });
    expect(toolParts(result.current.messages)[0]).toMatchObject({ state: 'output-error' });
    expect(textOf(result.current.messages.at(-1))).toContain('I cannot check.');
  });
});

describe('given input that fails the schema', () => {
  it('does not run the tool and sends the schema issues back', async () => {
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'getWeather', input: { city: 42 } }), text('Let me fix that.')],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Weather?'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(weatherRuns).toEqual([]);
    expect(toolResultsSent(model, 1).c1).toMatchObject({
      type: 'error-text',
      value: expect.stringMatching(/^Invalid input for tool "getWeather": .*city/s),
    });
    expect(result.current.getToolCall('c1')?.phase).toBe('error');
  });
});

describe('given a tool that throws', () => {
  it('sends the message (never the stack) back, shows the error on the card, and the model answers', async () => {
    const failing = {
      lookUp: defineTool({
        inputSchema: z.object({}),
        execute: () => {
          throw new Error('Database is down');
        },
      }),
    };
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'lookUp', input: {} }), text('The database is down.')],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools: failing }));
    await act(() => result.current.sendMessage('Look it up'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'error-text', value: 'Database is down' });
    expect(result.current.getToolCall('c1')).toMatchObject({ phase: 'error', error: 'Database is down' });
    expect(textOf(result.current.messages.at(-1))).toContain('The database is down.');
  });
});

describe('given a tool that hangs past its timeout', () => {
  it('aborts its signal, sends "timed out after N ms" to the model, and the loop goes on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let signal: AbortSignal | undefined;
    const hanging = {
      slowSearch: defineTool({
        inputSchema: z.object({ q: z.string() }),
        timeoutMs: 5_000,
        execute: (_input, options) => {
          signal = options.signal;
          return new Promise<never>(() => {});
        },
      }),
    };
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'slowSearch', input: { q: 'x' } }), text('The search timed out.')],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools: hanging, throttle: 0 }));
    await act(() => result.current.sendMessage('Search'));
    await advanceUntil(() => expect(result.current.activity.label).toBe('Executing Slow search…'));
    expect(signal?.aborted).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await advanceUntil(() => expect(result.current.activity.state).toBe('idle'));
    expect(signal?.aborted).toBe(true);
    expect(model.doStreamCalls).toHaveLength(2);
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'error-text', value: 'Tool "slowSearch" timed out after 5000 ms' });
    expect(result.current.getToolCall('c1')?.phase).toBe('error');
  });
});

describe('given a tool that returns 1 MB', () => {
  it('sends the model a truncated output under the cap with a note saying so', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const huge = { dump: defineTool({ inputSchema: z.object({}), execute: () => ({ data: big }) }) };
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'dump', input: {} }), text('Done.')] });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools: huge }));
    await act(() => result.current.sendMessage('Dump'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    const sent = toolResultsSent(model, 1).c1 as { type: string; value: { truncated: boolean; note: string; preview: string } };
    expect(sent.type).toBe('json');
    expect(sent.value.truncated).toBe(true);
    expect(sent.value.note).toMatch(/^Output truncated: it was 10485\d\d bytes of JSON, over the 102400-byte limit/);
    expect(sent.value.preview.startsWith('{"data":"xxx')).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(sent.value)).length).toBeLessThanOrEqual(100 * 1024);
  });
});

describe('given a tool that returns a circular object with Dates, Maps, BigInts and Errors', () => {
  it('sends the model plain JSON with "[Circular]" in place of the cycle', async () => {
    const node: Record<string, unknown> = { name: 'root', when: new Date(Date.UTC(2024, 0, 2)) };
    node.self = node;
    node.tags = new Map([['a', 1n]]);
    node.ids = new Set([1, 2]);
    node.problem = new Error('partial');
    node.skip = undefined;
    node.fn = () => 1;
    const graph = { graph: defineTool({ inputSchema: z.object({}), execute: () => node }) };
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'graph', input: {} }), text('Ok.')] });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools: graph }));
    await act(() => result.current.sendMessage('Graph'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(toolResultsSent(model, 1).c1).toEqual({
      type: 'json',
      value: {
        name: 'root',
        when: '2024-01-02T00:00:00.000Z',
        self: '[Circular]',
        tags: [['a', '1']],
        ids: [1, 2],
        problem: { name: 'Error', message: 'partial' },
      },
    });
    expect(result.current.getToolCall('c1')?.phase).toBe('done');
  });
});
