import fc from 'fast-check';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';
import { fromCompactMessages, fromToolRounds, toCompactMessages, toToolRounds } from 'toolchat/core';

type Part = UIMessage['parts'][number];

const weatherMessage: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    { type: 'text', text: 'Let me check the weather.', state: 'done' },
    { type: 'tool-getWeather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { temp: 21 } },
    { type: 'tool-getTime', toolCallId: 'c2', state: 'output-error', input: { zone: 'Mars' }, errorText: 'unknown zone' },
    { type: 'step-start' },
    { type: 'text', text: 'It is 21°C in Paris.', state: 'done' },
  ],
};

describe('toToolRounds', () => {
  it('keeps only the final answer as content and the text before the calls in its round', () => {
    expect(toToolRounds(weatherMessage)).toEqual({
      id: 'a1',
      role: 'assistant',
      content: 'It is 21°C in Paris.',
      toolRounds: [
        {
          assistantResponse: 'Let me check the weather.',
          toolCalls: [
            { toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } },
            { toolCallId: 'c2', toolName: 'getTime', input: { zone: 'Mars' } },
          ],
          results: [
            { toolCallId: 'c1', toolName: 'getWeather', ok: true, output: { temp: 21 } },
            { toolCallId: 'c2', toolName: 'getTime', ok: false, error: 'unknown zone' },
          ],
        },
      ],
    });
  });

  it('stores no text twice', () => {
    const json = JSON.stringify(toToolRounds(weatherMessage));
    expect(json.split('Let me check the weather.')).toHaveLength(2);
    expect(json.split('It is 21°C in Paris.')).toHaveLength(2);
  });

  it('keeps a call without a result (running when the page closed) without a result', () => {
    const message: UIMessage = {
      id: 'a2',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-getWeather', toolCallId: 'c1', state: 'input-available', input: { city: 'Oslo' } },
        { type: 'tool-deleteFile', toolCallId: 'c2', state: 'approval-requested', input: { path: '/a' }, approval: { id: 'ap1' } },
      ],
    };
    const compact = toToolRounds(message);
    expect(compact.content).toBe('');
    expect(compact.answerLayout).toBe('none');
    expect(compact.toolRounds[0]?.results).toEqual([]);
    expect(fromToolRounds(compact)).toEqual(message);
  });

  it('records a denied call as a failed result the model can read', () => {
    const message: UIMessage = {
      id: 'a3',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'dynamic-tool', toolName: 'rm', toolCallId: 'c1', state: 'output-denied', input: {}, approval: { id: 'ap', approved: false, reason: 'no' } },
      ],
    };
    expect(toToolRounds(message).toolRounds[0]?.results).toEqual([
      { toolCallId: 'c1', toolName: 'rm', ok: false, error: 'denied by the user: no', denied: true },
    ]);
    expect(fromToolRounds(toToolRounds(message))).toEqual(message);
  });
});

describe('toCompactMessages', () => {
  it('keeps user messages and messages with parts the compact form does not hold as they are', () => {
    const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'weather in Paris?' }] };
    const withSource: UIMessage = {
      id: 'a9',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'source-url', sourceId: 's', url: 'https://example.com' }, { type: 'text', text: 'see', state: 'done' }],
    };
    const compact = toCompactMessages([user, weatherMessage, withSource]);
    expect(compact[0]).toBe(user);
    expect(compact[1]).toHaveProperty('toolRounds');
    expect(compact[2]).toBe(withSource);
    expect(fromCompactMessages(compact)).toEqual([user, weatherMessage, withSource]);
  });
});

// Generators for every part the compact form keeps: step boundaries, text and reasoning (done
// or streaming, with provider metadata), tool parts in every state, static or dynamic.
const json = fc.jsonValue({ maxDepth: 2 });
const metadata = fc.option(fc.constant({ openai: { itemId: 'x' } }), { nil: undefined });
const textState = fc.constantFrom<'done' | 'streaming'>('done', 'streaming');
const approvalBase = { id: fc.string({ maxLength: 4 }) };

const toolState = fc.oneof(
  fc.record({ state: fc.constant('input-streaming'), input: fc.option(json, { nil: undefined }), rawInput: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: ['state'] }),
  fc.record({ state: fc.constant('input-available'), input: json }),
  fc.record({ state: fc.constant('approval-requested'), input: json, approval: fc.record(approvalBase) }),
  fc.record({
    state: fc.constant('approval-responded'),
    input: json,
    approval: fc.record({ ...approvalBase, approved: fc.boolean(), reason: fc.string() }, { requiredKeys: ['id', 'approved'] }),
  }),
  fc.record(
    {
      state: fc.constant('output-available'),
      input: json,
      output: json,
      preliminary: fc.boolean(),
      approval: fc.record({ ...approvalBase, approved: fc.constant(true) }),
      resultProviderMetadata: metadata,
    },
    { requiredKeys: ['state', 'input', 'output'] },
  ),
  fc.record(
    { state: fc.constant('output-error'), input: json, errorText: fc.string(), resultProviderMetadata: metadata },
    { requiredKeys: ['state', 'input', 'errorText'] },
  ),
  fc.record({
    state: fc.constant('output-denied'),
    input: json,
    approval: fc.record({ ...approvalBase, approved: fc.constant(false), reason: fc.string() }, { requiredKeys: ['id', 'approved'] }),
  }),
);

const toolPart = fc
  .tuple(
    fc.boolean(),
    fc.string({ minLength: 1, maxLength: 8 }),
    fc.record(
      { toolCallId: fc.uuid(), title: fc.string(), providerExecuted: fc.boolean(), callProviderMetadata: metadata },
      { requiredKeys: ['toolCallId'] },
    ),
    toolState,
  )
  .map(([dynamic, name, common, state]) =>
    (dynamic ? { type: 'dynamic-tool', toolName: name, ...common, ...state } : { type: `tool-${name}`, ...common, ...state }) as Part,
  );

const part = fc.oneof(
  fc.constant<Part>({ type: 'step-start' }),
  fc
    .record({ type: fc.constant('text'), text: fc.string(), state: textState, providerMetadata: metadata }, { requiredKeys: ['type', 'text', 'state'] })
    .map((p) => p as Part),
  fc
    .record(
      { type: fc.constant('reasoning'), id: fc.string(), text: fc.string(), state: textState, providerMetadata: metadata },
      { requiredKeys: ['type', 'text', 'state'] },
    )
    .map((p) => p as Part),
  toolPart,
);

const assistantMessage = fc.record(
  { id: fc.string(), role: fc.constant('assistant'), metadata: fc.option(json, { nil: undefined }), parts: fc.array(part, { maxLength: 12 }) },
  { requiredKeys: ['id', 'role', 'parts'] },
) as fc.Arbitrary<UIMessage>;

describe('the compact tool-round form (property)', () => {
  it('fromToolRounds(toToolRounds(m)) equals m', () => {
    fc.assert(
      fc.property(assistantMessage, (message) => {
        expect(fromToolRounds(toToolRounds(message))).toEqual(message);
      }),
      { numRuns: 300 },
    );
  });

  it('compacts every generated assistant message, and a JSON round trip gives it back', () => {
    fc.assert(
      fc.property(fc.array(assistantMessage, { maxLength: 4 }), (messages) => {
        const compact = toCompactMessages(messages);
        expect(compact.every((message) => 'toolRounds' in message)).toBe(true);
        // What JSON itself changes (-0 becomes 0) is not the compact form's doing.
        expect(fromCompactMessages(JSON.parse(JSON.stringify(compact)))).toEqual(JSON.parse(JSON.stringify(messages)));
      }),
      { numRuns: 120 },
    );
  });

  it('keeps the text of each round apart from the final answer', () => {
    fc.assert(
      fc.property(assistantMessage, (message) => {
        const compact = toToolRounds(message);
        const texts = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));
        const stored = [...compact.toolRounds.flatMap((r) => (r.assistantResponse === undefined ? [] : [r.assistantResponse]))];
        if (compact.answerLayout === undefined || compact.answerLayout === 'no-step-start') stored.push(compact.content);
        expect(stored).toEqual(texts);
      }),
    );
  });
});

describe('given a message streamed by the AI SDK', () => {
  it('compacts it (no fallback to the full form) and rebuilds it exactly, at every point of the stream', async () => {
    const chunks: UIMessageChunk[] = [
      { type: 'start', messageId: 'a1' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-delta', id: 'r1', delta: 'The user wants weather.' },
      { type: 'reasoning-end', id: 'r1' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Let me ' },
      { type: 'text-delta', id: 't1', delta: 'check.' },
      { type: 'text-end', id: 't1' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'getWeather' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"city":' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '"Paris"}' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } },
      { type: 'tool-input-available', toolCallId: 'c2', toolName: 'deleteFile', input: { path: '/x' } },
      { type: 'tool-approval-request', toolCallId: 'c2', approvalId: 'ap1' },
      { type: 'tool-output-available', toolCallId: 'c1', output: { temp: 21 } },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'text-start', id: 't2' },
      { type: 'text-delta', id: 't2', delta: 'It is 21°C.' },
      { type: 'text-end', id: 't2' },
      { type: 'finish-step' },
      { type: 'finish' },
    ];
    const snapshots: UIMessage[] = [];
    for await (const message of readUIMessageStream({ stream: convertArrayToReadableStream(chunks) })) {
      snapshots.push(structuredClone(message));
    }
    expect(snapshots.length).toBeGreaterThan(10);
    // Mid-stream snapshots may hold a still-streaming text part: compact too.
    for (const snapshot of snapshots) {
      const [compact] = toCompactMessages([snapshot]);
      expect(compact).toHaveProperty('toolRounds');
      expect(fromCompactMessages(JSON.parse(JSON.stringify([compact])))).toEqual([snapshot]);
    }
    const final = toToolRounds(snapshots.at(-1) as UIMessage);
    expect(final.content).toBe('It is 21°C.');
    expect(final.toolRounds).toHaveLength(1);
    expect(final.toolRounds[0]).toMatchObject({ assistantResponse: 'Let me check.', reasoning: 'The user wants weather.' });
    expect(final.toolRounds[0]?.results.map((result) => result.toolCallId)).toEqual(['c1']);
    expect(final.toolRounds[0]?.toolCalls[1]?.approval).toEqual({ id: 'ap1' });
  });
});
