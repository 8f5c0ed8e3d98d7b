import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { wait } from './wait';

// The parts a reader sees arrive one by one: text, reasoning, tool input, calls.
const PACED = new Set<LanguageModelV4StreamPart['type']>(['text-delta', 'reasoning-delta', 'tool-input-delta', 'tool-call']);

/** Streams `parts`, waiting `delayMs` before each paced part; errors with the abort reason. */
export function streamParts(
  parts: LanguageModelV4StreamPart[],
  delayMs: number,
  abortSignal: AbortSignal | undefined,
): ReadableStream<LanguageModelV4StreamPart> {
  // One signal for both the caller's abort and the reader's cancel, so a pending wait's
  // timer is cleared either way.
  const stop = new AbortController();
  const forward = () => stop.abort(abortSignal?.reason);
  abortSignal?.addEventListener('abort', forward, { once: true });
  const release = () => abortSignal?.removeEventListener('abort', forward);
  let index = 0;
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      try {
        const part = parts[index++];
        if (stop.signal.aborted) throw stop.signal.reason;
        if (part === undefined) {
          release();
          return controller.close();
        }
        if (delayMs > 0 && PACED.has(part.type)) await wait(delayMs, stop.signal);
        controller.enqueue(part);
      } catch (error) {
        release();
        throw error;
      }
    },
    cancel(reason) {
      release();
      stop.abort(reason);
    },
  });
}
