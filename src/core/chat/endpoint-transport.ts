import { EventSourceParserStream } from 'eventsource-parser/stream';
import { DefaultChatTransport, type HttpChatTransportInitOptions, type UIMessage, type UIMessageChunk } from 'ai';

type ChunkReader = typeof import('./read-chunk');
let reader: ChunkReader | undefined;
let loading: Promise<ChunkReader> | undefined;
// Reading the answer's chunks is needed once it streams, never for the request: the reader is
// fetched when the transport is made, so it is there by the first chunk (which waits otherwise).
const loadReader = (): Promise<ChunkReader> =>
  (loading ??= import('./read-chunk').then(
    (module) => (reader = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/**
 * The chat's default transport (and the base of `ServerConversationTransport`): the AI SDK's
 * default transport (`POST` the messages, read the UI message stream), reading the stream so
 * that one hostile chunk cannot end the response: the AI SDK's parser fails the whole stream on
 * JSON with a `__proto__` key. Here such keys are dropped, and a tool call whose input had one
 * becomes an input error for that call alone, which the model reads and can fix.
 */
export class ToolChatEndpointTransport extends DefaultChatTransport<UIMessage> {
  constructor(options?: HttpChatTransportInitOptions<UIMessage>) {
    super(options);
    loadReader().catch(() => undefined);
  }

  protected override processResponseStream(stream: ReadableStream<Uint8Array<ArrayBufferLike>>): ReadableStream<UIMessageChunk> {
    return stream
      .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
      .pipeThrough(new EventSourceParserStream())
      .pipeThrough(
        new TransformStream<{ data: string }, UIMessageChunk>({
          async transform({ data }, controller) {
            if (data === '[DONE]') return;
            const { readChunk } = reader ?? (await loadReader());
            controller.enqueue(await readChunk(data));
          },
        }),
      );
  }
}
