import { createUIMessageStream, UI_MESSAGE_STREAM_HEADERS, type UIMessage, type UIMessageChunk } from 'ai';
import { errorMessage } from '../../core/tools/errors';
import { mapStream } from '../../core/streams/map-stream';
import type { ChatStreams } from '../streams/types';
import { stoppedAnswer, withEnding, type StoredEnding } from './answer-end';
import { readStopMessage, type AnswersInFlight, type StopMessage } from './answers-in-flight';
import type { ConversationStore } from './types';

/** How long an answer's claim on its thread lasts without renewal: an instance that dies frees it then. */
export const ANSWER_CLAIM_MS = 60_000;

/** A turn whose claim is taken and whose model call has started. */
export interface ClaimedTurn {
  userId: string;
  chatId: string;
  /** The claim's id: the answer in flight, and the key of its kept stream. */
  answerId: string;
  /** The thread's version after the claim was written. */
  version: number;
  /** The id of the message the answer follows. */
  after: string | null;
  /** The id the answer has on the client and in the store. */
  messageId: string;
  /** The stored answer the turn goes on with (tool results), else the answer is new. */
  continued?: UIMessage;
}

export interface StoredAnswerContext {
  store: ConversationStore;
  streams: ChatStreams | undefined;
  answers: AnswersInFlight;
  now: () => number;
}

/** What came of writing the answer at its end. */
type Saved = { ok: true } | { ok: false; message: string };

/** One answer of a claimed turn, from before the model is called to its write. */
export interface StoredAnswer {
  /** The answerer's stage: names the answer, notes how it ends. */
  stage: (chunk: UIMessageChunk) => UIMessageChunk;
  /** The answerer's end: the model is done (the claim needs no more renewal). */
  onEnd: () => void;
  /** The model call never started: nothing to stop or renew any more. */
  abandon(): void;
  /** Streams the answer to the client while the store gets it. */
  respond(answer: { stream: ReadableStream<UIMessageChunk>; stop: (reason?: unknown) => void }): Promise<Response>;
}

/**
 * An answer kept in the store: streamed to the client while the store gets it, and the turn's
 * claim ended with the answer's write (complete, failed, or cut to what the client had shown
 * when the user stopped it). The client's stream ends only once the answer is written (its next
 * request, the tool results of this round, finds it there); a write that fails ends it with an
 * error the chat shows instead of its `finish`. A thread deleted meanwhile stays deleted: the
 * write finds it gone and writes nothing. The claim is renewed while the model produces; a
 * renewal that finds it lost (the thread deleted on another instance) stops the model.
 */
export function storedAnswer(context: StoredAnswerContext, turn: ClaimedTurn): StoredAnswer {
  const { store, streams, answers } = context;
  let stop: StopMessage | undefined;
  let ending: StoredEnding | undefined;
  let stopModel: () => void = () => {};
  const onStop = (message: StopMessage) => {
    stop ??= message;
    stopModel();
  };
  const removeStop = answers.add(turn.answerId, onStop);
  let producing = true;
  const renewal = setInterval(() => {
    if (!producing) return clearInterval(renewal);
    store.renewAnswer(turn.userId, turn.chatId, turn.answerId, new Date(context.now() + ANSWER_CLAIM_MS)).then(
      (held) => {
        if (!held) stopModel();
      },
      // A store that does not answer now may answer the end's write: the claim lasts a minute.
      () => {},
    );
  }, ANSWER_CLAIM_MS / 3);
  (renewal as { unref?: () => void }).unref?.();
  const produced = () => {
    producing = false;
    clearInterval(renewal);
  };

  /** Writes the answer, ending the claim; a write that fails ends the claim all the same. */
  async function save(built: UIMessage | undefined): Promise<Saved> {
    let result: Saved;
    try {
      let final = built;
      if (built && stop) final = stoppedAnswer(built, shownOf(stop, built, turn), true);
      else if (built) final = withEnding(built, ending);
      // A stopped tool round the client had not shown: the stored answer stays as it was.
      if (!final && turn.continued) final = turn.continued;
      const written = await store.writeThread(turn.userId, turn.chatId, {
        expectedVersion: turn.version,
        after: turn.after,
        messages: final ? [final] : [],
        answer: { end: turn.answerId },
      });
      result = written.ok || written.reason === 'not-found' ? { ok: true } : { ok: false, message: 'the chat was changed by another request meanwhile' };
    } catch (error) {
      console.error('toolchat: the answer could not be saved', error);
      result = { ok: false, message: 'the conversation store is not answering' };
    }
    // The thread must not stay claimed by an answer that is over: its next message would wait for
    // the claim to lapse. What is stored (the user's message, the results) stays.
    if (!result.ok) {
      const after = turn.continued ? turn.continued.id : turn.after;
      await store.writeThread(turn.userId, turn.chatId, { expectedVersion: turn.version, after, messages: [], answer: { end: turn.answerId } }).catch(() => {});
    }
    produced();
    removeStop();
    return result;
  }

  return {
    // The client and the store must name the answer alike, across the rounds of a tool loop.
    stage: (chunk) => {
      if (chunk.type === 'start' && chunk.messageId === undefined) return { ...chunk, messageId: turn.messageId };
      if (chunk.type === 'finish' && (chunk.finishReason === 'length' || chunk.finishReason === 'content-filter')) ending = chunk.finishReason;
      else if (chunk.type === 'error') ending = 'error';
      return chunk;
    },
    onEnd: produced,
    abandon() {
      produced();
      removeStop();
    },
    async respond(answer) {
      stopModel = () => answer.stop();
      if (stop) answer.stop();
      // The AI SDK's own reader builds the answer as it passes and hands it over once, at its end
      // (`onEnd`, also when the answer is cancelled): no copy of it per chunk.
      let saved: Promise<Saved> | undefined;
      const built = createUIMessageStream({
        originalMessages: turn.continued ? [turn.continued] : [],
        execute: ({ writer }) => writer.merge(answer.stream),
        onEnd: async ({ responseMessage }) => {
          saved = save(responseMessage.parts.length > 0 ? responseMessage : undefined);
          await saved;
        },
      });
      // One stage from the answer's chunks to the SSE text the client and the kept stream get
      // (the AI SDK's framing: `data: {chunk}` events, then `data: [DONE]`). The finish waits for
      // the write: a failed write ends the answer with an error the chat shows instead.
      let finish: UIMessageChunk | undefined;
      const event = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`;
      const sse = mapStream(
        built,
        (chunk) => {
          if (chunk.type !== 'finish') return event(chunk);
          finish = chunk;
          return undefined;
        },
        {
          end: async (): Promise<string[]> => {
            const result = (await saved) ?? { ok: false, message: 'the answer ended before it began' };
            const last: UIMessageChunk | undefined = result.ok ? finish : { type: 'error', errorText: `The answer could not be saved: ${result.message}.` };
            return last ? [event(last), 'data: [DONE]\n\n'] : ['data: [DONE]\n\n'];
          },
          // Without kept answers, the client giving up the response stops the model, as before.
          ...(streams ? {} : { cancel: () => answer.stop() }),
        },
      );
      const encoder = new TextEncoder();
      // The client's copy: a reload gives it up while the kept copy reads on.
      const bytes = (text: ReadableStream<string>) => new Response(mapStream(text, (chunk) => encoder.encode(chunk), { detached: true }), { headers: UI_MESSAGE_STREAM_HEADERS });

      if (!streams) return bytes(sse);
      const [forClient, kept] = sse.tee();
      try {
        await streams.keep(turn.answerId, kept, (message) => onStop(readStopMessage(message)));
      } catch (error) {
        // The answer goes on without being resumable: a reload then shows it once it is stored.
        console.error('toolchat: the answer could not be kept for resuming', errorMessage(error));
        void kept.cancel().catch(() => {});
      }
      return bytes(forClient);
    },
  };
}

/** How much of `answer` the stop says was shown: all of its parts the client named, or none of it. */
function shownOf(stop: StopMessage, answer: UIMessage, turn: ClaimedTurn) {
  const shown = stop.shown;
  if (!shown) return undefined;
  if (shown.messageId === answer.id) return shown;
  // The client's last message was the one the answer follows: it had not shown any of it.
  return !turn.continued && shown.messageId === turn.after ? 'nothing' : undefined;
}
