import type { UIMessageChunk } from 'ai';

/** Chunks that open an answer before anything of it exists. */
const OPENING = new Set<UIMessageChunk['type']>(['start', 'start-step', 'message-metadata']);

export type AnswerStart =
  | { ok: true; stream: ReadableStream<UIMessageChunk> }
  | { ok: false; errorText: string };

/**
 * Waits for the answer's first content. When the model call fails before any (a bad key, a
 * too long conversation, a rate limit), the caller can answer with an HTTP error instead of
 * a `200` whose stream holds only the error; otherwise the stream goes on from its start,
 * each chunk passed through `transform`. One pull-based stage (a `TransformStream` costs
 * several times more per chunk). Cancelling the returned stream cancels `stream` and calls
 * `onCancel`.
 */
export async function awaitAnswerStart(
  stream: ReadableStream<UIMessageChunk>,
  options: {
    transform: (chunk: UIMessageChunk) => UIMessageChunk | Promise<UIMessageChunk>;
    onCancel: (reason: unknown) => void;
    /** Called once when the stream ends, read to its end or cancelled; its end waits for it. */
    onEnd?: () => Promise<void>;
  },
): Promise<AnswerStart> {
  const reader = stream.getReader();
  const next = async (): Promise<UIMessageChunk | undefined> => {
    const { done, value } = await reader.read();
    return done ? undefined : options.transform(value);
  };
  const opening: UIMessageChunk[] = [];
  for (;;) {
    const chunk = await next();
    if (chunk?.type === 'error') {
      await reader.cancel().catch(() => {});
      return { ok: false, errorText: chunk.errorText };
    }
    if (chunk) opening.push(chunk);
    if (!chunk || !OPENING.has(chunk.type)) break;
  }
  return {
    ok: true,
    stream: new ReadableStream<UIMessageChunk>({
      async pull(controller) {
        const chunk = opening.shift() ?? (await next());
        if (chunk) {
          controller.enqueue(chunk);
          return;
        }
        await options.onEnd?.();
        controller.close();
      },
      async cancel(reason) {
        options.onCancel(reason);
        await reader.cancel(reason).catch(() => {});
        await options.onEnd?.();
      },
    }),
  };
}
