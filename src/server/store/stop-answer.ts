import { stoppedAnswer } from './answer-end';
import type { AnswersInFlight, StopMessage } from './answers-in-flight';
import type { ConversationStore } from './types';

/** How long a stop waits for the stopped answer to be written before it answers all the same. */
export const STOP_WAIT_MS = 5_000;

/**
 * A Stop of a chat (`DELETE {api}/{id}/stream`): its answer in flight is stopped, on whichever
 * instance produces it, and written as the client had shown it. With none in flight (the answer
 * had ended, the browser was running its tools), the stored last answer is cut to what was shown
 * and its open calls end as cancelled, as the browser shows them. Settles once the stopped answer
 * is written (within `STOP_WAIT_MS`), so what the client does next (send, switch a branch) finds
 * the chat free. Throws when the store fails.
 */
export async function stopAnswer(store: ConversationStore, answers: AnswersInFlight, userId: string, chatId: string, message: StopMessage): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const thread = await store.loadThread(userId, chatId);
    if (!thread) return;
    if (thread.activeAnswerId) {
      await answers.stop(thread.activeAnswerId, message);
      return answerEnded(store, userId, chatId, thread.activeAnswerId);
    }
    const messages = thread.messages;
    const last = messages.at(-1);
    if (last?.role !== 'assistant') return;
    const before = messages.at(-2)?.id ?? null;
    const shown = message.shown;
    const final = stoppedAnswer(last, shown?.messageId === last.id ? shown : shown !== undefined && shown.messageId === before ? 'nothing' : undefined, false);
    if (final === last) return;
    const outcome = await store.writeThread(userId, chatId, { expectedVersion: thread.version, after: before, messages: final ? [final] : [] });
    // Busy: a new answer began since; the stop was not for it.
    if (outcome.ok || outcome.reason !== 'conflict') return;
  }
}

/**
 * Waits until the thread no longer names `answerId` as its answer in flight. An answer of this
 * instance is written by the time its stop settles; one of another instance (the stop went
 * through `streams`) is read again, less and less often, until it is or `STOP_WAIT_MS` passes.
 */
async function answerEnded(store: ConversationStore, userId: string, chatId: string, answerId: string): Promise<void> {
  const until = Date.now() + STOP_WAIT_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 250)) {
    if ((await store.loadThread(userId, chatId))?.activeAnswerId !== answerId) return;
    if (Date.now() + wait > until) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
