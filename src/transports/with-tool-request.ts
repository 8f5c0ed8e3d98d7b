import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import type { ToolChatRequestBody } from '../core/tools/types';

/**
 * Wraps any transport so every request carries the tools and the final-round flag, computed
 * from the messages at the moment the request leaves (also for automatic resubmissions),
 * optionally transforms the response stream (the `###:` marker stage), and lets the loop see
 * each chunk as it passes (usage for the token budget) and hold back chunks it refuses.
 */
export function withToolRequest(
  transport: ChatTransport<UIMessage>,
  requestBody: (messages: readonly UIMessage[]) => ToolChatRequestBody | PromiseLike<ToolChatRequestBody>,
  /**
   * May load its stage on demand, so apps that do not use it never download it. Gets the names of
   * the request's tools, whose calls the stage gives static `tool-<name>` parts.
   */
  transformResponse?: (
    toolNames: readonly string[],
  ) => TransformStream<UIMessageChunk, UIMessageChunk> | PromiseLike<TransformStream<UIMessageChunk, UIMessageChunk>>,
  /** Sees every chunk; a chunk it returns `false` for is dropped. */
  onChunk?: (chunk: UIMessageChunk) => boolean,
): ChatTransport<UIMessage> {
  // A resumed stream has no request body: it answers the latest request, with its tools.
  let toolNames: readonly string[] = [];
  const finish = async (stream: ReadableStream<UIMessageChunk>) => {
    const transformed = transformResponse ? stream.pipeThrough(await transformResponse(toolNames)) : stream;
    return onChunk ? observe(transformed, onChunk) : transformed;
  };
  return {
    async sendMessages(options) {
      const extra = await requestBody(options.messages);
      toolNames = Object.keys(extra.tools ?? {});
      const stream = await transport.sendMessages({
        ...options,
        body: { ...(options.body as object | undefined), ...extra },
      });
      return finish(stream);
    },
    async reconnectToStream(options) {
      const stream = await transport.reconnectToStream(options);
      return stream && finish(stream);
    },
  };
}

/**
 * The chunks of `stream` that `onChunk` accepts. A pull-based wrapper rather than a
 * `TransformStream`: `pipeThrough` costs a writable side and a pipe per chunk, which showed as
 * most of the loop's overhead over a bare `useChat`.
 */
function observe(stream: ReadableStream<UIMessageChunk>, onChunk: (chunk: UIMessageChunk) => boolean): ReadableStream<UIMessageChunk> {
  const reader = stream.getReader();
  return new ReadableStream<UIMessageChunk>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          if (onChunk(value)) {
            controller.enqueue(value);
            return;
          }
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Reads only when the chat asks, as the transform stage did.
    { highWaterMark: 0 },
  );
}
