import { describe, expect, it } from 'vitest';
import { createToolMarkerParser } from 'toolchat/core';

/**
 * The parser's work, counted rather than timed: every code unit it reads (`charCodeAt`), every
 * character it copies (`slice`) and every character it hands to `JSON.parse`. Linear means each
 * count stays within a small multiple of the input's length, and doubling the input doubles it.
 */
function work(text: string, chunk: number): { reads: number; copied: number; parsed: number } {
  const counts = { reads: 0, copied: 0, parsed: 0 };
  const { charCodeAt, slice } = String.prototype;
  const parse = JSON.parse;
  String.prototype.charCodeAt = function (this: string, index: number) {
    counts.reads++;
    return charCodeAt.call(this, index);
  };
  String.prototype.slice = function (this: string, start?: number, end?: number) {
    const result = slice.call(this, start, end);
    counts.copied += result.length;
    return result;
  };
  JSON.parse = (json: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    counts.parsed += json.length;
    return parse(json, reviver);
  };
  const chunks: string[] = [];
  try {
    // Cut before the counting starts to matter: `slice` here is the test's, not the parser's.
    for (let i = 0; i < text.length; i += chunk) chunks.push(slice.call(text, i, i + chunk));
    counts.copied = counts.reads = counts.parsed = 0;
    let n = 0;
    const parser = createToolMarkerParser({ generateId: () => `call_${++n}` });
    for (const piece of chunks) parser.push(piece);
    parser.end();
  } finally {
    String.prototype.charCodeAt = charCodeAt;
    String.prototype.slice = slice;
    JSON.parse = parse;
  }
  return counts;
}

/** About `size` characters of each kind of hostile input. */
const adversarial: Record<string, (size: number) => string> = {
  'thousands of ###:{ openers': (size) => '###:{'.repeat(size / 5),
  'openers that name a tool and break': (size) => '###:{"toolName":"a","parameters":{"x":}'.repeat(size / 38),
  'nesting far past the limit': (size) => `###:{"toolName":"a","parameters":${'['.repeat(size)}`,
  'nested objects, unclosed': (size) => `###:{"toolName":"a","parameters":${'{"a":'.repeat(size / 5)}`,
  'a string that never ends': (size) => `###:{"${'a'.repeat(size)}`,
  'a long tool name': (size) => `###:{"toolName":"${'a'.repeat(size)}"}`,
  'a long escaped tool name': (size) => `###:{"toolName":"${'\\u0041'.repeat(size / 6)}"}`,
  'many long keys': (size) => `###:{${`"${'k'.repeat(60)}":1,`.repeat(size / 65)}"toolName":"a"}`,
  'glued calls': (size) => `###:${'{"toolName":"a"}'.repeat(size / 16)}`,
  'markers in code spans': (size) => '`###:{"toolName":"a"}` '.repeat(size / 23),
  'unclosed backtick runs': (size) => '``` `` ` ###:{'.repeat(size / 14),
  'link tails': (size) => '[a](###:{"toolName":"a"} '.repeat(size / 25),
  'URLs': (size) => 'http://###:{ <https:###:{ www.###:{ '.repeat(size / 36),
  'nested list markers': (size) => '- '.repeat(size / 2),
  'nested quotes': (size) => '> '.repeat(size / 2),
  'fences and indented lines': (size) => '```\n###:{"toolName":"a"}\n```\n    ###:{\n\n'.repeat(size / 41),
  'hashes and colons': (size) => '####:##:#:'.repeat(size / 10),
  'whitespace after ###:': (size) => `###:${' '.repeat(size)}x`,
  'a call in every list item': (size) => '- Paris: ###:{"toolName":"a"}\n'.repeat(size / 30),
  'calls in one unclosed code span': (size) => `\` ${'###:{"toolName":"a"} '.repeat(size / 21)}`,
  'calls in one definition label': (size) => `[${'###:{"toolName":"a"} '.repeat(size / 21)}`,
  'calls in a quote': (size) => '> ###:{"toolName":"a"}\n'.repeat(size / 23),
  'calls in one nested list': (size) => `- a\n${'  - Paris: ###:{"toolName":"a"}\n'.repeat(size / 32)}`,
  // Where micromark's own work grows with the square of what it reads.
  'a line of nested lists, then calls': (size) => `${'- '.repeat(size / 4)}${' ~ ###:{"toolName":"a"}'.repeat(size / 46)}`,
  'quotes and lists on one line, then calls': (size) => `${'> - '.repeat(size / 8)}${' ~ ###:{"toolName":"a"}'.repeat(size / 46)}`,
  'unmatched emphasis in a list item, then calls': (size) => `- a\n  ${'**a*'.repeat(size / 8)}${' ~ ###:{"toolName":"a"}'.repeat(size / 46)}`,
  'bracket pairs in a list item, then calls': (size) => `- a\n  ${'[a][b]'.repeat(size / 12)}${' ~ ###:{"toolName":"a"}'.repeat(size / 46)}`,
};

describe('given 50 KB of adversarial input', () => {
  const size = 50_000;

  it.each(Object.keys(adversarial))('does linear work on %s, in one piece or in small chunks', { timeout: 60_000 }, (kind) => {
    const make = adversarial[kind]!;
    for (const chunk of [size * 4, 7, 1]) {
      const once = work(make(size), chunk);
      const twice = work(make(size * 2), chunk);
      const length = make(size).length;
      // Most markers are decided by the block scanner and the plain-text rules, which read
      // each character once or twice; micromark (about 7 reads and copies per character it is
      // given) is asked only where those cannot tell, about a short window (markdown-prose.ts).
      expect(once.reads).toBeLessThanOrEqual(4 * length);
      expect(once.copied).toBeLessThanOrEqual(4 * length);
      expect(once.parsed).toBeLessThanOrEqual(2 * length);
      // Twice the input, twice the work (not four times).
      for (const key of ['reads', 'copied', 'parsed'] as const) {
        expect(twice[key]).toBeLessThanOrEqual(2.2 * once[key] + 1000);
      }
    }
  });
});
