import { createOpenAIChatStreamTransform } from 'toolchat/transports';
import type { UIMessageChunk } from 'ai';
import { buildMessage, byteStream, collect, counterIds, reasoningOf, textOf, toolCallsOf } from './helpers';

function sse(...events: Array<object | string>): Uint8Array {
  return new TextEncoder().encode(events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join(''));
}

function parse(bytes: Uint8Array): Promise<UIMessageChunk[]> {
  return collect(byteStream(bytes).pipeThrough(createOpenAIChatStreamTransform({ generateId: counterIds() })));
}

const choice = (delta: object, finish_reason: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason }] });

describe('createOpenAIChatStreamTransform', () => {
  it('streams reasoning_content and reasoning as reasoning, closed before the text', async () => {
    const chunks = await parse(
      sse(
        choice({ role: 'assistant', reasoning_content: 'Think' }),
        choice({ reasoning: 'ing.' }),
        choice({ content: 'Answer' }),
        choice({}, 'stop'),
        '[DONE]',
      ),
    );
    expect(reasoningOf(chunks)).toBe('Thinking.');
    expect(textOf(chunks)).toBe('Answer');
    expect(chunks.map((c) => c.type)).toEqual([
      'start', 'start-step',
      'reasoning-start', 'reasoning-delta', 'reasoning-delta', 'reasoning-end',
      'text-start', 'text-delta', 'text-end',
      'finish-step', 'message-metadata', 'finish',
    ]);
    const message = await buildMessage(chunks);
    expect(message.parts.map((p) => p.type)).toEqual(['step-start', 'reasoning', 'text']);
  });

  it('keeps the real id when later deltas carry an empty id', async () => {
    const chunks = await parse(
      sse(
        choice({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a"' } }] }),
        choice({ tool_calls: [{ index: 0, id: '', function: { arguments: ':1}' } }] }),
        choice({}, 'tool_calls'),
      ),
    );
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'call_1', toolName: 'f', input: { a: 1 } }]);
  });

  it('assembles calls that carry no index, by id, and continues id-less deltas on the latest call', async () => {
    const chunks = await parse(
      sse(
        choice({ tool_calls: [{ id: 'a', function: { name: 'one', arguments: '{"x":' } }] }),
        choice({ tool_calls: [{ function: { arguments: '1}' } }] }),
        choice({ tool_calls: [{ id: 'b', function: { name: 'two', arguments: '{}' } }] }),
        choice({}, 'tool_calls'),
      ),
    );
    expect(toolCallsOf(chunks)).toEqual([
      { toolCallId: 'a', toolName: 'one', input: { x: 1 } },
      { toolCallId: 'b', toolName: 'two', input: {} },
    ]);
  });

  it('takes a new real id at an index already used as a new call', async () => {
    const chunks = await parse(
      sse(
        choice({ tool_calls: [{ index: 0, id: 'a', function: { name: 'one', arguments: '{}' } }] }),
        choice({ tool_calls: [{ index: 0, id: 'b', function: { name: 'two', arguments: '{}' } }] }),
        choice({}, 'tool_calls'),
      ),
    );
    expect(toolCallsOf(chunks).map((c) => c.toolCallId)).toEqual(['a', 'b']);
  });

  it('generates an id for a call the server sent without one', async () => {
    const chunks = await parse(sse(choice({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '' } }] }, 'tool_calls')));
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'id-0', toolName: 'f', input: {} }]);
  });

  it('reports unparseable arguments as a tool-input-error the chat can show and send back', async () => {
    const chunks = await parse(
      sse(choice({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'get_weather', arguments: '{"city": "Par' } }] }, 'tool_calls')),
    );
    const error = chunks.find((c) => c.type === 'tool-input-error');
    expect(error).toMatchObject({ toolCallId: 'c1', toolName: 'get_weather', input: '{"city": "Par', dynamic: true });
    expect(error && 'errorText' in error && error.errorText).toMatch(/^Invalid JSON in the arguments of tool "get_weather": .+\{"city": "Par$/);
    const message = await buildMessage(chunks);
    expect(message.parts.find((p) => p.type === 'dynamic-tool')).toMatchObject({ state: 'output-error', toolCallId: 'c1' });
  });

  it('turns an error object inside the stream into an error chunk with its message', async () => {
    const chunks = await parse(sse(choice({ content: 'Hel' }), { error: { message: 'Rate limit reached', type: 'requests' } }));
    expect(chunks.filter((c) => c.type === 'error')).toEqual([{ type: 'error', errorText: 'Rate limit reached' }]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'error' });
    expect(textOf(chunks)).toBe('Hel');
  });

  it('reports an event that is not JSON and keeps the rest of the answer', async () => {
    const chunks = await parse(sse(choice({ content: 'a' }), '{not json', choice({ content: 'b' }, 'stop')));
    expect(textOf(chunks)).toBe('ab');
    const errors = chunks.filter((c) => c.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ errorText: expect.stringMatching(/^Invalid JSON in the stream: /) });
  });

  it('finishes cleanly when the stream ends without [DONE] or a finish reason, completing pending calls', async () => {
    const chunks = await parse(
      sse(choice({ content: 'Checking.' }), choice({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"q":1}' } }] })),
    );
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'c', toolName: 'f', input: { q: 1 } }]);
    expect(chunks.slice(-4).map((c) => c.type)).toEqual(['text-end', 'finish-step', 'message-metadata', 'finish']);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'other' });
  });

  it('finishes an empty body as an empty response', async () => {
    expect((await parse(new Uint8Array())).map((c) => c.type)).toEqual(['start', 'start-step', 'finish-step', 'message-metadata', 'finish']);
  });

  it('maps finish reasons to the AI SDK values', async () => {
    const reasonOf = async (raw: string, delta: object = {}) => (await parse(sse(choice(delta, raw)))).at(-1);
    expect(await reasonOf('length')).toEqual({ type: 'finish', finishReason: 'length' });
    expect(await reasonOf('content_filter')).toEqual({ type: 'finish', finishReason: 'content-filter' });
    expect(await reasonOf('something_new')).toEqual({ type: 'finish', finishReason: 'other' });
    // Some servers say "stop" after tool calls.
    expect(await reasonOf('stop', { tool_calls: [{ index: 0, id: 'x', function: { name: 'f', arguments: '{}' } }] })).toEqual({
      type: 'finish',
      finishReason: 'tool-calls',
    });
  });
});
