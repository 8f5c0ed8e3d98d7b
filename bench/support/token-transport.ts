import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';

/** The answer the Chromium stream bench sends: as long as the long-thread bench's. */
export const STREAM_TOKENS = 2_000;

/** The last word of every streamed answer: the DOM shows it once the whole answer rendered. */
export const END_WORD = 'THE_END';

/** Token `i` of a long answer: words, with a paragraph break now and then (so Markdown has blocks). */
export function token(i: number): string {
  return i % 60 === 59 ? ' word.\n\n' : ` w${i % 1000}`;
}

/**
 * The next turn of the event loop, with no delay: how chunks arrive from a network. In Node a
 * `setImmediate`; in a browser, which has none, a message to itself (a timer would wait ≥ 4 ms).
 */
export const nextTask = (): Promise<void> =>
  typeof setImmediate === 'function'
    ? new Promise((resolve) => setImmediate(resolve))
    : new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(undefined);
      });

/**
 * A transport that answers every request with `tokens` text deltas as fast as possible: each
 * chunk in its own task, as a network delivers them (all in one microtask run, React could
 * not render before the end and every chat would commit once).
 */
export function tokenTransport(tokens: number): ChatTransport<UIMessage> {
  return {
    async sendMessages() {
      let i = -3;
      return new ReadableStream<UIMessageChunk>({
        async pull(controller) {
          await nextTask();
          if (i === -3) controller.enqueue({ type: 'start' });
          else if (i === -2) controller.enqueue({ type: 'start-step' });
          else if (i === -1) controller.enqueue({ type: 'text-start', id: 't' });
          else if (i < tokens - 1) controller.enqueue({ type: 'text-delta', id: 't', delta: token(i) });
          else if (i === tokens - 1) controller.enqueue({ type: 'text-delta', id: 't', delta: ` ${END_WORD}` });
          else if (i === tokens) controller.enqueue({ type: 'text-end', id: 't' });
          else if (i === tokens + 1) controller.enqueue({ type: 'finish-step' });
          else if (i === tokens + 2) controller.enqueue({ type: 'finish', finishReason: 'stop' });
          else controller.close();
          i++;
        },
      });
    },
    async reconnectToStream() {
      return null;
    },
  };
}
