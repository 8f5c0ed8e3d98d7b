import { act, renderHook, waitFor } from '@testing-library/react';
import { isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat, type Activity } from 'toolchat';
import { createChatHandler } from 'toolchat/server';
import { routeFetch, scriptedModel } from 'toolchat/testing';
import { alwaysCallsTool } from '../support/mock-models';

/** The real endpoint, in-process (real SSE encoding and parsing, no server), recording each request body. */
function inProcessEndpoint(handler: (request: Request) => Promise<Response>, bodies: unknown[] = []) {
  return {
    api: '/api/chat',
    fetch: routeFetch(async (request) => {
      bodies.push(await request.clone().json());
      return handler(request);
    }),
  };
}

const weatherCalls: string[] = [];
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      weatherCalls.push(city);
      return { city, tempC: 21, condition: 'sunny' };
    },
  }),
};

describe('given a model that calls getWeather once', () => {
  it('runs the tool in the browser, posts the result back, and ends with the answer', async () => {
    weatherCalls.length = 0;
    const model = scriptedModel([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] },
      'It is 21°C and sunny in Paris.',
    ]);
    const bodies: { tools?: Record<string, unknown>; toolsDisabled?: boolean; messages: UIMessage[] }[] = [];
    const onToolResult = vi.fn();
    const onFinish = vi.fn();
    const activities: Activity['state'][] = [];
    const { result } = renderHook(() =>
      useToolChat({
        ...inProcessEndpoint(createChatHandler({ model }), bodies),
        tools,
        onToolResult,
        onFinish,
        onStatus: (activity) => activities.push(activity.state),
      }),
    );

    await act(() => result.current.sendMessage('What is the weather in Paris?'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(weatherCalls).toEqual(['Paris']);
    expect(bodies).toHaveLength(2);
    expect(Object.keys(bodies[0]?.tools ?? {})).toEqual(['getWeather']);
    expect(bodies[0]?.tools?.getWeather).toMatchObject({
      description: 'Current weather for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    });
    // The second request carries the tool result, in the same assistant message.
    const assistant = bodies[1]?.messages.at(-1);
    expect(assistant?.parts.find(isToolUIPart)).toMatchObject({
      toolCallId: 'call_1',
      state: 'output-available',
      output: { city: 'Paris', tempC: 21, condition: 'sunny' },
    });
    const prompt = model.doStreamCalls[1]?.prompt ?? [];
    expect(prompt.at(-1)).toMatchObject({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1' }] });

    const last = result.current.messages.at(-1);
    expect(last?.parts.filter((p) => p.type === 'text').map((p) => p.text).join('')).toBe(
      'It is 21°C and sunny in Paris.',
    );
    expect(onToolResult).toHaveBeenCalledExactlyOnceWith('getWeather', {
      toolCallId: 'call_1',
      toolName: 'getWeather',
      ok: true,
      output: { city: 'Paris', tempC: 21, condition: 'sunny' },
    });
    expect(onFinish).toHaveBeenCalledTimes(1);
    // Busy from the send until the answer: never idle between the rounds.
    const firstIdle = activities.indexOf('idle', 1);
    expect(activities.slice(1, firstIdle)).not.toContain('idle');
    expect(activities).toContain('executing');
    expect(activities.at(-1)).toBe('idle');
  });
});

describe('given a model that never stops calling tools', () => {
  it('gets exactly maxToolRounds rounds, then one request with no tools, and a text answer', async () => {
    const model = alwaysCallsTool('getWeather');
    const bodies: { tools?: object; toolsDisabled?: boolean }[] = [];
    const statuses: string[] = [];
    const { result } = renderHook(() =>
      useToolChat({
        ...inProcessEndpoint(createChatHandler({ model }), bodies),
        tools,
        maxToolRounds: 3,
        onStatus: (activity) => statuses.push(activity.label),
      }),
    );
    await act(() => result.current.sendMessage('Go'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(model.doStreamCalls).toHaveLength(4);
    expect(model.doStreamCalls.map((call) => (call.tools ?? []).length)).toEqual([1, 1, 1, 0]);
    expect(bodies.map((body) => body.toolsDisabled ?? false)).toEqual([false, false, false, true]);
    expect(bodies[3]?.tools).toBeUndefined();
    expect(statuses).toContain('Maximum tool execution rounds reached. Generating final response…');
    const last = result.current.messages.at(-1);
    expect(last?.parts.filter(isToolUIPart)).toHaveLength(3);
    expect(last?.parts.at(-1)).toMatchObject({ type: 'text', text: 'Final answer without tools.' });
  });
});

describe('given a tool that fails', () => {
  it('sends the error back as a result and lets the model answer', async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { toolCallId: 'c1', toolName: 'getWeathr', input: { city: 'Paris' } },
          { toolCallId: 'c2', toolName: 'getWeather', input: { city: 7 } },
        ],
      },
      'Sorry.',
    ]);
    const { result } = renderHook(() => useToolChat({ ...inProcessEndpoint(createChatHandler({ model })), tools }));
    await act(() => result.current.sendMessage('Weather?'));
    await waitFor(() => expect(model.doStreamCalls).toHaveLength(2));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    const toolMessage = model.doStreamCalls[1]?.prompt.at(-1);
    expect(toolMessage).toMatchObject({
      role: 'tool',
      content: [
        // The server's streamText catches the unknown name before the browser sees the call.
        { toolCallId: 'c1', output: { type: 'error-text', value: expect.stringMatching(/unavailable tool 'getWeathr'/) } },
        { toolCallId: 'c2', output: { type: 'error-text', value: expect.stringMatching(/^Invalid input for tool "getWeather"/) } },
      ],
    });
  });
});

describe('given a tool whose execute is an async generator', () => {
  it('shows each yield on the card while it runs, and the model gets the last one', async () => {
    const steps: (() => void)[] = [];
    const next = () => new Promise<void>((resolve) => steps.push(resolve));
    const streaming = {
      search: defineTool({
        inputSchema: z.object({ q: z.string() }),
        async *execute({ q }) {
          yield { q, status: 'searching', hits: 0 };
          await next();
          yield { q, status: 'searching', hits: 2 };
          await next();
          yield { q, status: 'done', hits: 3 };
        },
      }),
    };
    const model = scriptedModel([{ toolCalls: [{ toolCallId: 'c1', toolName: 'search', input: { q: 'cats' } }] }, '3 hits.']);
    const { result } = renderHook(() => useToolChat({ ...inProcessEndpoint(createChatHandler({ model })), tools: streaming }));
    await act(() => result.current.sendMessage('Search cats'));
    await waitFor(() => expect(result.current.getToolCall('c1')).toMatchObject({ phase: 'running', output: { hits: 0 } }));
    act(() => steps[0]!());
    await waitFor(() => expect(result.current.getToolCall('c1')).toMatchObject({ phase: 'running', output: { hits: 2 } }));
    expect(model.doStreamCalls).toHaveLength(1);
    act(() => steps[1]!());
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(result.current.getToolCall('c1')).toMatchObject({ phase: 'done', output: { q: 'cats', status: 'done', hits: 3 } });
    expect(model.doStreamCalls[1]?.prompt.at(-1)).toMatchObject({
      role: 'tool',
      content: [{ toolCallId: 'c1', output: { type: 'json', value: { q: 'cats', status: 'done', hits: 3 } } }],
    });
  });
});

describe('given a backend written for the legacy component', () => {
  it('sends the tools as toolClients too, with legacyToolClients', async () => {
    const bodies: { toolClients?: unknown; tools?: unknown }[] = [];
    const model = scriptedModel(['Hi.']);
    const { result } = renderHook(() =>
      useToolChat({ ...inProcessEndpoint(createChatHandler({ model }), bodies), tools, legacyToolClients: true }),
    );
    await act(() => result.current.sendMessage('Hello'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(bodies[0]?.toolClients).toEqual([
      {
        name: 'getWeather',
        description: 'Current weather for a city',
        parameters: [{ name: 'city', type: 'string', description: '', isRequired: true, schema: { type: 'string' } }],
      },
    ]);
    expect(bodies[0]?.tools).toBeDefined();
  });
});
