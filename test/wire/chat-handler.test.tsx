import type { LLMock } from '@copilotkit/aimock';
import { act, renderHook, waitFor } from '@testing-library/react';
import { DefaultChatTransport, isToolUIPart, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ChatRequestError, defineTool, useToolChat } from 'toolchat';
import { createChatHandler } from 'toolchat/server';
import { roundTrip, startAimock } from './aimock';

const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 18, condition: 'sunny' }),
  }),
  getTime: defineTool({
    description: 'Current time in a time zone',
    inputSchema: z.object({ timezone: z.string() }),
    execute: async ({ timezone }) => ({ timezone, time: '21:04' }),
  }),
};

let mock: LLMock;
let baseURL: string;

beforeAll(async () => {
  ({ mock, baseURL } = await startAimock({ apiKeys: ['sk-test'] }));
});

afterAll(async () => {
  await mock.stop();
});

describe('createChatHandler with OPENAI_API_KEY and OPENAI_BASE_URL, against aimock on 127.0.0.1', () => {
  it('runs two parallel browser tools and answers from their results', async () => {
    // No model given: the handler picks @ai-sdk/openai's chat model from the environment.
    const handler = createChatHandler({
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'gpt-4o-mini' },
    });
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://localhost/api/chat',
      fetch: async (input, init) => handler(new Request(String(input), init)),
    });
    const { result } = renderHook(() => useToolChat({ transport, tools }));

    await act(() => result.current.sendMessage(roundTrip.userMessage));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    const requests = mock.getRequests().filter((request) => request.path === '/v1/chat/completions');
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((request) => request.body as {
      model: string;
      tools?: { function: { name: string } }[];
      messages: { role: string; tool_call_id?: string; content?: unknown; tool_calls?: { id: string }[] }[];
    });
    expect(first?.model).toBe('gpt-4o-mini');
    expect(first?.tools?.map((tool) => tool.function.name)).toEqual(['getWeather', 'getTime']);
    // The second request answers both calls, in order, with the browser's results.
    const toolMessages = second?.messages.filter((message) => message.role === 'tool') ?? [];
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual(['call_weather_1', 'call_time_2']);
    expect(JSON.parse(String(toolMessages[0]?.content))).toEqual({ city: 'Paris', tempC: 18, condition: 'sunny' });
    expect(JSON.parse(String(toolMessages[1]?.content))).toEqual({ timezone: 'Asia/Tokyo', time: '21:04' });

    const last = result.current.messages.at(-1);
    expect(last?.parts.filter(isToolUIPart).map((part) => part.state)).toEqual(['output-available', 'output-available']);
    expect(last?.parts.at(-1)).toMatchObject({ type: 'text', text: roundTrip.answer });
  });
});

describe("a provider error reaches the user with the provider's own message", () => {
  it('a wrong key: "HTTP 502" with what the provider said, and an error that no retry can fix', async () => {
    // streamText logs the model's error for the server's operator.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = createChatHandler({
      env: { OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'gpt-4o-mini' },
    });
    const { result } = renderHook(() =>
      useToolChat({ api: 'http://localhost/api/chat', fetch: async (input, init) => handler(new Request(String(input), init)), tools }),
    );
    await act(() => result.current.sendMessage(roundTrip.userMessage));
    await waitFor(() => expect(result.current.error).toBeDefined());
    // aimock answers a wrong key as OpenAI does: 401 with { error: { message: "Invalid API key", … } }.
    expect(result.current.error).toBeInstanceOf(ChatRequestError);
    expect(result.current.error).toMatchObject({ status: 502, retryable: false, message: 'HTTP 502: Invalid API key.' });
  });
});
