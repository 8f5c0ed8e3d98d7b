import type { UIMessageChunk } from 'ai';

/**
 * A stream stage from plain text deltas to one assistant response in UI message chunks:
 * `start`, `start-step`, one text part, `finish-step`, `finish`. The step chunks matter: without
 * them the chat would think the last round never ended and resubmit forever.
 */
export function createTextToChunksTransform(textId: string): TransformStream<string, UIMessageChunk> {
  return new TransformStream<string, UIMessageChunk>({
    start(controller) {
      controller.enqueue({ type: 'start' });
      controller.enqueue({ type: 'start-step' });
      controller.enqueue({ type: 'text-start', id: textId });
    },
    transform(delta, controller) {
      if (delta.length > 0) controller.enqueue({ type: 'text-delta', id: textId, delta });
    },
    flush(controller) {
      controller.enqueue({ type: 'text-end', id: textId });
      controller.enqueue({ type: 'finish-step' });
      controller.enqueue({ type: 'finish' });
    },
  });
}
