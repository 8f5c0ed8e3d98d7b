import { createOpenAIChatStreamTransform } from 'toolchat/transports';
import type { UIMessageChunk } from 'ai';
import fc from 'fast-check';
import {
  buildMessage,
  byteStream,
  collect,
  counterIds,
  cutsFor,
  fixtureBytes,
  textOf,
  toolCallsOf,
  typesOf,
} from './helpers';

function parse(bytes: Uint8Array, cuts: readonly number[] = []): Promise<UIMessageChunk[]> {
  return collect(byteStream(bytes, cuts).pipeThrough(createOpenAIChatStreamTransform({ generateId: counterIds() })));
}

interface Expected {
  calls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
  text: string;
  finishReason: string;
  usage?: Record<string, number>;
  model: string;
}

const expectations: Record<string, Expected> = {
  'openai-chat-single-tool-call.sse': {
    calls: [{ toolCallId: 'call_4XzlGBLtUe9dy3GVNV4jhq7h', toolName: 'get_weather', input: { city: 'New York City' } }],
    text: '',
    finishReason: 'tool-calls',
    usage: { inputTokens: 44, outputTokens: 16, totalTokens: 60, reasoningTokens: 0 },
    model: 'gpt-4o-2024-08-06',
  },
  'openai-chat-parallel-tool-calls.sse': {
    calls: [
      { toolCallId: 'call_JMW1whyEaYG438VE1OIflxA2', toolName: 'GetWeatherArgs', input: { city: 'Edinburgh', country: 'GB', units: 'c' } },
      { toolCallId: 'call_DNYTawLBoN8fj3KN6qU9N1Ou', toolName: 'get_stock_price', input: { ticker: 'AAPL', exchange: 'NASDAQ' } },
    ],
    text: '',
    finishReason: 'tool-calls',
    usage: { inputTokens: 149, outputTokens: 60, totalTokens: 209, reasoningTokens: 0 },
    model: 'gpt-4o-2024-08-06',
  },
  'openai-chat-text-with-usage.sse': {
    calls: [],
    text: "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.",
    finishReason: 'stop',
    usage: { inputTokens: 14, outputTokens: 30, totalTokens: 44, reasoningTokens: 0 },
    model: 'gpt-4o-2024-08-06',
  },
  'ollama-openai-compat-parallel-tool-calls.sse': {
    calls: [
      { toolCallId: 'call_wteop8bt', toolName: 'run_command', input: { command: 'ls' } },
      { toolCallId: 'call_rk2xye1l', toolName: 'run_command', input: { command: 'ls -l' } },
    ],
    text: '',
    finishReason: 'tool-calls',
    model: 'qwen2.5-coder:7b-instruct-q8_0',
  },
  'mistral-chat-tool-call.sse': {
    calls: [{ toolCallId: 'gSIMJiOkT', toolName: 'weather', input: { location: 'San Francisco' } }],
    text: '',
    finishReason: 'tool-calls',
    usage: { inputTokens: 124, outputTokens: 22, totalTokens: 146 },
    model: 'mistral-small-latest',
  },
  'qwen-dashscope-chat-tool-call.sse': {
    calls: [{ toolCallId: 'call_eee11723464a4b9eb8cee71d', toolName: 'weather', input: { location: 'San Francisco' } }],
    text: '',
    finishReason: 'tool-calls',
    usage: { inputTokens: 295, outputTokens: 22, totalTokens: 317, cachedInputTokens: 0 },
    model: 'qwen3-max',
  },
};

describe.each(Object.entries(expectations))('the OpenAI-format fixture %s', (name, expected) => {
  const bytes = fixtureBytes(name);

  it('gives the recorded tool calls, text, finish reason and usage', async () => {
    const chunks = await parse(bytes);
    expect(toolCallsOf(chunks)).toEqual(expected.calls);
    expect(textOf(chunks)).toBe(expected.text);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: expected.finishReason });
    expect(chunks.find((c) => c.type === 'message-metadata')).toEqual({
      type: 'message-metadata',
      messageMetadata: { finishReason: expected.finishReason, model: expected.model, ...(expected.usage && { usage: expected.usage }) },
    });
    expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
  });

  it('frames the response with start, start-step, finish-step and finish', async () => {
    const types = typesOf(await parse(bytes));
    expect(types.slice(0, 2)).toEqual(['start', 'start-step']);
    expect(types.slice(-3)).toEqual(['finish-step', 'message-metadata', 'finish']);
    expect(types.filter((t) => t === 'start-step')).toHaveLength(1);
  });

  it('streams each call as start, deltas adding up to its arguments, then the parsed input', async () => {
    const chunks = await parse(bytes);
    for (const call of expected.calls) {
      const own = chunks.filter((c) => 'toolCallId' in c && c.toolCallId === call.toolCallId);
      expect(own[0]).toEqual({ type: 'tool-input-start', toolCallId: call.toolCallId, toolName: call.toolName, dynamic: true });
      expect(own.at(-1)?.type).toBe('tool-input-available');
      const streamed = own.map((c) => (c.type === 'tool-input-delta' ? c.inputTextDelta : '')).join('');
      expect(JSON.parse(streamed)).toEqual(call.input);
    }
  });

  it('gives the same chunks however the bytes are split', async () => {
    const whole = await parse(bytes);
    await fc.assert(
      fc.asyncProperty(cutsFor(bytes.length), async (cuts) => {
        expect(await parse(bytes, cuts)).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  it('builds a valid UIMessage with the AI SDK reader', async () => {
    const message = await buildMessage(await parse(bytes));
    const tools = message.parts.filter((p) => p.type === 'dynamic-tool');
    expect(tools.map((p) => [p.toolCallId, p.toolName, p.state, p.input])).toEqual(
      expected.calls.map((c) => [c.toolCallId, c.toolName, 'input-available', c.input]),
    );
    const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
    expect(text).toBe(expected.text);
    expect(message.metadata).toMatchObject({ finishReason: expected.finishReason });
  });
});

it('splits mid UTF-8 character without corrupting the text', async () => {
  const body = 'data: {"choices":[{"index":0,"delta":{"content":"héllo wörld ☀️"}}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
  const bytes = new TextEncoder().encode(body);
  const cuts = Array.from({ length: bytes.length }, (_, i) => i);
  expect(textOf(await parse(bytes, cuts))).toBe('héllo wörld ☀️');
});
