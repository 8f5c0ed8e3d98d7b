import { createToolMarkerParser } from '../src/core/marker/index';
import type { BenchRow } from './types';

const BENCH = 'marker';
const CHUNK = 4;

/** Deterministic prose with markers (nested JSON, braces in strings), fences and headings. */
function makeStream(targetLength: number): string {
  const pieces = [
    'The weather today looks fine; let me check the details for you. ',
    '###:{"toolName":"getWeather","parameters":{"city":"Paris","options":{"unit":"c","days":[1,2,3]},"note":"a } in a string \\" quoted"}} ',
    '### Forecast\nHere is a table of values, and a short explanation of what they mean for the trip. ',
    '```ts\nconst call = \'###:{"toolName":"x"}\';\nif (a) { b(); }\n```\n',
    'Prices rose 3 % (#42) — café, naïve, 東京, 🌧. ',
    '###:{"toolName":"now"}{"toolName":"calc","parameters":{"expr":"2+2"}}\n',
  ];
  let text = '';
  for (let i = 0; text.length < targetLength; i++) text += pieces[i % pieces.length];
  return text.slice(0, targetLength);
}

/** About `size` characters of hostile input of each kind. */
const ADVERSARIAL: Record<string, (size: number) => string> = {
  'markers in code spans': (size) => '`###:{"toolName":"a"}` '.repeat(size / 23),
  'link tails': (size) => '[a](###:{"toolName":"a"} '.repeat(size / 25),
  'calls in one nested list': (size) => `- a\n${'  - Paris: ###:{"toolName":"a"}\n'.repeat(size / 32)}`,
  'unclosed backtick runs': (size) => '``` `` ` ###:{'.repeat(size / 14),
  'fences and indented lines': (size) => '```\n###:{"toolName":"a"}\n```\n    ###:{\n\n'.repeat(size / 41),
  // Where micromark's own work grows with the square of what it reads (see markdown-prose.ts).
  'a line of nested lists, then calls': (size) => `${'- '.repeat(size / 4)}${' ~ ###:{"toolName":"a"}'.repeat(size / 46)}`,
  'unmatched emphasis in a list item, then calls': (size) => `- a\n  ${'**a*'.repeat(size / 8)}${' ~ ###:{"toolName":"a"}'.repeat(size / 46)}`,
};

function chunk(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

let sink = 0;
function parseAll(chunks: string[]): void {
  let n = 0;
  const parser = createToolMarkerParser({ generateId: () => `call_${++n}` });
  for (const c of chunks) sink += parser.push(c).length;
  sink += parser.end().length;
}

/**
 * Median milliseconds of each function over `runs` rounds, after `warmup` untimed rounds. The
 * functions take turns within a round, so a busy machine slows them alike and ratios hold.
 */
function timeInterleaved(fns: Array<() => void>, runs: number, warmup: number): number[] {
  for (let i = 0; i < warmup; i++) for (const fn of fns) fn();
  const samples = fns.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, index) => {
      const start = performance.now();
      fn();
      samples[index]?.push(performance.now() - start);
    });
  }
  return samples.map((list) => {
    list.sort((a, b) => a - b);
    return list[Math.floor(list.length / 2)] ?? Number.NaN;
  });
}

export default async function run(): Promise<BenchRow[]> {
  const megabyte = 1024 * 1024;
  const stream = makeStream(megabyte);
  const bytes = new TextEncoder().encode(stream).length;
  const chunks = chunk(stream, CHUNK);

  // A JSON text of the same byte size, parsed in one call: the fastest parser at hand.
  const items: unknown[] = [];
  let json = '[]';
  for (let i = 0; json.length < bytes; i++) {
    items.push({ id: i, city: 'Paris', note: 'a } in a string " quoted', values: [1, 2, { deep: true }] });
    if (i % 256 === 0) json = JSON.stringify(items);
  }
  json = JSON.stringify(items);
  const jsonBytes = new TextEncoder().encode(json).length;

  // The stream itself as one JSON string: the engine scanning the very same characters.
  const sameBytes = JSON.stringify(stream);
  const sameBytesLength = new TextEncoder().encode(sameBytes).length;

  // Prose and code with `#` but no marker: what an answer without calls costs.
  const plain = chunk(stream.replaceAll('###:', '### '), CHUNK);
  // Prose without a `#`: passed through on one `indexOf` per chunk.
  const proseText = stream.replaceAll('#', '');
  const prose = chunk(proseText, CHUNK);
  const proseBytes = new TextEncoder().encode(proseText).length;

  const [parserMs = Number.NaN, jsonMs = Number.NaN, sameMs = Number.NaN, plainMs = Number.NaN] = timeInterleaved(
    [
      () => parseAll(chunks),
      () => {
        sink += (JSON.parse(json) as unknown[]).length;
      },
      () => {
        sink += (JSON.parse(sameBytes) as string).length;
      },
      () => parseAll(plain),
    ],
    21,
    5,
  );
  // Hostile input (as in test/core/marker/linear.test.ts), 1 MB each: where the plain-text
  // rules cannot decide and micromark is asked, or where every marker sits in code.
  const hostile = Object.entries(ADVERSARIAL).map(([name, make]) => {
    const text = make(megabyte);
    return { name, bytes: new TextEncoder().encode(text).length, chunks: chunk(text, CHUNK) };
  });
  const hostileMs = timeInterleaved(
    [
      () => {
        sink += (JSON.parse(json) as unknown[]).length;
      },
      ...hostile.map((input) => () => parseAll(input.chunks)),
    ],
    7,
    2,
  );
  const hostileJsonMBs = jsonBytes / megabyte / ((hostileMs[0] ?? Number.NaN) / 1000);
  const proseMs = timeInterleaved(
    [
      () => {
        sink += (JSON.parse(json) as unknown[]).length;
      },
      () => parseAll(prose),
    ],
    11,
    3,
  );
  const proseMBs = proseBytes / megabyte / ((proseMs[1] ?? Number.NaN) / 1000);
  const proseJsonMBs = jsonBytes / megabyte / ((proseMs[0] ?? Number.NaN) / 1000);

  const parserMBs = bytes / megabyte / (parserMs / 1000);
  const jsonMBs = jsonBytes / megabyte / (jsonMs / 1000);
  const sameMBs = sameBytesLength / megabyte / (sameMs / 1000);

  // Per-chunk cost must not grow with the stream: O(n), nothing re-scanned. Both cases parse
  // the same number of chunks in total, in streams of 2,000 and of 20,000 chunks.
  const streamOf = (count: number) => chunk(makeStream(count * CHUNK), CHUNK);
  const short = streamOf(2_000);
  const long = streamOf(20_000);
  const [shortMs = Number.NaN, longMs = Number.NaN] = timeInterleaved(
    [
      () => {
        for (let r = 0; r < 10; r++) parseAll(short);
      },
      () => parseAll(long),
    ],
    31,
    5,
  );
  const ns2k = (shortMs * 1e6) / (2_000 * 10);
  const ns20k = (longMs * 1e6) / 20_000;

  if (sink < 0) console.log(sink); // keeps the work observable

  return [
    { bench: BENCH, case: 'JSON.parse, 1 MB in one call', value: round(jsonMBs), unit: 'MB/s' },
    // Chunks are UTF-16 code units; MB are UTF-8 bytes of the same text.
    {
      bench: BENCH,
      case: `parser, 1 MB in ${CHUNK}-char chunks`,
      value: round(parserMBs),
      unit: 'MB/s',
      baseline: 'JSON.parse, 1 MB in one call',
      ratio: round(parserMBs / jsonMBs),
      target: '≥ 0.5',
    },
    {
      bench: BENCH,
      case: 'parser vs JSON.parse of the stream as one JSON string',
      value: round(parserMBs),
      unit: 'MB/s',
      baseline: `JSON.parse, the stream as a JSON string (${round(sameMBs)} MB/s)`,
      ratio: round(parserMBs / sameMBs),
    },
    {
      bench: BENCH,
      case: `parser, the same 1 MB without markers, ${CHUNK}-char chunks`,
      value: round(bytes / megabyte / (plainMs / 1000)),
      unit: 'MB/s',
    },
    {
      bench: BENCH,
      case: `parser, 1 MB of prose without a #, ${CHUNK}-char chunks`,
      value: round(proseMBs),
      unit: 'MB/s',
      baseline: 'JSON.parse, 1 MB in one call, same rounds',
      ratio: round(proseMBs / proseJsonMBs),
    },
    ...hostile.map((input, index) => {
      const mbs = input.bytes / megabyte / ((hostileMs[index + 1] ?? Number.NaN) / 1000);
      return {
        bench: BENCH,
        case: `parser, 1 MB of ${input.name}, ${CHUNK}-char chunks`,
        value: round(mbs),
        unit: 'MB/s',
        baseline: 'JSON.parse, 1 MB in one call, same rounds',
        ratio: round(mbs / hostileJsonMBs),
      };
    }),
    { bench: BENCH, case: 'per chunk, 2,000 chunks', value: round(ns2k), unit: 'ns/chunk' },
    {
      bench: BENCH,
      case: 'per chunk, 20,000 chunks',
      value: round(ns20k),
      unit: 'ns/chunk',
      baseline: 'per chunk, 2,000 chunks',
      ratio: round(ns20k / ns2k),
      target: '≤ 1.2',
    },
  ];
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
