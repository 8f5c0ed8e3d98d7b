import { act, renderHook, waitFor } from '@testing-library/react';
import { isToolUIPart } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat, type ToolLoopEvent } from 'toolchat';
import { alwaysCallsTool } from '../support/mock-models';
import { calls, endpoint, text, textOf, toolResultsSent } from './harness';

const tools = {
  getWeather: defineTool({
    inputSchema: z.object({ n: z.number() }).loose(),
    execute: async (input) => ({ ok: true, ...input }),
  }),
};

describe('given a model that never stops calling tools', () => {
  it('stops after maxToolRounds, asks once more with tools disabled, shows why, and logs the loop', async () => {
    const model = alwaysCallsTool('getWeather');
    const server = endpoint(model);
    const labels: string[] = [];
    const events: ToolLoopEvent[] = [];
    const onFinish = vi.fn();
    const { result } = renderHook(() =>
      useToolChat({
        ...server,
        tools,
        maxToolRounds: 2,
        onStatus: (activity) => labels.push(activity.label),
        onEvent: (event) => events.push(event),
        onFinish,
      }),
    );
    await act(() => result.current.sendMessage('Go'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(model.doStreamCalls.map((call) => (call.tools ?? []).length)).toEqual([1, 1, 0]);
    expect(server.bodies.map((body) => body.toolsDisabled ?? false)).toEqual([false, false, true]);
    expect(labels).toContain('Maximum tool execution rounds reached. Generating final response…');
    expect(textOf(result.current.messages.at(-1))).toBe('Final answer without tools.');
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(events.map((event) => event.type)).toEqual([
      'round-start',
      'tool-call-start',
      'tool-call-end',
      'round-end',
      'round-start',
      'tool-call-start',
      'tool-call-end',
      'round-end',
      'round-start',
      'round-end',
      'loop-end',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'loop-end', reason: 'max-rounds', rounds: 3, totalTokens: 45 });
    expect(events[2]).toMatchObject({ type: 'tool-call-end', toolName: 'getWeather', outcome: 'ok', round: 1 });
    expect(events[8]).toMatchObject({ type: 'round-start', round: 3, toolsDisabled: true, final: 'max-rounds' });
  });
});

describe('given a token budget', () => {
  it('forces the final answer with tools disabled once the reported usage reaches it, with its own status', async () => {
    const model = alwaysCallsTool('getWeather');
    const server = endpoint(model);
    const labels: string[] = [];
    const events: ToolLoopEvent[] = [];
    const { result } = renderHook(() =>
      useToolChat({
        ...server,
        tools,
        maxToolRounds: 10,
        // Each mock response reports 15 tokens.
        maxTokens: 40,
        onStatus: (activity) => labels.push(activity.label),
        onEvent: (event) => events.push(event),
      }),
    );
    await act(() => result.current.sendMessage('Go'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(server.bodies.map((body) => body.toolsDisabled ?? false)).toEqual([false, false, false, true]);
    expect(model.doStreamCalls.at(-1)?.tools ?? []).toHaveLength(0);
    expect(labels).toContain('Token budget reached. Generating final response…');
    expect(labels).not.toContain('Maximum tool execution rounds reached. Generating final response…');
    expect(events.at(-1)).toMatchObject({ type: 'loop-end', reason: 'budget', totalTokens: 60 });
    expect(textOf(result.current.messages.at(-1))).toBe('Final answer without tools.');
  });
});

describe('given autoContinue: false', () => {
  it('shows the results, sends nothing, and continue() sends them', async () => {
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'getWeather', input: { n: 1 } }), text('Thanks.')],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, tools, autoContinue: false }));
    await act(() => result.current.sendMessage('Go'));
    await waitFor(() => expect(result.current.getToolCall('c1')?.phase).toBe('done'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(result.current.messages.at(-1)?.parts.find(isToolUIPart)).toMatchObject({ state: 'output-available' });

    await act(() => result.current.continue());
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Thanks.'));
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'json', value: { ok: true, n: 1 } });
  });

  it('asks a function with the results, round by round', async () => {
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'c1', toolName: 'getWeather', input: { n: 1 } }),
        calls({ toolCallId: 'c2', toolName: 'getWeather', input: { n: 2 } }),
        text('Done.'),
      ],
    });
    const server = endpoint(model);
    const seen: unknown[] = [];
    const { result } = renderHook(() =>
      useToolChat({
        ...server,
        tools,
        autoContinue: async (results) => {
          seen.push(results);
          return results.every((r) => r.ok && (r.output as { n: number }).n < 2);
        },
      }),
    );
    await act(() => result.current.sendMessage('Go'));
    await waitFor(() => expect(result.current.getToolCall('c2')?.phase).toBe('done'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([
      [{ toolCallId: 'c1', toolName: 'getWeather', ok: true, output: { ok: true, n: 1 } }],
      [{ toolCallId: 'c2', toolName: 'getWeather', ok: true, output: { ok: true, n: 2 } }],
    ]);
  });
});

describe('given a tool without execute that the app runs', () => {
  it('waits for addToolResult, then sends that result; an error is sent as one', async () => {
    const appTools = {
      pickColor: defineTool({ description: 'Ask the user for a colour', inputSchema: z.object({}) }),
      confirm: defineTool({ inputSchema: z.object({}) }),
    };
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'c1', toolName: 'pickColor', input: {} }, { toolCallId: 'c2', toolName: 'confirm', input: {} }),
        text('Blue it is.'),
      ],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, tools: appTools }));
    await act(() => result.current.sendMessage('Paint it'));
    // Renders come at most once per frame: wait for the one that shows the pending calls.
    await waitFor(() => expect(result.current.activity.state).toBe('executing'));
    expect(result.current.getToolCall('c2')?.phase).toBe('pending');

    act(() => result.current.addToolResult({ toolCallId: 'c1', output: { color: 'blue' } }));
    await waitFor(() => expect(result.current.getToolCall('c1')?.phase).toBe('done'));
    // One of two results: nothing goes yet.
    expect(server.fetch).toHaveBeenCalledTimes(1);
    act(() => result.current.addToolResult({ toolCallId: 'c2', error: 'The user closed the dialog' }));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Blue it is.'));

    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(toolResultsSent(model, 1)).toEqual({
      c1: { type: 'json', value: { color: 'blue' } },
      c2: { type: 'error-text', value: 'The user closed the dialog' },
    });
    // A second answer for the same call is ignored.
    act(() => result.current.addToolResult({ toolCallId: 'c1', output: { color: 'red' } }));
    expect(result.current.getToolCall('c1')?.output).toEqual({ color: 'blue' });
  });
});

describe('given parallel calls and a concurrency limit', () => {
  it('runs at most that many at once, answers every call in order, and sends once all are in', async () => {
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const slow = {
      work: defineTool({
        inputSchema: z.object({ i: z.number() }),
        execute: async ({ i }) => {
          running++;
          peak = Math.max(peak, running);
          await new Promise<void>((resolve) => gates.push(resolve));
          running--;
          return { i };
        },
      }),
    };
    const model = new MockLanguageModelV4({
      doStream: [
        calls(...[1, 2, 3, 4].map((i) => ({ toolCallId: `c${i}`, toolName: 'work', input: { i } }))),
        text('All done.'),
      ],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, tools: slow, concurrency: 2 }));
    await act(() => result.current.sendMessage('Work'));
    await waitFor(() => expect(gates).toHaveLength(2));
    await waitFor(() => expect(result.current.getToolCall('c3')?.phase).toBe('pending'));
    // Finish them out of order; the results still go back in call order, once all are in.
    for (const index of [1, 0, 2, 3]) {
      await waitFor(() => expect(gates[index]).toBeDefined());
      act(() => gates[index]!());
      if (index !== 3) expect(server.fetch).toHaveBeenCalledTimes(1);
    }
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('All done.'));
    expect(peak).toBe(2);
    const prompt = model.doStreamCalls[1]?.prompt.at(-1);
    expect(prompt?.role).toBe('tool');
    expect(prompt?.role === 'tool' && prompt.content.map((part) => part.type === 'tool-result' && part.toolCallId)).toEqual([
      'c1',
      'c2',
      'c3',
      'c4',
    ]);
  });
});

describe('given debug: true', () => {
  it('logs each loop event to console.debug', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'getWeather', input: { n: 1 } }), text('Ok.')] });
    const onToolCall = vi.fn();
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools, debug: true, onToolCall }));
    await act(() => result.current.sendMessage('Go'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    const lines = debug.mock.calls.map(([line]) => String(line));
    debug.mockRestore();
    expect(lines[0]).toBe('[toolchat] round 1 start');
    expect(lines).toContain('[toolchat] round 1 getWeather (c1) start');
    expect(lines.some((line) => /^\[toolchat\] round 1 getWeather \(c1\) ok in \d+ ms$/.test(line))).toBe(true);
    expect(lines.at(-1)).toBe('[toolchat] loop end: answered after 2 round(s), 30 tokens');
    expect(onToolCall).toHaveBeenCalledExactlyOnceWith({ toolCallId: 'c1', toolName: 'getWeather', input: { n: 1 } });
  });
});
