import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';

/** A promise the play function opens: holds a tool or a stream in a state it can assert. */
export interface Gate {
  wait: () => Promise<void>;
  open: () => void;
  /** Closes it again; call in the story's `beforeEach` so a rerun starts closed. */
  reset: () => void;
}

export function createGate(): Gate {
  let open = () => {};
  let promise = Promise.resolve();
  const reset = () => {
    promise = new Promise<void>((resolve) => {
      open = resolve;
    });
  };
  reset();
  return { wait: () => promise, open: () => open(), reset };
}

/**
 * The transport's answer stops after its `deltas`-th text delta until `gate` opens, so a
 * story can look at a message in the middle of streaming.
 */
export function holdAfterText(transport: ChatTransport<UIMessage>, gate: Gate, deltas = 1): ChatTransport<UIMessage> {
  return {
    ...transport,
    sendMessages: async (options) => {
      const stream = await transport.sendMessages(options);
      let seen = 0;
      return stream.pipeThrough(
        new TransformStream<UIMessageChunk, UIMessageChunk>({
          async transform(chunk, controller) {
            controller.enqueue(chunk);
            if (chunk.type === 'text-delta' && ++seen === deltas) await gate.wait();
          },
        }),
      );
    },
    reconnectToStream: (options) => transport.reconnectToStream(options),
  };
}

/** Resolves when the gate opens; rejects when the call is stopped, as a real tool would. */
export function untilOpen(gate: Gate, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    void gate.wait().then(resolve);
  });
}
