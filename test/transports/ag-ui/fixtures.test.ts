import { readFileSync } from 'node:fs';
import type { UIMessage, UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAgUiTransport } from 'toolchat/transports';
import { buildMessage, byteStream, collect, counterIds, cutsFor, textOf, toolCallsOf } from '../openai-compatible/helpers';

// Event streams recorded from real agents (see test/fixtures/README.md), read through the
// transport as a browser would get them, whole and cut at arbitrary byte offsets.

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };
const tools = { getWeather: { description: 'Current weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } } };

function bytesOf(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url)));
}

async function read(bytes: Uint8Array, cuts: readonly number[] = []): Promise<UIMessageChunk[]> {
  const fetch = (async () => new Response(byteStream(bytes, cuts), { headers: { 'Content-Type': 'text/event-stream' } })) as typeof globalThis.fetch;
  const transport = createAgUiTransport({ url: 'http://127.0.0.1:1/agent', fetch, generateId: counterIds() });
  return collect(
    await transport.sendMessages({ trigger: 'submit-message', chatId: 'chat-1', messageId: undefined, messages: [user], abortSignal: undefined, body: { tools } }),
  );
}

const fixtures = [
  {
    name: 'ag-ui-mastra-server-tool-then-frontend-tool.sse',
    text: 'Let me look that up.',
    calls: [
      { toolCallId: 'call-c1', toolName: 'cityInfo', input: { city: 'Paris' } },
      { toolCallId: 'call-w2', toolName: 'getWeather', input: { city: 'Paris' } },
    ],
    finishReason: 'tool-calls',
  },
  { name: 'ag-ui-mastra-answer-from-tool-result.sse', text: 'It is 21°C in Paris, says the browser.', calls: [], finishReason: 'stop' },
  {
    name: 'ag-ui-python-fastapi-frontend-tool.sse',
    text: '',
    calls: [{ toolCallId: 'call_weather_1', toolName: 'getWeather', input: { city: 'Paris' } }],
    finishReason: 'tool-calls',
  },
  { name: 'ag-ui-python-fastapi-answer.sse', text: "It's 17°C and foggy in Paris.", calls: [], finishReason: 'stop' },
];

describe.each(fixtures)('$name', (fixture) => {
  it('reads to the text, the calls and the finish reason of the recorded run, without errors', async () => {
    const chunks = await read(bytesOf(fixture.name));
    expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
    expect(textOf(chunks)).toBe(fixture.text);
    expect(toolCallsOf(chunks)).toEqual(fixture.calls);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: fixture.finishReason });
    const message = await buildMessage(chunks);
    expect(message.role).toBe('assistant');
  });

  it('gives the same chunks however the bytes are split', async () => {
    const bytes = bytesOf(fixture.name);
    const whole = await read(bytes);
    await fc.assert(
      fc.asyncProperty(cutsFor(bytes.length), async (cuts) => {
        expect(await read(bytes, cuts)).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the Mastra run with a tool the agent ran itself', () => {
  it('shows that call with its result, marked as run by the agent, and leaves the browser tool to the browser', async () => {
    const chunks = await read(bytesOf('ag-ui-mastra-server-tool-then-frontend-tool.sse'));
    const message = await buildMessage(chunks);
    const parts = message.parts.filter((p) => p.type === 'dynamic-tool' || p.type === 'tool-getWeather');
    expect(parts).toMatchObject([
      { type: 'dynamic-tool', toolName: 'cityInfo', toolCallId: 'call-c1', state: 'output-available', providerExecuted: true, output: { city: 'Paris', country: 'France' } },
      { type: 'tool-getWeather', toolCallId: 'call-w2', state: 'input-available', input: { city: 'Paris' } },
    ]);
    expect(chunks.find((c) => c.type === 'message-metadata')).toMatchObject({
      messageMetadata: { usage: { inputTokens: 20, outputTokens: 10, totalTokens: 30 }, model: 'mock-model-id' },
    });
  });
});
