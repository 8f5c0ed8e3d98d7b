import { stoppedAnswer } from './answer-end';
import type { AnswersInFlight, StopMessage } from './answers-in-flight';
import type { ConversationStore } from './types';

/**
 * A Stop of a chat (`DELETE {api}/{id}/stream`): its answer in flight is stopped, on whichever
 * instance produces it, and written as the client had shown it. With none in flight (the answer
 * had ended, the browser was running its tools), the stored last answer is cut to what was shown
 * and its open calls end as cancelled, as the browser shows them. Throws when the store fails.
 */
export async function stopAnswer(store: ConversationStore, answers: AnswersInFlight, userId: string, chatId: string, message: StopMessage): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const thread = await store.loadThread(userId, chatId);
    if (!thread) return;
    if (thread.activeAnswerId) return answers.stop(thread.activeAnswerId, message);
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
