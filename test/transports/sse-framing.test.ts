import { EventSourceParserStream } from '@ai-sdk/provider-utils';
import type { UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { createAnthropicStreamTransform, createGeminiStreamTransform, createOpenAIChatStreamTransform } from 'toolchat/transports';
import { byteStream, collect, counterIds, cutsFor, fixtureBytes, reasoningOf, textOf, toolCallsOf } from './openai-compatible/helpers';

type Transform = typeof createOpenAIChatStreamTransform;

const encode = (text: string) => new TextEncoder().encode(text);

function parse(transform: Transform, bytes: Uint8Array, cuts: readonly number[] = []): Promise<UIMessageChunk[]> {
  return collect(byteStream(bytes, cuts).pipeThrough(transform({ generateId: counterIds() })));
}

/** Every cut from 1 to length - 1: each byte in its own chunk. */
function everyByte(bytes: Uint8Array): number[] {
  return Array.from({ length: bytes.length }, (_, i) => i);
}

/** The events as the AI SDK's own SSE reader (TextDecoderStream + EventSourceParserStream) sees them. */
async function referenceEvents(bytes: Uint8Array): Promise<Array<{ event?: string | undefined; data: string }>> {
  const events = byteStream(bytes).pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>).pipeThrough(new EventSourceParserStream());
  return (await collect(events)).map(({ event, data }) => ({ event, data }));
}

/** Offsets just after each `,` of the JSON that is not inside a string. */
function commasOutsideStrings(json: string): number[] {
  const out: number[] = [];
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ',') out.push(i + 1);
  }
  return out;
}

const choice = (delta: object, finish_reason: string | null = null) => JSON.stringify({ choices: [{ index: 0, delta, finish_reason }] });

describe('the SSE stage of the wire parsers', () => {
  it('reads an event cut inside a multi-byte character, inside `data:` and inside the blank line', async () => {
    const body = encode(`data: ${choice({ content: 'é☀😀 ok' })}\n\ndata: ${choice({}, 'stop')}\n\ndata: [DONE]\n\n`);
    const whole = await parse(createOpenAIChatStreamTransform, body);
    expect(textOf(whole)).toBe('é☀😀 ok');
    // "data:" itself, the 4-byte emoji and the "\n\n" are each split at every byte.
    expect(await parse(createOpenAIChatStreamTransform, body, everyByte(body))).toEqual(whole);
    const emoji = body.indexOf(0xf0);
    expect(await parse(createOpenAIChatStreamTransform, body, [2, 4, 5, emoji + 1, emoji + 2, emoji + 3])).toEqual(whole);
  });

  it('gives the same chunks for LF, CRLF and CR line endings, split anywhere', async () => {
    const lines = [`data: ${choice({ reasoning: 'Hm.' })}`, '', `data: ${choice({ content: 'Yes' }, 'stop')}`, '', 'data: [DONE]', ''];
    const lf = await parse(createOpenAIChatStreamTransform, encode(lines.join('\n')));
    expect(reasoningOf(lf)).toBe('Hm.');
    expect(textOf(lf)).toBe('Yes');
    for (const eol of ['\r\n', '\r']) {
      const bytes = encode(lines.join(eol));
      expect(await parse(createOpenAIChatStreamTransform, bytes)).toEqual(lf);
      // A CRLF cut between its CR and LF must not read as two line ends (an empty event).
      expect(await parse(createOpenAIChatStreamTransform, bytes, everyByte(bytes))).toEqual(lf);
    }
  });

  it('keeps `event:` names, comments, `id:` and multi-line `data:` from breaking Anthropic events', async () => {
    const start = JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    const delta = JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi ☀' } });
    const cut = delta.indexOf(',') + 1;
    const body = encode(
      `: keep-alive\nevent: content_block_start\nid: 1\ndata: ${start}\n\n` +
        // JSON split over two data lines: joined with "\n", which is whitespace to JSON.
        `event: content_block_delta\ndata: ${delta.slice(0, cut)}\ndata: ${delta.slice(cut)}\n\n` +
        `event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"}}\n\n`,
    );
    const chunks = await parse(createAnthropicStreamTransform, body);
    expect(textOf(chunks)).toBe('Hi ☀');
    expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(await parse(createAnthropicStreamTransform, body, everyByte(body))).toEqual(chunks);
  });

  it('reports an event its schema rejects, with where and why, and keeps the rest of the answer', async () => {
    const body = encode(
      [choice({ content: 'a' }), '{"choices":[{"index":0,"delta":{"content":5}}]}', '[1,2]', choice({ content: 'b' }, 'stop')]
        .map((data) => `data: ${data}\n\n`)
        .join(''),
    );
    const chunks = await parse(createOpenAIChatStreamTransform, body);
    expect(textOf(chunks)).toBe('ab');
    expect(chunks.filter((c) => c.type === 'error')).toEqual([
      { type: 'error', errorText: 'Unexpected event in the stream at choices.0.delta.content: Invalid input: expected string, received number' },
      { type: 'error', errorText: 'Unexpected event in the stream: Invalid input: expected object, received array' },
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
  });

  it('finishes a body cut inside a character, and ignores an event without its closing blank line', async () => {
    const text = encode(`data: ${choice({ content: 'ok' })}\n\ndata: ${choice({ content: '☀' })}`);
    const chunks = await parse(createOpenAIChatStreamTransform, text.slice(0, text.length - 5));
    expect(textOf(chunks)).toBe('ok');
    expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'other' });
  });

  it.each(['\n', '\r\n', '\r'])('hands on each event as soon as its blank line arrives, before the body ends (%j)', { timeout: 2000 }, async (eol) => {
    const transform = createOpenAIChatStreamTransform({ generateId: counterIds() });
    const writer = transform.writable.getWriter();
    const reader = transform.readable.getReader();
    void writer.write(encode(`data: ${choice({ content: 'a' })}${eol}`));
    // The first byte of the next event: a lone CR at the end could still be half of a CRLF.
    void writer.write(encode(`${eol}d`));
    // Never closed: a parser that waited for the end would leave these reads pending.
    const types: string[] = [];
    while (!types.includes('text-delta')) types.push((await reader.read()).value?.type ?? 'done');
    expect(types).toEqual(['start', 'start-step', 'text-start', 'text-delta']);
    await writer.abort();
  });

  it('skips a byte order mark at the start of the body', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(`data: ${choice({ content: 'x' }, 'stop')}\n\n`)]);
    expect(textOf(await parse(createOpenAIChatStreamTransform, body, [1, 2]))).toBe('x');
  });

  describe.each([
    ['openai-chat-parallel-tool-calls.sse', createOpenAIChatStreamTransform],
    ['anthropic-messages-server-tool-then-tool-use.sse', createAnthropicStreamTransform],
    ['gemini-3-stream-function-call-thought-signature.sse', createGeminiStreamTransform],
  ] as const)('on the events of %s, reframed', (name, transform) => {
    const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
    // Each event rewritten with random line ends, comments, ids and its data cut over several lines.
    const framing = (events: Array<{ event?: string | undefined; data: string }>) =>
      fc.tuple(
        fc.array(fc.tuple(lineEnd, fc.boolean(), fc.array(fc.nat(), { maxLength: 3 })), { minLength: events.length, maxLength: events.length }),
        fc.boolean(),
      ).map(([choices, bom]) => {
        const body = events
          .map(({ event, data }, i) => {
            const [eol, comment, splits] = choices[i] ?? ['\n', false, []];
            // Data lines are joined with "\n", so cut only where JSON allows whitespace: after a `,`.
            const commas = commasOutsideStrings(data);
            const cuts = commas.length === 0 ? [] : [...new Set(splits.map((s) => commas[s % commas.length] ?? 0))].sort((a, b) => a - b);
            const parts = [0, ...cuts, data.length].slice(1).map((end, k, ends) => data.slice(k === 0 ? 0 : ends[k - 1], end));
            return [
              ...(comment ? [': ping'] : []),
              ...(event ? [`event: ${event}`] : []),
              ...(comment ? [`id: ${i}`] : []),
              ...parts.map((p) => `data: ${p}`),
              '',
              '',
            ].join(eol);
          })
          .join('');
        return encode(`${bom ? '\uFEFF' : ''}${body}`);
      });

    it('gives the same chunks as the plain framing, however the bytes are split', async () => {
      const original = fixtureBytes(name);
      const events = await referenceEvents(original);
      const plain = encode(events.map(({ event, data }) => `${event ? `event: ${event}\n` : ''}data: ${data}\n\n`).join(''));
      const expected = await parse(transform, plain);
      expect(toolCallsOf(expected).length).toBeGreaterThan(0);
      expect(await parse(transform, original)).toEqual(expected);
      await fc.assert(
        fc.asyncProperty(
          framing(events).chain((bytes) => fc.tuple(fc.constant(bytes), cutsFor(bytes.length))),
          async ([bytes, cuts]) => {
            expect(await parse(transform, bytes, cuts)).toEqual(expected);
          },
        ),
        { numRuns: 40 },
      );
    });
  });
});
