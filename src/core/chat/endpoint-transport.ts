import { EventSourceParserStream } from 'eventsource-parser/stream';
import { DefaultChatTransport, type HttpChatTransportInitOptions, type UIMessage, type UIMessageChunk } from 'ai';
import { lazyModule } from '../lazy-module';

// Reading the answer's chunks is needed once it streams, never for the request: the reader is
// fetched when the transport is made (a chat makes it with its first request), so it is
// fetched while the request waits for its answer.
const reader = lazyModule(() => import('./read-chunk'));

/**
 * The chat's default transport (and the base of `ServerConversationTransport`): the AI SDK's
 * default transport (`POST` the messages, read the UI message stream), reading the stream so
 * that one hostile chunk cannot end the response: the AI SDK's parser fails the whole stream
 * on JSON with a `__proto__` key. Here such keys are dropped, and a tool call whose
 * input had one becomes an input error for that call alone, which the model reads and can fix.
 */
export class ToolChatEndpointTransport extends DefaultChatTransport<UIMessage> {
  constructor(options?: HttpChatTransportInitOptions<UIMessage>) {
    super(options);
    reader.load().catch(() => undefined);
  }

  protected override processResponseStream(stream: ReadableStream<Uint8Array<ArrayBufferLike>>): ReadableStream<UIMessageChunk> {
    return stream
      .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
      .pipeThrough(new EventSourceParserStream())
      .pipeThrough(
        new TransformStream<{ data: string }, UIMessageChunk>({
          async transform({ data }, controller) {
            if (data === '[DONE]') return;
            controller.enqueue(await reader.withLoaded(({ readChunk }) => readChunk(data)));
          },
        }),
      );
  }
}
