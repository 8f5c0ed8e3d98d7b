import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import type { ToolChatRequestBody } from '../core/tools/types';

/**
 * Wraps any transport so every request carries the tools and the final-round flag, computed
 * from the messages at the moment the request leaves (also for automatic resubmissions), and
 * optionally transforms the response stream (the `###:` marker stage).
 */
export function withToolRequest(
  transport: ChatTransport<UIMessage>,
  requestBody: (messages: readonly UIMessage[]) => ToolChatRequestBody,
  transformResponse?: () => TransformStream<UIMessageChunk, UIMessageChunk>,
): ChatTransport<UIMessage> {
  return {
    async sendMessages(options) {
      const extra = requestBody(options.messages);
      const stream = await transport.sendMessages({
        ...options,
        body: { ...(options.body as object | undefined), ...extra },
      });
      return transformResponse ? stream.pipeThrough(transformResponse()) : stream;
    },
    async reconnectToStream(options) {
      const stream = await transport.reconnectToStream(options);
      return stream && transformResponse ? stream.pipeThrough(transformResponse()) : stream;
    },
  };
}
