import type { UIMessageChunk } from 'ai';
import type { JsonEvent } from './json-event-stream';
import { UIChunkWriter } from './ui-chunk-writer';

/** What a provider's parser does with its validated wire events. */
export interface WireEventSink<T> {
  data(value: T): void;
  /** The stream ended: flush open parts and finish. */
  end(): void;
}

/**
 * The stage every provider parser shares: validated wire events in, UI message chunks out,
 * through a `UIChunkWriter` that opens the message (`start`, `start-step`) before any event and
 * turns an invalid event into an `error` chunk.
 */
export function createWireEventStage<T>(
  generateId: () => string,
  open: (writer: UIChunkWriter) => WireEventSink<T>,
): TransformStream<JsonEvent<T>, UIMessageChunk> {
  let writer: UIChunkWriter;
  let sink: WireEventSink<T>;
  return new TransformStream({
    start(controller) {
      writer = new UIChunkWriter((chunk) => controller.enqueue(chunk), generateId);
      sink = open(writer);
      writer.start();
    },
    transform(event) {
      if (event.type === 'data') sink.data(event.value);
      else if (event.type === 'invalid') writer.error(event.message);
    },
    flush() {
      sink.end();
    },
  });
}
