import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolMarkerParser, parseToolMarkers, type MarkerEvent } from 'toolchat/core';

function ids() {
  let n = 0;
  return () => `call_${++n}`;
}

function feed(chunks: string[], emitToolCallStart = false): MarkerEvent[] {
  const parser = createToolMarkerParser({ generateId: ids(), emitToolCallStart });
  const events = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const merged: MarkerEvent[] = [];
  for (const event of events) {
    const last = merged[merged.length - 1];
    if (event.type === 'text' && last?.type === 'text') merged[merged.length - 1] = { type: 'text', text: last.text + event.text };
    else merged.push(event);
  }
  return merged;
}

/** Cuts at the given UTF-16 offsets, so surrogate pairs and markers can be split anywhere. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(text.slice(start, point));
    start = point;
  }
  chunks.push(text.slice(start));
  return chunks;
}

/** Every UTF-16 code unit on its own, splitting each surrogate pair. */
function codeUnits(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text.charAt(i));
}

const name = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,12}$/);
const tricky = fc.constantFrom('}', '{', '"', '\\', '###:{', '```', '\n', '}{', 'é', '🌧', '\u2028');
const jsonString = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join('')));
const parameters = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    jsonString,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(jsonString, tie('value'), { maxKeys: 4 }),
})).object as fc.Arbitrary<Record<string, unknown>>;
const call = fc.record({ toolName: name, parameters });

/**
 * Prose with none of the characters that can start a marker, fence, glued call, code span,
 * escape, link destination or URL, and no line indented into code.
 */
const prose = fc
  .string({ unit: 'binary', maxLength: 30 })
  .map((text) => text.replace(/[#`~{\\\]<:.\t]/g, ',').replace(/(^|\n) +/g, '$1'));

const fragment = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 3, arbitrary: call.map((c) => `###:${JSON.stringify(c)}`) },
  { weight: 1, arbitrary: fc.tuple(call, call).map(([a, b]) => `###:${JSON.stringify(a)}${JSON.stringify(b)}`) },
  { weight: 1, arbitrary: call.map((c) => `###: \n${JSON.stringify(c, null, 2)}`) },
  { weight: 1, arbitrary: fc.constantFrom('#', '##', '###', '####', '###:', '### Title\n', '\n### Heading\n', '###: ', ' #1') },
  { weight: 1, arbitrary: fc.constantFrom('```\n', '```ts\n', '\n```\n', '~~~\n', '\n~~~~\n', '  ```\n', '`', '``') },
  { weight: 1, arbitrary: fc.constantFrom('###:{bad}', '###:{"x":1}', '###:{"toolName":"a","parameters":[1]}', '###:{"toolName":"a"', '{', '}', '"', '\\') },
  { weight: 1, arbitrary: fc.constantFrom('\ud83c', '\udf27', '🌧', 'é', '\r\n') },
  // Markdown that makes a marker text: code spans, indented code, links, URLs, escapes.
  {
    weight: 2,
    arbitrary: fc.constantFrom('`', '``', '\n\n', '\n    ', '\t', '[a](', ']', '(', ')', '<', '>', '<https:', 'http://', 'www.', ' ', '\\', '*', '\n- '),
  },
  // Markers that break at every kind of place, before and after naming their tool.
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '###:{"',
      '###:{"toolName":',
      '###:{"toolName":"a"',
      '###:{"toolName":"a","parameters":{"x":',
      '"toolName":"b"}',
      '###:{"x":[1,2.5e3,true,null,{"y":"\\u00e9"}]}',
      '###:{"toolName":""}',
      ',',
      ':',
      '[',
      ']',
      '-0.5',
      'tru',
      'e',
    ),
  },
);
const text = fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join(''));
const cuts = fc.array(fc.nat(), { maxLength: 20 });

describe('given any text with markers, fences, headings and unicode', () => {
  it('gives the same events for every chunking as for the whole text', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(text, cuts, (input, at) => {
        expect(feed(split(input, at))).toEqual(feed([input]));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same events one code unit at a time, splitting surrogate pairs', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(feed(codeUnits(input), true)).toEqual(feed([input], true));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with parseToolMarkers on the whole text', () => {
    fc.assert(
      fc.property(text, cuts, (input, at) => {
        const events = feed(split(input, at));
        const whole = parseToolMarkers(input, { generateId: ids() });
        expect(events.filter((e) => e.type === 'text').map((e) => e.text).join('')).toBe(whole.text);
        expect(events.filter((e) => e.type === 'tool-call').map(({ type: _, ...c }) => c)).toEqual(whole.toolCalls);
        expect(events.filter((e) => e.type === 'error').map(({ raw, message, toolName }) => ({ raw, message, toolName }))).toEqual(whole.errors);
      }),
      { numRuns: 300 },
    );
  });
});

describe('given a long answer before its markers', () => {
  // The Markdown reader keeps the text since its last question as the deltas themselves at
  // first and as code units past 64 of them, decoded 8,192 at a time: every way of getting
  // there must read the same.
  const long = fc
    .tuple(
      // No `#`: no question is asked before the end of the long part, and every backtick in it counts.
      fc.array(fc.constantFrom('a', 'b ', '`', '``', '\n', 'é', '🌧', '- ', '*', '[', '<'), { minLength: 1, maxLength: 12 }),
      fc.integer({ min: 2_000, max: 9_000 }),
      text,
    )
    .map(([parts, length, rest]) => {
      const part = parts.join('');
      return part.repeat(Math.ceil(length / part.length)).slice(0, length) + rest;
    });

  it('gives the same events one code unit at a time, in random chunks and whole', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(long, cuts, (input, at) => {
        const whole = feed([input], true);
        expect(feed(codeUnits(input), true)).toEqual(whole);
        expect(feed(split(input, at), true)).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('reads every character of a long stretch kept as code units', () => {
    // The backtick is the 8,192nd character: past the first slice of code units decoded at once.
    for (const at of [8_191, 8_192, 16_383]) {
      const input = `${'a'.repeat(at)}\`${'b'.repeat(100)} ###:{"toolName":"a"} and \`.`;
      const chunks = input.match(/[^]{1,4}/g) ?? [];
      expect(feed(chunks)).toEqual([{ type: 'text', text: input }]);
      expect(feed(chunks.map((chunk) => chunk.replaceAll('`', ' ')))).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'tool-call', toolName: 'a' })]),
      );
    }
  });
});

describe('given text in which no marker names a tool', () => {
  // Everything a model might write around `###:` except a "toolName" key.
  const noName = fc
    .array(fragment, { maxLength: 14 })
    .map((parts) => parts.join('').replace(/toolName/g, 'tool'));

  it('shows exactly that text, whatever the chunking, and reports no call and no error', () => {
    fc.assert(
      fc.property(noName, cuts, (input, at) => {
        const events = feed(split(input, at), true);
        expect(events.filter((e) => e.type !== 'text')).toEqual([]);
        expect(events.map((e) => (e.type === 'text' ? e.text : '')).join('')).toBe(input);
      }),
      { numRuns: 500 },
    );
  });
});

describe('given prose interleaved with well-formed markers', () => {
  it('finds exactly the calls that were written and shows exactly the prose', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, call), { maxLength: 6 }), prose, cuts, (pairs, tail, at) => {
        const input = pairs.map(([before, c]) => `${before}###:${JSON.stringify(c)}`).join('') + tail;
        const events = feed(split(input, at));
        expect(events.filter((e) => e.type === 'tool-call')).toEqual(
          pairs.map(([, c], i) => ({ type: 'tool-call', toolCallId: `call_${i + 1}`, toolName: c.toolName, input: c.parameters })),
        );
        expect(events.filter((e) => e.type === 'text').map((e) => e.text).join('')).toBe(pairs.map(([before]) => before).join('') + tail);
        expect(events.some((e) => e.type === 'error')).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves everything inside a fenced code block untouched', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, call), { maxLength: 4 }), (pairs) => {
        const body = pairs.map(([before, c]) => `${before.replace(/\n/g, ' ')} ###:${JSON.stringify(c)}`).join('\n');
        const input = `\`\`\`\n${body}\n\`\`\`\n`;
        expect(parseToolMarkers(input)).toEqual({ text: input, toolCalls: [], errors: [] });
      }),
      { numRuns: 300 },
    );
  });
});

describe('given prose around a call whose JSON breaks after its "toolName" key', () => {
  // Each keeps the brackets balanced, so the broken call ends where the model meant it to.
  const breakCall = fc.constantFrom(
    (json: string) => json.replace(/^\{"toolName":"([^"]*)"/, '{"toolName": $1'),
    (json: string) => json.replace(/"parameters":/, '"parameters":oops'),
    (json: string) => json.replace(/"parameters":/, '"parameters":{"a":},"b":'),
    (json: string) => json.replace(/"parameters":/, "'parameters':"),
    (json: string) => json.replace(/\}$/, ',}'),
  );

  it('reports one error and shows none of the marker, for every chunking', () => {
    fc.assert(
      fc.property(prose, call, breakCall, prose, cuts, (before, c, broken, after, at) => {
        const marker = `###:${broken(JSON.stringify(c))}`;
        const input = `${before} ${marker} ${after}`;
        const events = feed(split(input, at), true);
        expect(events.filter((e) => e.type === 'tool-call')).toEqual([]);
        expect(events.filter((e) => e.type === 'error')).toEqual([
          expect.objectContaining({ raw: marker, toolName: c.toolName, message: expect.stringMatching(/^Invalid tool call format: /) }),
        ]);
        expect(events.filter((e) => e.type === 'text').map((e) => e.text).join('')).toBe(`${before}  ${after}`);
        expect(events).toEqual(feed([input], true));
      }),
      { numRuns: 500 },
    );
  });

  it('reports a call that named its tool and is still open at the end, for every chunking', () => {
    fc.assert(
      fc.property(prose, call, fc.nat(), cuts, (before, c, cut, at) => {
        const json = JSON.stringify(c);
        const named = `{"toolName":${JSON.stringify(c.toolName)}`.length;
        const marker = `###:${json.slice(0, named + (cut % (json.length - named)))}`;
        const events = feed(split(`${before} ${marker}`, at));
        expect(events.filter((e) => e.type === 'text').map((e) => e.text).join('')).toBe(`${before} `);
        expect(events.filter((e) => e.type !== 'text')).toEqual([expect.objectContaining({ type: 'error', raw: marker, toolName: c.toolName })]);
      }),
      { numRuns: 300 },
    );
  });
});
