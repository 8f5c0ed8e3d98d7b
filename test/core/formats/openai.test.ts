import { toOpenAIMessages, type OpenAIChatMessage } from 'toolchat/core';
import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { conversation } from './conversation';

describe('toOpenAIMessages', () => {
  it('gives one assistant message per step with its text and tool_calls, then one tool message per result', () => {
    expect(toOpenAIMessages(conversation)).toEqual<OpenAIChatMessage[]>([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'Weather in Paris and time in Tokyo?' },
      {
        role: 'assistant',
        content: 'Checking both.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Paris"}' } },
          { id: 'c2', type: 'function', function: { name: 'getTime', arguments: '{"timezone":"Asia/Tokyo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"temp":18}' },
      { role: 'tool', tool_call_id: 'c2', content: '{"error":"timeout"}' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c3', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Tokyo"}' } }] },
      { role: 'tool', tool_call_id: 'c3', content: '{"error":"The user denied this tool call: not now"}' },
      { role: 'assistant', content: 'Done.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Thanks' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ]);
  });

  it('sends string and missing outputs as JSON text too', () => {
    const messages: UIMessage[] = [
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'dynamic-tool', toolName: 'echo', toolCallId: 'x', state: 'output-available', input: {}, output: 'plain' },
          { type: 'dynamic-tool', toolName: 'noop', toolCallId: 'y', state: 'output-available', input: {}, output: undefined },
        ],
      },
    ];
    expect(toOpenAIMessages(messages).filter((m) => m.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'x', content: '"plain"' },
      { role: 'tool', tool_call_id: 'y', content: 'null' },
    ]);
  });

  it('leaves out an assistant step whose only call has no result yet', () => {
    const messages: UIMessage[] = [
      { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-f', toolCallId: 'p', state: 'input-streaming', input: undefined }] },
    ];
    expect(toOpenAIMessages(messages)).toEqual([]);
  });
});

// Generated conversations: assistant messages of random steps, each with text and tool parts in
// random states, every call id unique.
const toolState = fc.constantFrom('input-streaming', 'input-available', 'output-available', 'output-error', 'output-denied', 'approval-requested');
const stepArb = fc.record({ text: fc.string({ maxLength: 5 }), calls: fc.array(fc.record({ state: toolState, dynamic: fc.boolean() }), { maxLength: 4 }) });
const conversationArb = fc.array(fc.oneof(fc.string({ maxLength: 5 }).map((text) => ({ user: text })), fc.array(stepArb, { minLength: 1, maxLength: 4 })), {
  maxLength: 6,
});

function build(spec: Array<{ user: string } | Array<{ text: string; calls: Array<{ state: string; dynamic: boolean }> }>>): UIMessage[] {
  let n = 0;
  return spec.map((item, i): UIMessage => {
    if (!Array.isArray(item)) return { id: `m${i}`, role: 'user', parts: [{ type: 'text', text: item.user }] };
    const parts: UIMessage['parts'] = [];
    for (const step of item) {
      parts.push({ type: 'step-start' });
      if (step.text) parts.push({ type: 'text', text: step.text });
      for (const call of step.calls) {
        const toolCallId = `call_${n++}`;
        const base = call.dynamic ? { type: 'dynamic-tool' as const, toolName: 'dyn' } : { type: 'tool-stat' as const };
        const input = { n };
        const byState = {
          'input-streaming': { state: 'input-streaming', input },
          'input-available': { state: 'input-available', input },
          'approval-requested': { state: 'approval-requested', input, approval: { id: `ap${n}` } },
          'output-available': { state: 'output-available', input, output: { ok: n } },
          'output-error': { state: 'output-error', input, errorText: 'boom' },
          'output-denied': { state: 'output-denied', input, approval: { id: `ap${n}`, approved: false } },
        }[call.state];
        parts.push({ ...base, toolCallId, ...byState } as UIMessage['parts'][number]);
      }
    }
    return { id: `m${i}`, role: 'assistant', parts };
  });
}

function resolvedIds(messages: UIMessage[]): string[] {
  return messages.flatMap((m) =>
    m.parts.flatMap((p) => ('toolCallId' in p && ['output-available', 'output-error', 'output-denied'].includes(p.state) ? [p.toolCallId] : [])),
  );
}

describe('toOpenAIMessages on generated conversations', () => {
  it('answers every tool_calls id by exactly one tool message, right after its assistant message, in order', () => {
    fc.assert(
      fc.property(conversationArb, (spec) => {
        const messages = build(spec);
        const out = toOpenAIMessages(messages);
        const answered: string[] = [];
        for (let i = 0; i < out.length; i++) {
          const message = out[i];
          if (message?.role === 'tool') {
            // A tool message only ever follows its assistant message's calls, never stands alone.
            expect(out[i - 1]?.role === 'tool' || out[i - 1]?.role === 'assistant').toBe(true);
          }
          if (message?.role !== 'assistant' || !message.tool_calls) continue;
          const ids = message.tool_calls.map((c) => c.id);
          const following = out.slice(i + 1, i + 1 + ids.length);
          expect(following.map((m) => (m.role === 'tool' ? m.tool_call_id : `not a tool message: ${m.role}`))).toEqual(ids);
          answered.push(...ids);
        }
        expect(out.filter((m) => m.role === 'tool')).toHaveLength(answered.length);
        expect(new Set(answered).size).toBe(answered.length);
        // Every call that has a result is sent; none that lacks one is.
        expect(answered).toEqual(resolvedIds(messages));
        // An assistant message is never empty.
        for (const m of out) if (m.role === 'assistant') expect(m.content !== null || (m.tool_calls?.length ?? 0) > 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
