import type { ChatStreams } from '../streams/types';
import { shownAnswerSchema, type ShownAnswer } from './answer-end';

/** What a stop says, as it travels to the instance producing the answer (a `ChatStreams` message). */
export interface StopMessage {
  /** How much of the answer the client had shown (see `ShownAnswer`). */
  shown?: ShownAnswer;
}

/** Reads a stop's message; anything unreadable is a plain stop (a stop never fails on its details). */
export function readStopMessage(text: string | undefined): StopMessage {
  if (!text) return {};
  try {
    const shown = shownAnswerSchema.safeParse((JSON.parse(text) as { shown?: unknown } | null)?.shown);
    return shown.success ? { shown: shown.data } : {};
  } catch {
    return {};
  }
}

/**
 * The answers this instance is producing, by the id of their claim: a stop or a delete that
 * reaches this instance stops its answer at once, kept streams or not; one that reaches
 * another instance travels through `streams` (Redis pub/sub), when there are any.
 */
export function createAnswersInFlight(streams: ChatStreams | undefined) {
  const local = new Map<string, (message: StopMessage) => void>();
  return {
    add(answerId: string, stop: (message: StopMessage) => void): () => void {
      local.set(answerId, stop);
      return () => {
        if (local.get(answerId) === stop) local.delete(answerId);
      };
    },
    /** Stops the answer `answerId`, wherever it is produced. */
    async stop(answerId: string, message: StopMessage = {}): Promise<void> {
      const stop = local.get(answerId);
      if (stop) return stop(message);
      await streams?.stop(answerId, JSON.stringify(message));
    },
  };
}

export type AnswersInFlight = ReturnType<typeof createAnswersInFlight>;
