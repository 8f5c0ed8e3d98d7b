import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { convertArrayToReadableStream, convertReadableStreamToArray } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolMarkerTransform } from 'toolchat/core';

function ids() {
  let n = 0;
  return () => `call_${++n}`;
}

function textResponse(deltas: string[], id = 't1'): UIMessageChunk[] {
  return [
    { type: 'start' },
    { type: 'start-step' },
    { type: 'text-start', id },
    ...deltas.map((delta): UIMessageChunk => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
}

async function transform(chunks: UIMessageChunk[], toolNames?: string[]): Promise<UIMessageChunk[]> {
  return convertReadableStreamToArray(
    convertArrayToReadableStream(chunks).pipeThrough(createToolMarkerTransform({ generateId: ids(), ...(toolNames && { toolNames }) })),
  );
}

/** The message the AI SDK builds from the transformed stream, as the chat would store it. */
async function finalMessage(chunks: UIMessageChunk[], toolNames?: string[]): Promise<UIMessage> {
  const stream = convertArrayToReadableStream(chunks).pipeThrough(createToolMarkerTransform({ generateId: ids(), ...(toolNames && { toolNames }) }));
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, terminateOnError: true })) last = message;
  // The AI SDK yields nothing for a response without parts.
  return last ?? { id: '', role: 'assistant', parts: [] };
}

describe('given a text stream with a marker split across deltas', () => {
  const deltas = ['Let me check. #', '##:{"tool', 'Name":"getWeather","parameters":{"ci', 'ty":"Paris"}}', ' One moment.'];

  it('turns the marker into tool-input-start and tool-input-available chunks', async () => {
    expect(await transform(textResponse(deltas))).toEqual([
      { type: 'start' },
      { type: 'start-step' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Let me check. ' },
      { type: 'text-end', id: 't1' },
      { type: 'tool-input-start', toolCallId: 'call_1', toolName: 'getWeather', dynamic: true, toolMetadata: { toolMarker: 'streaming' } },
      {
        type: 'tool-input-available',
        toolCallId: 'call_1',
        toolName: 'getWeather',
        input: { city: 'Paris' },
        dynamic: true,
        toolMetadata: { toolMarker: 'parsed' },
      },
      { type: 'text-start', id: 't1~1' },
      { type: 'text-delta', id: 't1~1', delta: ' One moment.' },
      { type: 'text-end', id: 't1~1' },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
  });

  it('gives a message whose text has no marker and whose tool part is ready to run', async () => {
    const message = await finalMessage(textResponse(deltas));
    expect(message.parts).toEqual([
      { type: 'step-start' },
      expect.objectContaining({ type: 'text', text: 'Let me check. ', state: 'done' }),
      expect.objectContaining({ type: 'dynamic-tool', toolCallId: 'call_1', toolName: 'getWeather', state: 'input-available', input: { city: 'Paris' } }),
      expect.objectContaining({ type: 'text', text: ' One moment.', state: 'done' }),
    ]);
    expect(JSON.stringify(message)).not.toContain('###');
  });

  it('shows a streaming tool part named after its tool as soon as "toolName" has been read', async () => {
    const stream = convertArrayToReadableStream(textResponse(['Checking ###:{"toolName":"getWe', 'ather","parameters":{"ci', 'ty":"Paris"}}']))
      .pipeThrough(createToolMarkerTransform({ generateId: ids() }));
    const states: string[] = [];
    for await (const message of readUIMessageStream({ stream, terminateOnError: true })) {
      const tool = message.parts.find((part) => part.type === 'dynamic-tool');
      if (tool?.type === 'dynamic-tool') states.push(`${tool.toolName}:${tool.state}`);
    }
    expect(states[0]).toBe('getWeather:input-streaming');
    expect(states.at(-1)).toBe('getWeather:input-available');
  });
});

describe('given a ###: that never names a tool', () => {
  it.each([
    ['prose', ['Note ###: no', 'te this down']],
    ['not JSON', ['Here ###:{ this is ', 'not json } and more']],
    ['no toolName', ['###:{"parameters":{"city":"Pa', 'ris"}} and more']],
    ['a raw line break in a string', ['###:{"note', '\nNext line']],
    ['never closed', ['Use ###:{"tool', 'Name']],
  ])('passes %s on as text, with no tool chunk for a card or the status to wait on', async (_, deltas) => {
    const chunks = await transform(textResponse(deltas));
    expect(chunks.filter((c) => c.type.startsWith('tool-'))).toEqual([]);
    const message = await finalMessage(textResponse(deltas));
    expect(message.parts).toEqual([{ type: 'step-start' }, expect.objectContaining({ type: 'text', text: deltas.join('') })]);
  });
});

describe('given a call that goes wrong after naming its tool', () => {
  it('becomes a tool-input-error card named after the tool, which goes back to the model', async () => {
    const deltas = ['Sure ###:{"toolName":"getWeather","parameters":{"city":}} ok'];
    const chunks = await transform(textResponse(deltas));
    expect(chunks).toContainEqual({
      type: 'tool-input-error',
      toolCallId: 'call_1',
      toolName: 'getWeather',
      input: '###:{"toolName":"getWeather","parameters":{"city":}}',
      errorText: expect.stringMatching(/^Invalid tool call format: the JSON of the call to getWeather is not valid/),
      dynamic: true,
      toolMetadata: { toolMarker: 'invalid' },
    });
    const message = await finalMessage(textResponse(deltas));
    expect(message.parts[2]).toMatchObject({ type: 'dynamic-tool', state: 'output-error', toolName: 'getWeather' });
    expect(message.parts[3]).toMatchObject({ type: 'text', text: ' ok' });
  });

  it('keeps the tool name when only the parameters are wrong', async () => {
    const message = await finalMessage(textResponse(['###:{"toolName":"getWeather","parameters":[]}']));
    expect(message.parts).toEqual([
      { type: 'step-start' },
      expect.objectContaining({ type: 'dynamic-tool', toolName: 'getWeather', state: 'output-error' }),
    ]);
  });

  it('reports a marker cut off by the end of the text part before text-end', async () => {
    const chunks = await transform(textResponse(['Checking ###:{"toolName":"getWeather"']));
    const end = chunks.findIndex((c) => c.type === 'finish-step');
    const error = chunks.findIndex((c) => c.type === 'tool-input-error');
    expect(error).toBeGreaterThan(0);
    expect(error).toBeLessThan(end);
  });
});

describe('given held-back text at the end of a part', () => {
  it('flushes it before text-end', async () => {
    expect(await transform(textResponse(['Item ##']))).toEqual([
      { type: 'start' },
      { type: 'start-step' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Item ' },
      { type: 'text-delta', id: 't1', delta: '##' },
      { type: 'text-end', id: 't1' },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
  });

  it('flushes it before finish-step when the upstream forgot text-end', async () => {
    const chunks = await transform([
      { type: 'start' },
      { type: 'start-step' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Item #' },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
    expect(chunks.slice(3)).toEqual([
      { type: 'text-delta', id: 't1', delta: 'Item ' },
      { type: 'text-delta', id: 't1', delta: '#' },
      { type: 'text-end', id: 't1' },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
  });

  it('flushes it when the stream simply ends', async () => {
    const chunks = await transform([{ type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'a ###' }]);
    expect(chunks.map((c) => (c.type === 'text-delta' ? c.delta : c.type))).toEqual(['text-start', 'a ', '###', 'text-end']);
  });
});

describe('given several markers and other chunks', () => {
  it('opens no empty or blank text parts between glued calls', async () => {
    const message = await finalMessage(textResponse(['###:{"toolName":"a"}\n', '###:{"toolName":"b"}{"toolName":"c"}\n']));
    expect(message.parts.map((p) => (p.type === 'dynamic-tool' ? p.toolName : p.type))).toEqual(['step-start', 'a', 'b', 'c']);
  });

  it('passes other chunks through unchanged, in order', async () => {
    const other: UIMessageChunk[] = [
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: '###:{"toolName":"x"}' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'tool-input-available', toolCallId: 'native', toolName: 'now', input: {} },
      { type: 'data-weather', data: { tempC: 21 } },
    ];
    expect(await transform(other)).toEqual(other);
  });

  it('lets the AI SDK report a text-delta whose text-start is missing', async () => {
    const chunks = await transform([{ type: 'text-delta', id: 'nope', delta: 'x' }]);
    expect(chunks).toEqual([{ type: 'text-delta', id: 'nope', delta: 'x' }]);
  });

  it('leaves text without markers as it was', async () => {
    expect(await transform(textResponse(['Hello ', 'world', ' ### Title']))).toEqual(
      expect.arrayContaining([{ type: 'text-delta', id: 't1', delta: 'Hello ' }, { type: 'text-delta', id: 't1', delta: 'world' }]),
    );
    const message = await finalMessage(textResponse(['Hello ', 'world', ' ### Title']));
    expect(message.parts[1]).toMatchObject({ type: 'text', text: 'Hello world ### Title' });
  });
});

describe('given any chunking of the same text', () => {
  const fragment = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom(
      '###:{"toolName":"getWeather","parameters":{"city":"Paris"}}',
      '###:{"toolName":"a"}{"toolName":"b","parameters":{"s":"}{"}}',
      '###:{bad}',
      '### Title\n',
      '```\n###:{"toolName":"x"}\n```\n',
      '#',
      '\n',
      ' ',
      '🌧',
      '`',
      '###:{"',
      '###:{"toolName":"x","parameters":{"a":',
      '\n\n    ',
      '[a](',
      ')',
      'https://',
    ),
  );

  it('builds the same message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 8 }), async (parts, cuts) => {
        const text = parts.join('');
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const deltas = [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length)).filter(Boolean);
        const summary = (message: UIMessage) =>
          message.parts.map((p) => (p.type === 'text' ? p.text : p.type === 'dynamic-tool' ? `${p.toolName}:${p.state}` : p.type));
        expect(summary(await finalMessage(textResponse(deltas)))).toEqual(summary(await finalMessage(textResponse([text]))));
      }),
      { numRuns: 150 },
    );
  });
});

describe("given the browser's tool names", () => {
  const toolNames = ['getWeather', 'getTime'];
  const toolParts = (message: UIMessage) =>
    message.parts.flatMap((part) =>
      part.type === 'dynamic-tool' ? [`dynamic-tool:${part.toolName}:${part.state}`] : part.type.startsWith('tool-') && 'state' in part ? [`${part.type}:${part.state}`] : [],
    );

  it('gives a call to a browser tool the static tool-<name> part, and other names dynamic-tool parts', async () => {
    const message = await finalMessage(
      textResponse(['###:{"toolName":"getWeather","parameters":{"city":"Paris"}}\n', '###:{"toolName":"launchRocket"}']),
      toolNames,
    );
    expect(toolParts(message)).toEqual(['tool-getWeather:input-available', 'dynamic-tool:launchRocket:input-available']);
  });

  it('streams the static part from the moment the marker names its tool', async () => {
    const stream = convertArrayToReadableStream(textResponse(['###:{ "toolName" : "getTi', 'me", "parameters": {"zo', 'ne":"Asia/Tokyo"}}']))
      .pipeThrough(createToolMarkerTransform({ generateId: ids(), toolNames }));
    const states: string[][] = [];
    for await (const message of readUIMessageStream({ stream, terminateOnError: true })) states.push(toolParts(message));
    expect(states.filter((parts) => parts.length > 0)).toEqual([['tool-getTime:input-streaming'], ['tool-getTime:input-available']]);
  });

  it('types a marker that names its tool last the same way', async () => {
    const message = await finalMessage(textResponse(['###:{"parameters":{"city":"Paris"},', '"toolName":"getWeather"}']), toolNames);
    expect(toolParts(message)).toEqual(['tool-getWeather:input-available']);
  });

  it('keeps the name and the part of a call that broke after naming its tool', async () => {
    const message = await finalMessage(textResponse(['###:{"toolName":"getWeather","parameters":{"city":']), toolNames);
    expect(toolParts(message)).toEqual(['tool-getWeather:output-error']);
  });
});
