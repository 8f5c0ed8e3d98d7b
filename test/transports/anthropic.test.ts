import { createAnthropicStreamTransform } from 'toolchat/transports';
import type { UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { buildMessage, byteStream, collect, counterIds, cutsFor, fixtureBytes, reasoningOf, textOf, toolCallsOf } from './openai-compatible/helpers';

function parse(bytes: Uint8Array, cuts: readonly number[] = []): Promise<UIMessageChunk[]> {
  return collect(byteStream(bytes, cuts).pipeThrough(createAnthropicStreamTransform({ generateId: counterIds() })));
}

function sse(...events: object[]): Uint8Array {
  return new TextEncoder().encode(events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join(''));
}

describe('createAnthropicStreamTransform on anthropic-messages-text-then-tool-use.sse', () => {
  const bytes = fixtureBytes('anthropic-messages-text-then-tool-use.sse');

  it('gives the text, the tool_use call assembled from its input_json_delta pieces, stop reason and usage', async () => {
    const chunks = await parse(bytes);
    expect(textOf(chunks)).toBe("I'll check the current weather in Paris for you.");
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', toolName: 'get_weather', input: { location: 'Paris' } }]);
    expect(chunks.slice(-2)).toEqual([
      {
        type: 'message-metadata',
        messageMetadata: {
          finishReason: 'tool-calls',
          model: 'claude-sonnet-4-20250514',
          usage: { inputTokens: 377, outputTokens: 65, totalTokens: 442, cachedInputTokens: 0 },
        },
      },
      { type: 'finish', finishReason: 'tool-calls' },
    ]);
    expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
    expect(chunks.slice(0, 2)).toEqual([{ type: 'start' }, { type: 'start-step' }]);
  });

  it('gives the same chunks however the bytes are split', async () => {
    const whole = await parse(bytes);
    await fc.assert(fc.asyncProperty(cutsFor(bytes.length), async (cuts) => {
      expect(await parse(bytes, cuts)).toEqual(whole);
    }), { numRuns: 40 });
  });

  it('builds a UIMessage with the text and the dynamic tool call', async () => {
    const message = await buildMessage(await parse(bytes));
    expect(message.parts.map((p) => p.type)).toEqual(['step-start', 'text', 'dynamic-tool']);
    expect(message.parts[2]).toMatchObject({ toolName: 'get_weather', state: 'input-available', input: { location: 'Paris' } });
  });
});

describe('createAnthropicStreamTransform on anthropic-messages-server-tool-then-tool-use.sse', () => {
  const bytes = fixtureBytes('anthropic-messages-server-tool-then-tool-use.sse');

  it('skips the server tool blocks and keeps both texts and the client tool call', async () => {
    const chunks = await parse(bytes);
    expect(toolCallsOf(chunks)).toEqual([
      { toolCallId: 'toolu_01EFn5wTNBYA8Reni8rbmnHT', toolName: 'get_exchange_rate', input: { from_currency: 'USD', to_currency: 'EUR' } },
    ]);
    expect(chunks.some((c) => 'toolName' in c && c.toolName === 'tool_search_tool_bm25')).toBe(false);
    const message = await buildMessage(chunks);
    expect(message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : []))).toEqual([
      'Let me search for a tool that can provide current exchange rate information.',
      'I found the right tool! Let me fetch the current USD to EUR exchange rate for you.',
    ]);
    expect(chunks.at(-2)).toMatchObject({
      messageMetadata: { finishReason: 'tool-calls', model: 'claude-sonnet-4-6', usage: { inputTokens: 1591, outputTokens: 175, totalTokens: 1766 } },
    });
  });

  it('gives the same chunks however the bytes are split', async () => {
    const whole = await parse(bytes);
    await fc.assert(fc.asyncProperty(cutsFor(bytes.length), async (cuts) => {
      expect(await parse(bytes, cuts)).toEqual(whole);
    }), { numRuns: 40 });
  });
});

describe('createAnthropicStreamTransform', () => {
  it('streams thinking blocks as reasoning', async () => {
    const chunks = await parse(
      sse(
        { type: 'message_start', message: { model: 'claude', usage: { input_tokens: 3, output_tokens: 1 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Done.' } },
        { type: 'content_block_stop', index: 1 },
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } },
        { type: 'message_stop' },
      ),
    );
    expect(reasoningOf(chunks)).toBe('Hmm.');
    expect(textOf(chunks)).toBe('Done.');
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
  });

  it('turns an error event into an error chunk with its message', async () => {
    const chunks = await parse(sse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    expect(chunks.filter((c) => c.type === 'error')).toEqual([{ type: 'error', errorText: 'Overloaded' }]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'error' });
  });

  it('completes a tool call whose stream stopped before content_block_stop, and a call without input', async () => {
    const chunks = await parse(
      sse(
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't0', name: 'now', input: {} } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 't1', name: 'f', input: {} } },
        { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
      ),
    );
    expect(toolCallsOf(chunks)).toEqual([
      { toolCallId: 't0', toolName: 'now', input: {} },
      { toolCallId: 't1', toolName: 'f', input: { a: 1 } },
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'other' });
  });
});
