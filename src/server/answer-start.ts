import type { UIMessageChunk } from 'ai';

/** Chunks that open an answer before anything of it exists. */
const OPENING = new Set<UIMessageChunk['type']>(['start', 'start-step', 'message-metadata']);

export type AnswerStart =
  | { ok: true; stream: ReadableStream<UIMessageChunk> }
  | { ok: false; errorText: string };

/**
 * Waits for the answer's first content. When the model call fails before any (a bad key, a
 * too long conversation, a rate limit), the caller can answer with an HTTP error instead of
 * a `200` whose stream holds only the error; otherwise the stream goes on from its start.
 * Cancelling the returned stream cancels `stream` and calls `onCancel`.
 */
export async function awaitAnswerStart(stream: ReadableStream<UIMessageChunk>, onCancel: (reason: unknown) => void): Promise<AnswerStart> {
  const reader = stream.getReader();
  const opening: UIMessageChunk[] = [];
  for (;;) {
    const next = await reader.read();
    if (!next.done && next.value.type === 'error') {
      await reader.cancel().catch(() => {});
      return { ok: false, errorText: next.value.errorText };
    }
    if (!next.done) opening.push(next.value);
    if (next.done || !OPENING.has(next.value.type)) break;
  }
  return {
    ok: true,
    stream: new ReadableStream<UIMessageChunk>({
      async pull(controller) {
        const chunk = opening.shift();
        if (chunk) return controller.enqueue(chunk);
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel(reason) {
        onCancel(reason);
        await reader.cancel(reason).catch(() => {});
      },
    }),
  };
}
