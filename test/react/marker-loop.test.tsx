import { act, renderHook, waitFor } from '@testing-library/react';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { DefaultChatTransport, getToolName, isToolUIPart, type UIMessage } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { createDemoModel, createChatHandler } from 'toolchat/server';
import { createDemoTransport, defineTool, demoTools, toolMarkerPrompt, toolSchemas, useToolChat } from 'toolchat';
import { z } from 'zod';
import { textResponse } from '../support/mock-models';

/** A text answer streamed in these pieces. */
function streamedText(deltas: string[]): { stream: ReadableStream<LanguageModelV4StreamPart> } {
  return {
    stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
      { type: 'text-start', id: 't' },
      ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })),
      { type: 'text-end', id: 't' },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
      },
    ]),
  };
}

function textOf(message: UIMessage | undefined): string {
  return (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

describe('given a text-only model that calls tools with the ###: marker', () => {
  it('runs the tool from the marker in the browser demo and answers, with no marker text shown', async () => {
    const onToolResult = vi.fn();
    const { result } = renderHook(() =>
      useToolChat({ transport: createDemoTransport({ toolMarkers: true }), toolMarkers: 'on', tools: demoTools, onToolResult }),
    );
    await act(() => result.current.sendMessage("What's the weather in Paris?"));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(onToolResult).toHaveBeenCalledWith('getWeather', expect.objectContaining({ ok: true }));
    const answer = result.current.messages.at(-1);
    expect(answer?.parts.filter(isToolUIPart)).toEqual([
      expect.objectContaining({ type: 'tool-getWeather', state: 'output-available', input: { city: 'Paris' } }),
    ]);
    expect(textOf(answer)).toMatch(/21°C/);
    expect(textOf(answer)).not.toContain('###');
  });

  // The wrench the seed showed as an emoji is drawn by StatusIndicator as an SVG.
  it('says "Executing tool: Get weather…" while the tool from a marker runs', async () => {
    let release!: (value: { city: string; tempC: number; condition: string }) => void;
    const tools = {
      ...demoTools,
      getWeather: defineTool({
        description: 'Current weather for a city',
        inputSchema: z.object({ city: z.string() }),
        execute: () => new Promise<{ city: string; tempC: number; condition: string }>((resolve) => (release = resolve)),
      }),
    };
    const { result } = renderHook(() =>
      useToolChat({ transport: createDemoTransport({ toolMarkers: true }), toolMarkers: 'on', tools }),
    );
    await act(() => result.current.sendMessage("What's the weather in Paris?"));
    await waitFor(() => expect(result.current.activity.label).toBe('Executing tool: Get weather…'));
    act(() => release({ city: 'Paris', tempC: 3, condition: 'snowy' }));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(textOf(result.current.messages.at(-1))).toMatch(/3°C/);
  });

  it('through createChatHandler({ toolMarkers: true }): no native tools, the tools in the prompt, results as text', async () => {
    const model = createDemoModel({ toolMarkers: true });
    const doStream = vi.spyOn(model, 'doStream');
    const handler = createChatHandler({ model, toolMarkers: true, system: 'You are a demo.' });
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://localhost/api/chat',
      fetch: async (input, init) => handler(new Request(String(input), init)),
    });
    const { result } = renderHook(() => useToolChat({ transport, toolMarkers: 'on', tools: demoTools }));
    await act(() => result.current.sendMessage("What's the weather in Paris?"));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(doStream).toHaveBeenCalledTimes(2);
    const [first, second] = doStream.mock.calls.map(([options]) => options);
    expect(first?.tools ?? []).toEqual([]);
    const system = first?.prompt[0];
    expect(system?.role).toBe('system');
    expect(String(system?.content)).toContain('You are a demo.');
    expect(String(system?.content)).toContain('###:{"toolName"');
    expect(String(system?.content)).toContain('getWeather');
    // The next request renders the round as text: the marker in the assistant turn, the result in a user turn.
    const prompt = second?.prompt ?? [];
    expect(prompt.some((message) => message.role === 'tool')).toBe(false);
    const texts = prompt.map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : '')).join(''),
    );
    expect(texts.some((text) => text.includes('###:{"toolName":"getWeather"'))).toBe(true);
    expect(texts.some((text) => /Tool result for getWeather \(.+\): \{.*"tempC":21/.test(text))).toBe(true);
    expect(textOf(result.current.messages.at(-1))).toMatch(/21°C/);
  });

  it('shows a bad marker as an invalid tool call and sends the error back so the model can correct itself', async () => {
    const model = new MockLanguageModelV4({
      doStream: [textResponse('Let me check. ###:{"toolName":"getWeather","parameters":{"city":}}'), textResponse('Sorry.')],
    });
    const handler = createChatHandler({ model, toolMarkers: true });
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://localhost/api/chat',
      fetch: async (input, init) => handler(new Request(String(input), init)),
    });
    const { result } = renderHook(() => useToolChat({ transport, toolMarkers: 'on', tools: demoTools }));
    await act(() => result.current.sendMessage('Weather?'));
    await waitFor(() => expect(model.doStreamCalls).toHaveLength(2));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    const part = result.current.messages.at(-1)?.parts.find(isToolUIPart);
    expect(part).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/^Invalid tool call format/) });
    const prompt = model.doStreamCalls[1]?.prompt ?? [];
    const lastUser = prompt.filter((message) => message.role === 'user').at(-1);
    const text = Array.isArray(lastUser?.content) ? lastUser.content.map((p) => ('text' in p ? p.text : '')).join('') : '';
    expect(text).toMatch(/Tool error for getWeather \(.+\): Invalid tool call format: the JSON of the call to getWeather/);
    // A browser tool's call is a static part, named by its type.
    expect(part && getToolName(part)).toBe('getWeather');
  });

  it('shows a call whose "toolName" is no string as an invalid call, never as text, and the model reads why', async () => {
    const deltas = ['Oops ###:{"tool', 'Name": getWea', 'ther, "parameters": {}', '} after'];
    const model = new MockLanguageModelV4({ doStream: [streamedText(deltas), textResponse('Sorry.')] });
    const handler = createChatHandler({ model, toolMarkers: true });
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://localhost/api/chat',
      fetch: async (input, init) => handler(new Request(String(input), init)),
    });
    const { result } = renderHook(() => useToolChat({ transport, toolMarkers: 'on', tools: demoTools }));
    await act(() => result.current.sendMessage('Weather?'));
    await waitFor(() => expect(model.doStreamCalls).toHaveLength(2));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    const answer = result.current.messages.findLast((message) => message.role === 'assistant' && message.parts.some(isToolUIPart));
    expect(textOf(answer)).toBe('Oops  afterSorry.');
    expect(answer?.parts.find(isToolUIPart)).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/^Invalid tool call format/) });
    const prompt = model.doStreamCalls[1]?.prompt ?? [];
    const lastUser = prompt.filter((message) => message.role === 'user').at(-1);
    const text = Array.isArray(lastUser?.content) ? lastUser.content.map((p) => ('text' in p ? p.text : '')).join('') : '';
    expect(text).toMatch(/Tool error for getWeather \(.+\): Invalid tool call format: the JSON of the call is not valid: "toolName" that is not a string/);
  });

  it('shows a ###: that never names a tool as the text it was: no card, no wait, no second request', async () => {
    const deltas = ['Note ###: this. ', 'And ###:{ this is', ' not json }, ###:{"a', '\nnext line', ' ###:{"tool'];
    const model = new MockLanguageModelV4({ doStream: [streamedText(deltas)] });
    const handler = createChatHandler({ model, toolMarkers: true });
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://localhost/api/chat',
      fetch: async (input, init) => handler(new Request(String(input), init)),
    });
    const states: string[] = [];
    const { result } = renderHook(() =>
      useToolChat({ transport, toolMarkers: 'on', tools: demoTools, onStatus: (activity) => states.push(activity.state) }),
    );
    await act(() => result.current.sendMessage('Hi'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    const answer = result.current.messages.at(-1);
    expect(textOf(answer)).toBe(deltas.join(''));
    expect(answer?.parts.some(isToolUIPart)).toBe(false);
    expect(states).not.toContain('waiting-for-tool-input');
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('runs tools from the compact marker prompt too', async () => {
    const onToolResult = vi.fn();
    const { result } = renderHook(() =>
      useToolChat({
        transport: createDemoTransport({ toolMarkers: true, toolMarkerPrompt: 'compact' }),
        toolMarkers: 'on',
        tools: demoTools,
        onToolResult,
      }),
    );
    await act(() => result.current.sendMessage("What's the weather in Paris?"));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(onToolResult).toHaveBeenCalledWith('getWeather', expect.objectContaining({ ok: true }));
    expect(textOf(result.current.messages.at(-1))).toMatch(/21°C/);
  });
});

describe('given createChatHandler({ toolMarkers: true, toolMarkerPrompt: "compact" })', () => {
  it('gives the model the compact prompt: the protocol once, one line per tool', async () => {
    const model = new MockLanguageModelV4({ doStream: [textResponse('Hello.')] });
    const handler = createChatHandler({ model, toolMarkers: true, toolMarkerPrompt: 'compact' });
    const body = { messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], tools: toolSchemas(demoTools) };
    const response = await handler(new Request('http://localhost/api/chat', { method: 'POST', body: JSON.stringify(body) }));
    await response.text();
    const system = model.doStreamCalls[0]?.prompt.find((message) => message.role === 'system');
    expect(system?.content).toContain('- getWeather(city: string');
    expect(String(system?.content).length).toBeLessThan(toolMarkerPrompt(toolSchemas(demoTools)).length * 0.6);
  });
});
