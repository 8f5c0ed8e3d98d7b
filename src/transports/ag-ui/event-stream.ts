import type { UIMessageChunk } from 'ai';
import * as z from 'zod';
import { UIChunkWriter } from '../sse/ui-chunk-writer';
import { createWireEventStream } from '../sse/wire-event-stream';
import { AgUiEventProcessor } from './event-processor';
import { readAgUiEvent } from './event-reader';

/** Options of the AG-UI event stages. */
export interface AgUiStreamOptions {
  /** Ids for text and reasoning parts. */
  generateId: () => string;
  /** The browser's tools of this run: their calls become static `tool-<name>` parts the chat runs. */
  toolNames: ReadonlySet<string>;
  /** The state the run started from, which `STATE_DELTA`s patch. */
  state: unknown;
}

/**
 * An AG-UI agent's HTTP answer (SSE, one event per `data:` line, as `@ag-ui/encoder` writes it)
 * → UI message chunks. Each event is validated with `@ag-ui/core`'s schema; a broken one is an
 * `error` chunk and the rest of the run is still read.
 */
export function createAgUiEventStream(options: AgUiStreamOptions): TransformStream<Uint8Array, UIMessageChunk> {
  // JSON framing is the wire stage's; the AG-UI schema is applied per event by the reader.
  return createWireEventStream<unknown>(z.unknown(), options, (writer) => {
    const processor = new AgUiEventProcessor(writer, writer.emitChunk, options);
    return {
      data(value) {
        const read = readAgUiEvent(value);
        if (read.type === 'event') processor.process(read.event);
        else if (read.type === 'invalid') processor.fail(read.message);
      },
      end: () => processor.end(),
    };
  });
}

/** The smallest structural view of an rxjs `Observable`, so `@ag-ui/client` stays the app's choice. */
export interface AgUiSubscribable {
  subscribe(observer: { next: (event: unknown) => void; error: (error: unknown) => void; complete: () => void }): { unsubscribe(): void };
}

/**
 * Events of an in-process agent (`AbstractAgent.run(input)` of `@ag-ui/client`, or any agent with
 * the same `run`) → UI message chunks, through the same validation and state machine as HTTP.
 * Aborting unsubscribes, which ends the agent's run.
 */
export function agentEventStream(events: AgUiSubscribable, options: AgUiStreamOptions, signal: AbortSignal | undefined): ReadableStream<UIMessageChunk> {
  let subscription: { unsubscribe(): void } | undefined;
  let closed = false;
  return new ReadableStream<UIMessageChunk>({
    start(controller) {
      const writer = new UIChunkWriter((chunk) => controller.enqueue(chunk), options.generateId, options.toolNames);
      const processor = new AgUiEventProcessor(writer, writer.emitChunk, options);
      const close = (error?: unknown) => {
        if (closed) return;
        closed = true;
        signal?.removeEventListener('abort', onAbort);
        subscription?.unsubscribe();
        if (error === undefined) controller.close();
        else controller.error(error);
      };
      const onAbort = () => close(signal?.reason ?? new DOMException('The run was aborted.', 'AbortError'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      writer.start();
      subscription = events.subscribe({
        next(value) {
          if (closed) return;
          const read = readAgUiEvent(value);
          if (read.type === 'event') processor.process(read.event);
          else if (read.type === 'invalid') processor.fail(read.message);
        },
        error(error) {
          close(error instanceof Error ? error : new Error(String(error)));
        },
        complete() {
          if (closed) return;
          processor.end();
          close();
        },
      });
      // An observable that completed synchronously ran before `subscription` was set.
      if (closed) subscription.unsubscribe();
    },
    cancel() {
      closed = true;
      subscription?.unsubscribe();
    },
  });
}
