import { parseJsonEventStream, uiMessageChunkSchema } from 'ai';
import { createOpenAIChatStreamTransform } from '../src/transports/openai-compatible/index';
import type { BenchRow } from './types';

const SIZE = 1024 * 1024;
const RUNS = 3;

/** ~1 MB of OpenAI Chat Completions SSE: text deltas, then a streamed tool call, usage, [DONE]. */
function openAIStream(): { sse: string; payloads: string[] } {
  const payloads: string[] = [];
  const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1727346168, model: 'gpt-4o-2024-08-06' };
  const chunk = (delta: object, finish_reason: string | null = null) =>
    JSON.stringify({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }] });
  payloads.push(chunk({ role: 'assistant', content: '' }));
  let size = 0;
  for (let i = 0; size < SIZE * 0.7; i++) {
    const payload = chunk({ content: ` word${i} é☀` });
    payloads.push(payload);
    size += payload.length + 8;
  }
  payloads.push(chunk({ tool_calls: [{ index: 0, id: 'call_bench', type: 'function', function: { name: 'getWeather', arguments: '' } }] }));
  for (let i = 0; size < SIZE; i++) {
    const payload = chunk({ tool_calls: [{ index: 0, function: { arguments: i === 0 ? '{"items":["a' : `${i}","a` } }] });
    payloads.push(payload);
    size += payload.length + 8;
  }
  payloads.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '"]}' } }] }));
  payloads.push(chunk({}, 'tool_calls'));
  payloads.push(JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 20000, total_tokens: 20010 } }));
  return { sse: `${payloads.map((p) => `data: ${p}\n\n`).join('')}data: [DONE]\n\n`, payloads };
}

/** ~1 MB of the AI SDK's own UI message stream, as `DefaultChatTransport` receives it. */
function uiMessageStream(): { sse: string; payloads: string[] } {
  const payloads = [JSON.stringify({ type: 'start' }), JSON.stringify({ type: 'start-step' }), JSON.stringify({ type: 'text-start', id: 't' })];
  let size = 0;
  for (let i = 0; size < SIZE; i++) {
    const payload = JSON.stringify({ type: 'text-delta', id: 't', delta: ` word${i} é☀` });
    payloads.push(payload);
    size += payload.length + 8;
  }
  payloads.push(JSON.stringify({ type: 'text-end', id: 't' }), JSON.stringify({ type: 'finish-step' }), JSON.stringify({ type: 'finish' }));
  return { sse: `${payloads.map((p) => `data: ${p}\n\n`).join('')}data: [DONE]\n\n`, payloads };
}

function pieces(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}

async function drain(stream: ReadableStream<unknown>): Promise<number> {
  let count = 0;
  const reader = stream.getReader();
  while (!(await reader.read()).done) count++;
  return count;
}

/** Best of RUNS, after a warm-up, in MB/s of the SSE bytes. */
async function speed(bytes: number, run: () => Promise<unknown> | unknown): Promise<number> {
  await run();
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    best = Math.min(best, performance.now() - start);
  }
  return bytes / (1024 * 1024) / (best / 1000);
}

/**
 * 4-byte chunks are the worst case the issue asks for: there the cost is the web streams' own
 * per-chunk work (both parsers read bytes through `TextDecoderStream` + `EventSourceParserStream`),
 * so 1 KiB chunks, closer to what a network delivers, are measured too.
 */
export default async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const encoder = new TextEncoder();
  const round = (n: number) => Math.round(n * 1000) / 1000;

  const openai = openAIStream();
  const openaiBytes = encoder.encode(openai.sse);
  const ui = uiMessageStream();
  const uiBytes = encoder.encode(ui.sse);
  const openaiJSONCase = 'JSON.parse of the OpenAI payload lines';
  const uiJSONCase = 'JSON.parse of the UI message payload lines';
  const openaiJSON = await speed(openaiBytes.length, () => openai.payloads.map((p) => JSON.parse(p) as unknown));
  const uiJSON = await speed(uiBytes.length, () => ui.payloads.map((p) => JSON.parse(p) as unknown));
  rows.push({ bench: 'sse', case: openaiJSONCase, value: round(openaiJSON), unit: 'MB/s' });
  rows.push({ bench: 'sse', case: uiJSONCase, value: round(uiJSON), unit: 'MB/s' });

  for (const size of [4, 1024]) {
    const ours = await speed(openaiBytes.length, () => drain(pieces(openaiBytes, size).pipeThrough(createOpenAIChatStreamTransform())));
    const sdk = await speed(uiBytes.length, () =>
      drain(parseJsonEventStream({ stream: pieces(uiBytes, size), schema: uiMessageChunkSchema })),
    );
    const sdkCase = `AI SDK DefaultChatTransport parsing (parseJsonEventStream + uiMessageChunkSchema), 1 MB UI message SSE in ${size}-byte chunks`;
    rows.push({
      bench: 'sse',
      case: `createOpenAIChatStreamTransform, 1 MB OpenAI SSE in ${size}-byte chunks`,
      value: round(ours),
      unit: 'MB/s',
      baseline: openaiJSONCase,
      ratio: round(ours / openaiJSON),
      target: '≥ 0.2',
    });
    rows.push({ bench: 'sse', case: sdkCase, value: round(sdk), unit: 'MB/s', baseline: uiJSONCase, ratio: round(sdk / uiJSON) });
    rows.push({
      bench: 'sse',
      case: `createOpenAIChatStreamTransform vs the AI SDK parsing, ${size}-byte chunks`,
      value: round(ours / sdk),
      unit: 'x',
      baseline: sdkCase,
      ratio: round(ours / sdk),
    });
  }
  return rows;
}
