import { describe, expect, it } from 'vitest';
import { createToolMarkerParser, parseToolMarkers, type MarkerEvent } from 'toolchat/core';

function ids() {
  let n = 0;
  return () => `call_${++n}`;
}

/** Feeds the chunks one by one and merges adjacent text events, as a consumer sees them. */
function feed(chunks: string[], options: { emitToolCallStart?: boolean } = {}): MarkerEvent[] {
  const parser = createToolMarkerParser({ generateId: ids(), ...options });
  const events = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const merged: MarkerEvent[] = [];
  for (const event of events) {
    const last = merged[merged.length - 1];
    if (event.type === 'text' && last?.type === 'text') merged[merged.length - 1] = { type: 'text', text: last.text + event.text };
    else merged.push(event);
  }
  return merged;
}

const weather = '###:{"toolName":"getWeather","parameters":{"city":"Paris"}}';

describe('given a marker split across chunks', () => {
  it('recognises it when the hashes arrive one by one', () => {
    expect(feed(['Let me check. #', '##:{"tool', 'Name":"getWeather","parameters":{"city":"Paris"}}'])).toEqual([
      { type: 'text', text: 'Let me check. ' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } },
    ]);
  });

  it('holds back a trailing "#", "##" or "###" until it knows what follows', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    expect(parser.push('Let me check. #')).toEqual([{ type: 'text', text: 'Let me check. ' }]);
    expect(parser.push('#')).toEqual([]);
    expect(parser.push('#')).toEqual([]);
    expect(parser.push(':')).toEqual([]);
    expect(parser.push(' {"toolName":"now"}')).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'now', input: {} },
    ]);
  });

  it('releases held-back hashes as text when they turn out not to be a marker', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    expect(parser.push('Issue ##')).toEqual([{ type: 'text', text: 'Issue ' }]);
    expect(parser.push('42')).toEqual([{ type: 'text', text: '##42' }]);
    expect(parser.push(' and #')).toEqual([{ type: 'text', text: ' and ' }]);
    expect(parser.end()).toEqual([{ type: 'text', text: '#' }]);
  });

  it('gives the same events one character at a time', () => {
    const text = `Let me check. ${weather} Done.`;
    expect(feed([...text])).toEqual(feed([text]));
    expect(feed([text])).toEqual([
      { type: 'text', text: 'Let me check. ' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } },
      { type: 'text', text: ' Done.' },
    ]);
  });

  it('keeps a surrogate pair split between chunks whole in one text event', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    const [high, low] = ['\ud83c', '\udf27']; // 🌧
    expect(parser.push(`Rain ${high}`)).toEqual([{ type: 'text', text: 'Rain ' }]);
    expect(parser.push(`${low} ok`)).toEqual([{ type: 'text', text: '🌧 ok' }]);
  });
});

describe('given the JSON of a marker', () => {
  it('ends it at the balanced brace, keeping nested parameters whole', () => {
    const { toolCalls, text } = parseToolMarkers(
      '###:{"toolName":"plan","parameters":{"trip":{"from":{"city":"Paris"},"to":{"city":"Rome"}},"days":[{"n":1},{"n":2}]}} ok',
      { generateId: ids() },
    );
    expect(toolCalls).toEqual([
      {
        toolCallId: 'call_1',
        toolName: 'plan',
        input: { trip: { from: { city: 'Paris' }, to: { city: 'Rome' } }, days: [{ n: 1 }, { n: 2 }] },
      },
    ]);
    expect(text).toBe(' ok');
  });

  it('ignores braces and escaped quotes inside strings', () => {
    const note = 'a } b { c \\" d \\\\';
    const { toolCalls, text } = parseToolMarkers(`###:{"toolName":"note","parameters":{"text":"${note}"}}!`, {
      generateId: ids(),
    });
    expect(toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'note', input: { text: 'a } b { c " d \\' } }]);
    expect(text).toBe('!');
  });

  it('accepts pretty-printed JSON over several lines and whitespace after the colon', () => {
    const { toolCalls } = parseToolMarkers('###:  {\n  "toolName": "now",\n  "parameters": {}\n}', { generateId: ids() });
    expect(toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'now', input: {} }]);
  });

  it('gives input {} when "parameters" is missing', () => {
    expect(parseToolMarkers('###:{"toolName":"now"}', { generateId: ids() }).toolCalls).toEqual([
      { toolCallId: 'call_1', toolName: 'now', input: {} },
    ]);
  });
});

describe('given several markers in one message', () => {
  it('finds each, also when glued as }###:{ or }{', () => {
    const result = parseToolMarkers(
      'Both: ###:{"toolName":"a","parameters":{"x":1}}###:{"toolName":"b"}{"toolName":"c","parameters":{"y":"}"}} then ###:{"toolName":"d"}.',
      { generateId: ids() },
    );
    expect(result.toolCalls).toEqual([
      { toolCallId: 'call_1', toolName: 'a', input: { x: 1 } },
      { toolCallId: 'call_2', toolName: 'b', input: {} },
      { toolCallId: 'call_3', toolName: 'c', input: { y: '}' } },
      { toolCallId: 'call_4', toolName: 'd', input: {} },
    ]);
    expect(result.text).toBe('Both:  then .');
    expect(result.errors).toEqual([]);
  });

  it('treats a { after a marker and a line break as another call too', () => {
    expect(parseToolMarkers('###:{"toolName":"a"}\n{"toolName":"b"}', { generateId: ids() }).toolCalls).toHaveLength(2);
  });

  it('reports a call start before each call when asked', () => {
    expect(feed(['###:{"toolName":"a"}{"toolName":"b"}'], { emitToolCallStart: true })).toEqual([
      { type: 'tool-call-start', toolCallId: 'call_1', toolName: 'a' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'a', input: {} },
      { type: 'tool-call-start', toolCallId: 'call_2', toolName: 'b' },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'b', input: {} },
    ]);
  });
});

describe('given Markdown', () => {
  it('keeps a marker inside a fenced code block as text', () => {
    const text = `Write it like this:\n\`\`\`\n${weather}\n\`\`\`\nand after the block ${weather}`;
    const result = parseToolMarkers(text, { generateId: ids() });
    expect(result.text).toBe(`Write it like this:\n\`\`\`\n${weather}\n\`\`\`\nand after the block `);
    expect(result.toolCalls).toHaveLength(1);
  });

  it('handles tilde fences, info strings and longer closing fences', () => {
    const text = `~~~json\n${weather}\n~~~~\n\`\`\`\`md\n\`\`\`\n${weather}\n\`\`\`\`\n`;
    const result = parseToolMarkers(text, { generateId: ids() });
    expect(result.text).toBe(text);
    expect(result.toolCalls).toEqual([]);
  });

  it('keeps an unclosed fence open to the end', () => {
    const text = `\`\`\`\n${weather}`;
    expect(parseToolMarkers(text).text).toBe(text);
  });

  it('keeps an ordinary "### Title" heading as text', () => {
    const text = '### Weather\n#### Details\n###:not a call ###';
    expect(parseToolMarkers(text)).toEqual({ text, toolCalls: [], errors: [] });
  });
});

describe('given a call whose JSON goes wrong after it named its tool', () => {
  it('reports invalid JSON naming the tool, and shows none of the broken JSON: only what follows it', () => {
    const result = parseToolMarkers('Try ###:{"toolName":"getWeather","parameters":{"city":}} again', { generateId: ids() });
    expect(result.errors).toEqual([
      {
        raw: '###:{"toolName":"getWeather","parameters":{"city":}}',
        toolName: 'getWeather',
        message: 'Invalid tool call format: the JSON of the call to getWeather is not valid: "}" where a value was expected',
      },
    ]);
    expect(result.text).toBe('Try  again');
    expect(result.toolCalls).toEqual([]);
  });

  it('reports a call whose "toolName" is no string, with the name it seems to give', () => {
    const result = parseToolMarkers('Oops ###:{"toolName": getWeather, "parameters": {}} after', { generateId: ids() });
    expect(result).toEqual({
      text: 'Oops  after',
      toolCalls: [],
      errors: [
        {
          raw: '###:{"toolName": getWeather, "parameters": {}}',
          toolName: 'getWeather',
          message: 'Invalid tool call format: the JSON of the call is not valid: "toolName" that is not a string',
        },
      ],
    });
  });

  it.each([
    ['a number', '###:{"toolName":42} ok', 'invalid_tool_call', ' ok'],
    ['null', '###:{"toolName":null,"parameters":{}}', 'invalid_tool_call', ''],
    ['an empty name', '###:{"toolName":"  ","parameters":{}} ok', 'invalid_tool_call', ' ok'],
    ['a raw line break in the name', '###:{"toolName":"get\nWeather"} ok', 'get', ' ok'],
    ['an array', '###:{"toolName":["a"]} ok', 'invalid_tool_call', ' ok'],
  ])('reports a "toolName" of %s as an invalid call', (_, input, toolName, text) => {
    const result = parseToolMarkers(input);
    expect(result.text).toBe(text);
    expect(result.errors).toEqual([expect.objectContaining({ toolName, message: expect.stringMatching(/^Invalid tool call format: /) })]);
  });

  it('ends a broken call at a blank line when its brackets never close, and shows what follows', () => {
    const result = parseToolMarkers('###:{"toolName":"a","parameters":{"x": oops\nstill the call\n\nNext paragraph.', { generateId: ids() });
    expect(result.errors).toEqual([expect.objectContaining({ raw: '###:{"toolName":"a","parameters":{"x": oops\nstill the call', toolName: 'a' })]);
    expect(result.text).toBe('\n\nNext paragraph.');
  });

  it('reports a broken call still open at the end of the stream', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    expect(parser.push('Sure ###:{"toolName": getWeather, "parameters": {"city": "Pa')).toEqual([{ type: 'text', text: 'Sure ' }]);
    expect(parser.push('ris"')).toEqual([]);
    expect(parser.end()).toEqual([
      expect.objectContaining({ type: 'error', toolCallId: 'call_1', toolName: 'getWeather', raw: '###:{"toolName": getWeather, "parameters": {"city": "Paris"' }),
    ]);
  });

  it('reports a raw line break inside a string as such', () => {
    expect(parseToolMarkers('###:{"toolName":"note","parameters":{"text":"a\nb"}}').errors).toEqual([
      expect.objectContaining({
        toolName: 'note',
        message: expect.stringContaining('a line break inside a string (write it as an escape, e.g. \\n)'),
      }),
    ]);
  });

  it('reports parameters that are not an object, naming the tool', () => {
    expect(feed(['###:{"toolName":"getWeather","parameters":"Paris"}'])).toEqual([
      {
        type: 'error',
        toolCallId: 'call_1',
        toolName: 'getWeather',
        raw: '###:{"toolName":"getWeather","parameters":"Paris"}',
        message: 'Invalid tool call format: "parameters" of getWeather must be a JSON object',
      },
    ]);
  });

  it('reports a call left unterminated at the end of the stream, naming the tool, instead of dropping it', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    expect(parser.push('Checking ###:{"toolName":"getWeather","parameters":{"city":"Par')).toEqual([
      { type: 'text', text: 'Checking ' },
    ]);
    expect(parser.end()).toEqual([
      {
        type: 'error',
        toolCallId: 'call_1',
        toolName: 'getWeather',
        raw: '###:{"toolName":"getWeather","parameters":{"city":"Par',
        message: 'Invalid tool call format: the JSON of the call to getWeather ended before its closing "}"',
      },
    ]);
  });

  it('refuses a second "toolName" and nesting deeper than 64 levels', () => {
    expect(parseToolMarkers('###:{"toolName":"a","tool\\u004eame":"b"}').errors[0]?.message).toMatch(/"toolName" given twice/);
    const deep = `###:{"toolName":"a","parameters":{"x":${'['.repeat(70)}${']'.repeat(70)}}}`;
    expect(parseToolMarkers(deep).errors[0]?.message).toMatch(/nesting deeper than 64 levels/);
  });

  it('keeps going after a bad call', () => {
    const result = parseToolMarkers(`###:{"toolName":"a",oops} then ${weather}`, { generateId: ids() });
    expect(result.errors).toHaveLength(1);
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_2', toolName: 'getWeather', input: { city: 'Paris' } }]);
    expect(result.text).toBe(' then ');
  });
});

describe('given the end of the stream', () => {
  it('releases "###:" with trailing blanks that never got its JSON', () => {
    expect(parseToolMarkers('done ###:  ')).toEqual({ text: 'done ###:  ', toolCalls: [], errors: [] });
  });

  it('resets, so the parser can read another stream', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    parser.push('```\n###');
    parser.end();
    expect(parser.push(weather)).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } },
    ]);
  });

  it('generates distinct ids by default', () => {
    const { toolCalls } = parseToolMarkers(`${weather}${weather}`);
    expect(toolCalls[0]?.toolCallId).toMatch(/^call_/);
    expect(toolCalls[0]?.toolCallId).not.toBe(toolCalls[1]?.toolCallId);
  });
});
