import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { mapStream } from '../streams/map-stream';
import type { ToolChatRequestBody } from '../tools/types';

type Stage = TransformStream<UIMessageChunk, UIMessageChunk>;
type ChunkStage = (chunk: UIMessageChunk) => UIMessageChunk | undefined;

/** What the loop adds to a transport. */
export interface LoopTransportHooks {
  /** The body toolchat adds to the request for these messages, computed as it leaves. */
  requestBody(messages: readonly UIMessage[]): ToolChatRequestBody | PromiseLike<ToolChatRequestBody>;
  /**
   * A stage for the response stream (the `###:` marker), or none; may load on demand. Gets the
   * names of the request's tools, whose calls the stage gives static `tool-<name>` parts.
   */
  transformResponse?:
    | ((
        toolNames: readonly string[],
      ) => Stage | undefined | PromiseLike<Stage | undefined>)
    | undefined;
  /**
   * For each response: a function that sees every chunk and may rewrite it or drop it
   * (`undefined`); may load on demand (asked for as the request leaves, awaited with its answer).
   */
  chunkStage(messages: readonly UIMessage[]): ChunkStage | PromiseLike<ChunkStage>;
}

/**
 * Wraps any transport so every request carries the tools and the final-round flag, computed
 * from the messages at the moment the request leaves (also for automatic resubmissions), the
 * response passes the marker stage when there is one, and the loop sees each chunk first.
 */
export function withLoop(transport: ChatTransport<UIMessage>, hooks: LoopTransportHooks): ChatTransport<UIMessage> {
  // A resumed stream has no request body: it answers the latest request, with its tools.
  let toolNames: readonly string[] = [];
  const finish = async (stream: ReadableStream<UIMessageChunk>, messages: readonly UIMessage[]) => {
    try {
      const [stage, chunkStage] = await Promise.all([hooks.transformResponse?.(toolNames), hooks.chunkStage(messages)]);
      return mapStream(stage ? stream.pipeThrough(stage) : stream, chunkStage);
    } catch (error) {
      // A stage that could not load (offline) fails this response: its stream is not left open.
      await stream.cancel(error).catch(() => undefined);
      throw error;
    }
  };
  return {
    async sendMessages(options) {
      const extra = await hooks.requestBody(options.messages);
      toolNames = Object.keys(extra.tools ?? {});
      const stream = await transport.sendMessages({
        ...options,
        body: { ...(options.body as object | undefined), ...extra },
      });
      return finish(stream, options.messages);
    },
    async reconnectToStream(options) {
      const stream = await transport.reconnectToStream(options);
      return stream && finish(stream, []);
    },
  };
}
