import { describe, expect, it } from 'vitest';
import { createToolMarkerParser, parseToolMarkers, type MarkerEvent } from 'toolchat/core';

function ids() {
  let n = 0;
  return () => `call_${++n}`;
}

const weather = '###:{"toolName":"getWeather","parameters":{"city":"Paris"}}';

describe('given a ###: that never becomes a call', () => {
  it.each([
    ['prose', 'Note ###: note this down'],
    ['not JSON', 'Here ###:{ this is not json } and more'],
    ['no toolName', '###:{"parameters":{"city":"Paris"}} and more'],
    ['single quotes', "###:{'toolName':'getWeather'} ok"],
    ['a trailing comma before the name', '###:{"x":1,} ok'],
    ['an array', '###:[{"toolName":"a"}] ok'],
    ['never closed', 'Use ###:{"tool'],
    ['never closed, with a name key only', 'Use ###:{"toolName":'],
    ['never closed, with a name key and half a name', 'Use ###:{"toolName":"getWea'],
    ['a raw line break before "toolName"', '###:{"x":"a\nb","toolName":"getWeather"} ok'],
  ])('shows %s as the text it was, and reports nothing', (_, text) => {
    expect(parseToolMarkers(text)).toEqual({ text, toolCalls: [], errors: [] });
  });

  it('gives the text back as soon as the JSON breaks, not at the end of the message', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    expect(parser.push('Here ###:{ th')).toEqual([{ type: 'text', text: 'Here ###:{ th' }]);
    expect(parser.push('is is prose')).toEqual([{ type: 'text', text: 'is is prose' }]);
  });

  it('gives the text back at a raw line break inside a string, so the next lines show', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    expect(parser.push('Say ###:{"a note')).toEqual([{ type: 'text', text: 'Say ' }]);
    expect(parser.push('\nNext line')).toEqual([{ type: 'text', text: '###:{"a note\nNext line' }]);
  });

  it('gives the text back when the object closes without a toolName', () => {
    const parser = createToolMarkerParser({ generateId: ids() });
    expect(parser.push('###:{"x":{"y":1}')).toEqual([]);
    expect(parser.push('} after')).toEqual([{ type: 'text', text: '###:{"x":{"y":1}} after' }]);
  });

  it('reads what follows afresh: a real call right after a broken one is still a call', () => {
    const result = parseToolMarkers(`###:{${weather}} done`, { generateId: ids() });
    expect(result.text).toBe('###:{} done');
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } }]);
  });

  it('spends no id on a marker that was text', () => {
    const result = parseToolMarkers(`###:{oops} then ${weather}`, { generateId: ids() });
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } }]);
    expect(result.text).toBe('###:{oops} then ');
  });
});

describe('given a call being written', () => {
  it('reports its start with the tool name as soon as "toolName" has been read', () => {
    const parser = createToolMarkerParser({ generateId: ids(), emitToolCallStart: true });
    expect(parser.push('Checking ###:{"tool')).toEqual([{ type: 'text', text: 'Checking ' }]);
    expect(parser.push('Name":"getWea')).toEqual([]);
    expect(parser.push('ther","param')).toEqual([{ type: 'tool-call-start', toolCallId: 'call_1', toolName: 'getWeather' }]);
    expect(parser.push('eters":{"city":"Paris"}}')).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } },
    ]);
  });

  it('reads "toolName" after "parameters" too, and unescapes it', () => {
    const events: MarkerEvent[] = createToolMarkerParser({ generateId: ids(), emitToolCallStart: true }).push(
      '###:{"parameters":{"toolName":"inner"},"tool\\u004eame":"get\\u0057eather"}',
    );
    expect(events).toEqual([
      { type: 'tool-call-start', toolCallId: 'call_1', toolName: 'getWeather' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: { toolName: 'inner' } },
    ]);
  });
});

describe('given Markdown around the marker', () => {
  it.each([
    ['a code span', `Write \`${weather}\` to call it.`],
    ['a code span of two backticks with one inside', `Use \`\` \` ${weather} \`\` here.`],
    ['a code span over two lines of a paragraph', `Use \`the\n${weather}\` marker.`],
    ['an indented code block', `Example:\n\n    ${weather}\n\nThat is all.`],
    ['an indented code block by a tab, at the start', `\t${weather}`],
    ['a tilde fence', `~~~\n${weather}\n~~~\n`],
    ['a fence in a list item, indented by four', `1. Example:\n    \`\`\`\n    ${weather}\n    \`\`\`\n`],
    ['a link destination', `[the docs](https://example.com/${weather})`],
    ['a link destination in angle brackets', `[the docs](<https://example.com/a b/${weather}>)`],
    ['an image destination', `![chart](/img/${weather}.png)`],
    ['an autolink', `<https://example.com/${weather}>`],
    ['a bare URL', `See https://example.com/${weather} for more`],
    ['a www. link', `See www.example.com/${weather} for more`],
    ['an escaped first #', `Write \\${weather} literally`],
    ['a list item that starts with indented code', `1.     ${weather}`],
    ['a definition destination in parentheses', `[r]: (${weather})*`],
    ['a nested list item that starts with indented code', `- a\n  -     ${weather}`],
    ['a code span opened at the start of the answer', `\`${weather}\``],
  ])('keeps a marker inside %s as text', (_, text) => {
    expect(parseToolMarkers(text)).toEqual({ text, toolCalls: [], errors: [] });
  });

  it.each([
    ['a fence', `${weather}\n\`\`\`\n${weather}\n`],
    ['a code span opened by a fence-like run on the line before', `${weather}\n    \`\`\`\n\`\`\`${weather}\`\`\`${weather}\`\`\`\n`],
  ])('after a call, keeps a marker inside %s as text', (_, text) => {
    const result = parseToolMarkers(text, { generateId: ids() });
    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(['call_1']);
    expect(result.text).toContain(weather);
  });

  it.each([
    ['after a closed code span', `Use \`code\` then ${weather}`, 'Use `code` then '],
    ['after a paragraph break ends an unclosed code span', `It\`s odd\n\n${weather}`, 'It`s odd\n\n'],
    ['after a link', `[docs](https://example.com) ${weather}`, '[docs](https://example.com) '],
    ['after an autolink', `<https://example.com> ${weather}`, '<https://example.com> '],
    ['after a URL and a space', `https://example.com ${weather}`, 'https://example.com '],
    ['on a line indented by four inside a paragraph', `Let me check.\n    ${weather}`, 'Let me check.\n    '],
    ['at the start of a line after a fence closes', `\`\`\`\ncode\n\`\`\`\n${weather}`, '```\ncode\n```\n'],
    ['after an escaped backtick', `A \\\` tick ${weather}`, 'A \\` tick '],
    ['in a heading', `## ${weather}`, '## '],
    ['after a word with a colon', `Checking:${weather}`, 'Checking:'],
    ['in a nested list item, after plain words', `- a\n  - Paris: ${weather}`, '- a\n  - Paris: '],
    ['after a code span that opened and closed at the start of the answer', `\`a\` ${weather}`, '`a` '],
  ])('finds a marker in prose %s', (_, text, rest) => {
    const result = parseToolMarkers(text, { generateId: ids() });
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } }]);
    expect(result.text).toBe(rest);
  });
});

describe('given a long answer', () => {
  const call = (n: number) => `###:{"toolName":"t${n}"}`;

  it('finds a call after 100 KB of paragraphs, code and lists', () => {
    const before = 'Some prose with `code` and a [link](https://example.com).\n\n```\ncode\n```\n\n- item\n- item\n\n'.repeat(1100);
    expect(parseToolMarkers(`${before}Now ${call(1)}`).toolCalls).toHaveLength(1);
  });

  it.each([
    ['paragraphs', (n: number) => `Paragraph ${n}, a call: ${call(n)}\n\n`],
    ['list items', (n: number) => `- City ${n}: ${call(n)}\n`],
    ['nested list items', (n: number) => (n === 0 ? '- Cities:\n' : `  - City ${n}: ${call(n)}\n`)],
    ['quoted lines', (n: number) => `> City ${n}: ${call(n)}\n`],
  ])('finds a call in each of 50 %s', (_, line) => {
    const lines = Array.from({ length: 51 }, (__, n) => line(n)).join('');
    const expected = Array.from({ length: 51 }, (__, n) => n).filter((n) => lines.includes(call(n))).length;
    expect(parseToolMarkers(lines).toolCalls).toHaveLength(expected);
  });
});

describe('given Markdown that micromark reads slowly', () => {
  // micromark's work grows with the square of some inputs: a line that opens thousands of
  // lists took seconds per marker after it. Such a line is not read; its markers are text.
  const weather = '###:{"toolName":"getWeather","parameters":{"city":"Paris"}}';

  it('takes a marker after a line that opens more than 32 lists or quotes for text, until a fresh block', () => {
    // The fresh block is known once its first line has ended.
    const deep = `${'- '.repeat(33)}a ~ ${weather}\n\nThen ~ ${weather}\nNow ~ ${weather}`;
    const result = parseToolMarkers(deep, { generateId: ids() });
    expect(result.toolCalls).toHaveLength(1);
    expect(result.text).toBe(`${'- '.repeat(33)}a ~ ${weather}\n\nThen ~ ${weather}\nNow ~ `);
  });

  it('still finds a marker in a list nested 32 deep on one line', () => {
    expect(parseToolMarkers(`${'> '.repeat(16)}${'- '.repeat(16)}a ~ ${weather}`).toolCalls).toHaveLength(1);
  });
});
