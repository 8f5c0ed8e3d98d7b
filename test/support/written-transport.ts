import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';

/** A transport whose answer the test writes chunk by chunk (the latest request's, when there are several). */
export function writtenTransport() {
  let controller!: ReadableStreamDefaultController<UIMessageChunk>;
  const transport: ChatTransport<UIMessage> = {
    sendMessages: async () =>
      new ReadableStream<UIMessageChunk>({
        start(c) {
          controller = c;
        },
      }),
    reconnectToStream: async () => null,
  };
  return { transport, write: (chunk: UIMessageChunk) => controller.enqueue(chunk), end: () => controller.close() };
}
