import type { UIMessageChunk } from 'ai';
import { createParser, type EventSourceParser } from 'eventsource-parser';
import type { z } from 'zod';
import { jsonEventReader } from './json-event';
import { LineDecoder } from './line-decoder';
import { UIChunkWriter } from './ui-chunk-writer';

/** What a provider's parser does with its validated wire events. */
export interface WireEventSink<T> {
  data(value: T): void;
  /** The stream ended, with or without `[DONE]`: flush open parts and finish. */
  end(): void;
}

/**
 * The one stage every provider parser is: SSE bytes in, UI message chunks out. Decoding, SSE
 * framing, JSON parsing, validation and the provider's state machine all run synchronously in one
 * `transform` call, because each web-stream hop costs a promise round per chunk, which dominates
 * when the network delivers small chunks. A `UIChunkWriter` opens the message (`start`,
 * `start-step`) before any event, and an invalid event becomes an `error` chunk.
 */
export function createWireEventStream<T>(
  schema: z.ZodType<T>,
  options: { generateId: () => string; toolNames: ReadonlySet<string> },
  open: (writer: UIChunkWriter) => WireEventSink<T>,
): TransformStream<Uint8Array, UIMessageChunk> {
  const decoder = new LineDecoder();
  const read = jsonEventReader(schema);
  let writer: UIChunkWriter;
  let sink: WireEventSink<T>;
  let parser: EventSourceParser;
  return new TransformStream({
    start(controller) {
      writer = new UIChunkWriter((chunk) => controller.enqueue(chunk), options.generateId, options.toolNames);
      sink = open(writer);
      parser = createParser({
        onEvent({ data }) {
          const event = read(data);
          if (event.type === 'data') sink.data(event.value);
          else if (event.type === 'invalid') writer.error(event.message);
        },
      });
      writer.start();
    },
    transform(chunk) {
      const text = decoder.push(chunk);
      if (text !== '') parser.feed(text);
    },
    flush() {
      // Bytes after the last line end can only be an event without its closing blank line,
      // which SSE drops (as `EventSource` does): nothing to decode or parse.
      sink.end();
    },
  });
}
