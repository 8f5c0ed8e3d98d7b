import { createGeminiStreamTransform } from 'toolchat/transports';
import type { UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { buildMessage, byteStream, collect, counterIds, cutsFor, fixtureBytes, reasoningOf, textOf, toolCallsOf } from './openai-compatible/helpers';

function parse(bytes: Uint8Array, cuts: readonly number[] = []): Promise<UIMessageChunk[]> {
  return collect(byteStream(bytes, cuts).pipeThrough(createGeminiStreamTransform({ generateId: counterIds() })));
}

function sse(...events: object[]): Uint8Array {
  return new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join(''));
}

describe('createGeminiStreamTransform on gemini-stream-function-call.sse', () => {
  const bytes = fixtureBytes('gemini-stream-function-call.sse');

  it('gives the functionCall with a generated id, its whole args, tool-calls and usage', async () => {
    const chunks = await parse(bytes);
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'id-0', toolName: 'get_capital', input: { country: 'France' } }]);
    expect(textOf(chunks)).toBe('');
    expect(chunks.slice(-2)).toEqual([
      {
        type: 'message-metadata',
        messageMetadata: { finishReason: 'tool-calls', model: 'gemini-2.0-flash', usage: { inputTokens: 52, outputTokens: 5, totalTokens: 57 } },
      },
      { type: 'finish', finishReason: 'tool-calls' },
    ]);
  });

  it('gives the same chunks however the CRLF-framed bytes are split', async () => {
    const whole = await parse(bytes);
    await fc.assert(fc.asyncProperty(cutsFor(bytes.length), async (cuts) => {
      expect(await parse(bytes, cuts)).toEqual(whole);
    }), { numRuns: 40 });
  });
});

describe('createGeminiStreamTransform on gemini-3-stream-function-call-thought-signature.sse', () => {
  const bytes = fixtureBytes('gemini-3-stream-function-call-thought-signature.sse');

  it('gives the call with empty args and keeps its thoughtSignature as provider metadata', async () => {
    const chunks = await parse(bytes);
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'id-0', toolName: 'get_country', input: {} }]);
    const available = chunks.find((c) => c.type === 'tool-input-available');
    expect(available).toMatchObject({ providerMetadata: { google: { thoughtSignature: expect.stringMatching(/^EpwICpkIAXLI2nxl.*owonoBDAXOk15QuFyU=$/) } } });
    expect(textOf(chunks)).toBe('');
    expect(chunks.some((c) => c.type === 'text-start')).toBe(false);
    expect(chunks.at(-2)).toMatchObject({
      messageMetadata: { finishReason: 'tool-calls', usage: { inputTokens: 29, outputTokens: 10, totalTokens: 241, reasoningTokens: 202 } },
    });
    const message = await buildMessage(chunks);
    expect(message.parts.find((p) => p.type === 'dynamic-tool')).toMatchObject({
      toolName: 'get_country',
      state: 'input-available',
      callProviderMetadata: { google: { thoughtSignature: expect.any(String) } },
    });
  });

  it('gives the same chunks however the bytes are split', async () => {
    const whole = await parse(bytes);
    await fc.assert(fc.asyncProperty(cutsFor(bytes.length), async (cuts) => {
      expect(await parse(bytes, cuts)).toEqual(whole);
    }), { numRuns: 40 });
  });
});

describe('createGeminiStreamTransform', () => {
  it('streams text, thought parts as reasoning, and maps STOP without calls to stop', async () => {
    const chunks = await parse(
      sse(
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Pondering', thought: true }] } }] },
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Paris is' }] } }] },
        { candidates: [{ content: { role: 'model', parts: [{ text: ' the capital.' }] }, finishReason: 'STOP' }] },
      ),
    );
    expect(reasoningOf(chunks)).toBe('Pondering');
    expect(textOf(chunks)).toBe('Paris is the capital.');
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
  });

  it('gives parallel calls distinct ids, and an error body becomes an error chunk', async () => {
    const calls = await parse(
      sse({ candidates: [{ content: { parts: [{ functionCall: { name: 'a', args: { x: 1 } } }, { functionCall: { name: 'b', args: {} } }] }, finishReason: 'STOP' }] }),
    );
    expect(toolCallsOf(calls)).toEqual([
      { toolCallId: 'id-0', toolName: 'a', input: { x: 1 } },
      { toolCallId: 'id-1', toolName: 'b', input: {} },
    ]);
    const failed = await parse(sse({ error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } }));
    expect(failed.filter((c) => c.type === 'error')).toEqual([{ type: 'error', errorText: 'Resource has been exhausted' }]);
  });

  it('gives a call to a function without parameters, sent without args, empty input', async () => {
    const chunks = await parse(sse({ candidates: [{ content: { parts: [{ functionCall: { name: 'getTime' } }] }, finishReason: 'STOP' }] }));

    expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'id-0', toolName: 'getTime', input: {} }]);
  });
});
