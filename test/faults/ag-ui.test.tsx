import { EventType, type RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { act, renderHook, waitFor } from '@testing-library/react';
import { isToolUIPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat } from 'toolchat';
import { createAgUiTransport } from 'toolchat/transports';
import { textOf } from './harness';

// The same "What happens when…" rows as the other transports, over AG-UI: a scripted agent
// behind the transport's `fetch`, answering each run with events from the official encoder.

const encoder = new EventEncoder();
const url = 'http://127.0.0.1:1/agent';

type Script = (input: RunAgentInput, n: number, signal: AbortSignal | undefined) => object[] | Response;

function agent(script: Script) {
  const runs: RunAgentInput[] = [];
  const signals: Array<AbortSignal | undefined> = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const input = JSON.parse(String(init?.body)) as RunAgentInput;
    runs.push(input);
    signals.push(init?.signal ?? undefined);
    const answer = script(input, runs.length, init?.signal ?? undefined);
    if (answer instanceof Response) return answer;
    const events = [
      { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
      ...answer,
      { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId },
    ];
    return new Response(events.map((e) => encoder.encodeSSE(e as never)).join(''), { headers: { 'Content-Type': 'text/event-stream' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, runs, signals };
}

const say = (messageId: string, text: string) => [
  { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text },
  { type: EventType.TEXT_MESSAGE_END, messageId },
];
const call = (toolCallId: string, toolCallName: string, args: unknown) => [
  { type: EventType.TOOL_CALL_START, toolCallId, toolCallName },
  { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(args) },
  { type: EventType.TOOL_CALL_END, toolCallId },
];
const toolMessages = (input: RunAgentInput | undefined) => (input?.messages ?? []).filter((m) => m.role === 'tool');

const weather = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  }),
};

describe('given an AG-UI agent that calls a browser tool', () => {
  it('runs it in the browser and carries the result to the next run of the same thread, with a transport made on every render', async () => {
    const { fetch, runs } = agent((input) => {
      const result = toolMessages(input)[0];
      return result ? say('m2', `It is ${(JSON.parse(String(result.content)) as { tempC: number }).tempC}°C.`) : call('c1', 'getWeather', { city: 'Paris' });
    });
    const { result } = renderHook(() => useToolChat({ id: 'thread-7', transport: createAgUiTransport({ url, fetch }), tools: weather }));
    await act(() => result.current.sendMessage('Weather in Paris?'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('It is 21°C.'));

    expect(runs.map((r) => r.threadId)).toEqual(['thread-7', 'thread-7']);
    expect(new Set(runs.map((r) => r.runId)).size).toBe(2);
    expect(runs[0]?.tools).toEqual([
      { name: 'getWeather', description: 'Current weather for a city', parameters: expect.objectContaining({ type: 'object', required: ['city'] }) },
    ]);
    expect(toolMessages(runs[1])).toEqual([{ id: 'c1-result', role: 'tool', toolCallId: 'c1', content: '{"city":"Paris","tempC":21}' }]);
    expect(result.current.activity.state).toBe('idle');
  });
});

describe('given an AG-UI agent that calls with input the schema refuses, a tool that throws, one that never answers', () => {
  it('sends exactly one error result per call, as a tool message with its error', async () => {
    const tools = {
      ...weather,
      explode: defineTool({ inputSchema: z.object({}), execute: async () => Promise.reject(new Error('boom')) }),
      hang: defineTool({ inputSchema: z.object({}), timeoutMs: 20, execute: () => new Promise<never>(() => {}) }),
    };
    const { fetch, runs } = agent((input) =>
      toolMessages(input).length > 0
        ? say('m2', 'Sorry.')
        : [...call('c1', 'getWeather', { town: 'Paris' }), ...call('c2', 'explode', {}), ...call('c3', 'hang', {}), ...call('c4', 'notATool', {})],
    );
    const { result } = renderHook(() => useToolChat({ transport: createAgUiTransport({ url, fetch }), tools }));
    await act(() => result.current.sendMessage('Go'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Sorry.'));
    const sent = toolMessages(runs[1]);
    expect(sent.map((m) => m.toolCallId)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(sent[0]).toMatchObject({ error: expect.stringMatching(/^Invalid input for tool "getWeather"/) });
    expect(sent[1]).toMatchObject({ error: 'boom' });
    expect(sent[2]).toMatchObject({ error: 'Tool "hang" timed out after 20 ms' });
    expect(sent[3]).toMatchObject({ error: 'Tool "notATool" is not available' });
  });
});

describe('given an AG-UI agent that calls tools every round', () => {
  it('stops at maxToolRounds with a final run that has no tools, and the agent answers in text', async () => {
    let n = 0;
    const { fetch, runs } = agent((input) => (input.tools.length === 0 ? say('final', 'Here is what I found.') : call(`c${++n}`, 'getWeather', { city: 'Paris' })));
    const { result } = renderHook(() => useToolChat({ transport: createAgUiTransport({ url, fetch }), tools: weather, maxToolRounds: 2 }));
    await act(() => result.current.sendMessage('Keep going'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Here is what I found.'));
    expect(runs.map((r) => r.tools.length)).toEqual([1, 1, 0]);
    expect(toolMessages(runs[2]).map((m) => m.toolCallId)).toEqual(['c1', 'c2']);
  });
});

describe('given Stop while the agent is answering', () => {
  it('aborts the run and keeps what arrived', async () => {
    const { fetch, signals } = agent((input, _n, signal) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder();
          for (const event of [{ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId }, ...say('m1', 'Thinking about it').slice(0, 2)]) {
            controller.enqueue(bytes.encode(encoder.encodeSSE(event as never)));
          }
          signal?.addEventListener('abort', () => controller.error(signal.reason));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    });
    const { result } = renderHook(() => useToolChat({ transport: createAgUiTransport({ url, fetch }), tools: weather }));
    // The answer never ends on its own: the message is sent without waiting for it.
    act(() => {
      void result.current.sendMessage('Hello');
    });
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Thinking about it'));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(signals[0]?.aborted).toBe(true);
    expect(result.current.activity.state).toBe('idle');
    expect(result.current.error).toBeUndefined();
  });
});

describe('given a tool that needs approval, denied by the user', () => {
  it('never runs it and the next run carries the denial', async () => {
    let ran = false;
    const tools = {
      deleteFile: defineTool({
        inputSchema: z.object({ name: z.string() }),
        needsApproval: true,
        execute: async () => {
          ran = true;
          return 'deleted';
        },
      }),
    };
    const { fetch, runs } = agent((input) => (toolMessages(input).length > 0 ? say('m2', 'Kept it.') : call('d1', 'deleteFile', { name: 'a.txt' })));
    const { result } = renderHook(() => useToolChat({ transport: createAgUiTransport({ url, fetch }), tools }));
    await act(() => result.current.sendMessage('Delete a.txt'));
    await waitFor(() => expect(result.current.activity.state).toBe('awaiting-approval'));
    act(() => result.current.deny('d1'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Kept it.'));
    expect(ran).toBe(false);
    expect(toolMessages(runs[1])[0]).toMatchObject({ toolCallId: 'd1', error: expect.stringMatching(/denied/) });
  });
});

describe('given an AG-UI agent that answers HTTP 500 in the middle of a tool loop', () => {
  it('shows the error, keeps the tool result, and Retry resends that run', async () => {
    const { fetch, runs } = agent((input, n) => {
      if (n === 2) return Response.json({ detail: 'Agent crashed' }, { status: 500, statusText: 'Internal Server Error' });
      return toolMessages(input).length > 0 ? say('m2', 'Recovered.') : call('c1', 'getWeather', { city: 'Oslo' });
    });
    const { result } = renderHook(() => useToolChat({ transport: createAgUiTransport({ url, fetch }), tools: weather }));
    await act(() => result.current.sendMessage('Weather in Oslo?'));
    await waitFor(() => expect(result.current.activity.state).toBe('error'));
    expect(result.current.error?.message).toBe('HTTP 500 Internal Server Error: Agent crashed.');
    expect(result.current.messages[1]?.parts.find(isToolUIPart)).toMatchObject({ state: 'output-available', output: { city: 'Oslo', tempC: 21 } });

    await act(() => result.current.retry());
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Recovered.'));
    expect(runs[2]?.messages).toEqual(runs[1]?.messages);
  });
});

describe('given an AG-UI agent whose run fails', () => {
  it('shows RUN_ERROR as a readable error and loses nothing', async () => {
    const { fetch } = agent(() => [{ type: EventType.RUN_ERROR, message: 'Model unavailable' }]);
    const { result } = renderHook(() => useToolChat({ transport: createAgUiTransport({ url, fetch }), tools: weather }));
    await act(() => result.current.sendMessage('Hi'));
    await waitFor(() => expect(result.current.activity.state).toBe('error'));
    expect(result.current.error?.message).toBe('The agent failed: Model unavailable');
    expect(result.current.messages[0]?.role).toBe('user');
  });
});
