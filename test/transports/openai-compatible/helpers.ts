import { readFileSync } from 'node:fs';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import fc from 'fast-check';

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url)));
}

/** The bytes as a stream, cut at the given offsets (sorted, deduplicated, within range). */
export function byteStream(bytes: Uint8Array, cuts: readonly number[] = []): ReadableStream<Uint8Array> {
  const offsets = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const offset of [...offsets, bytes.length]) {
    pieces.push(bytes.slice(start, offset));
    start = offset;
  }
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

export async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

/** Deterministic ids: `id-0`, `id-1`, … */
export function counterIds(): () => string {
  let n = 0;
  return () => `id-${n++}`;
}

export function toolCallsOf(chunks: readonly UIMessageChunk[]) {
  return chunks.flatMap((c) =>
    c.type === 'tool-input-available' ? [{ toolCallId: c.toolCallId, toolName: c.toolName, input: c.input }] : [],
  );
}

export function textOf(chunks: readonly UIMessageChunk[]): string {
  return chunks.map((c) => (c.type === 'text-delta' ? c.delta : '')).join('');
}

export function reasoningOf(chunks: readonly UIMessageChunk[]): string {
  return chunks.map((c) => (c.type === 'reasoning-delta' ? c.delta : '')).join('');
}

export function typesOf(chunks: readonly UIMessageChunk[]): string[] {
  return chunks.map((c) => c.type);
}

/** Runs the chunks through the AI SDK's own reader: the message a chat would hold. */
export async function buildMessage(chunks: readonly UIMessageChunk[]): Promise<UIMessage> {
  let last: UIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  for await (const message of readUIMessageStream({ stream, onError: (error) => { throw error; } })) last = message;
  if (!last) throw new Error('no message');
  return last;
}

/** Random cut offsets into a byte array of the given length. */
export function cutsFor(length: number) {
  return fc.array(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 40 });
}
