import type { ChatStreams } from './types';

interface Kept {
  chunks: string[];
  readers: Set<ReadableStreamDefaultController<string>>;
  stop: (message?: string) => void;
}

/**
 * Answers in flight kept in this process's memory: a reload resumes them on the same instance.
 * Each is forgotten when it ends (the stored thread has it then). For several instances use
 * `redisStreams`.
 */
export function memoryStreams(): ChatStreams {
  const kept = new Map<string, Kept>();
  return {
    async keep(streamId, sse, stop) {
      const entry: Kept = { chunks: [], readers: new Set(), stop };
      kept.set(streamId, entry);
      // Read in the background, whoever listens: the answer goes on without a client.
      void (async () => {
        const reader = sse.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            entry.chunks.push(value);
            for (const controller of entry.readers) controller.enqueue(value);
          }
        } catch {
          // The answer failed; readers get its end.
        } finally {
          kept.delete(streamId);
          for (const controller of entry.readers) {
            try {
              controller.close();
            } catch {
              // that reader went away
            }
          }
        }
      })();
    },
    async resume(streamId) {
      const entry = kept.get(streamId);
      if (!entry) return null;
      let self: ReadableStreamDefaultController<string> | undefined;
      return new ReadableStream<string>({
        start(controller) {
          self = controller;
          for (const chunk of entry.chunks) controller.enqueue(chunk);
          entry.readers.add(controller);
        },
        cancel() {
          if (self) entry.readers.delete(self);
        },
      });
    },
    async stop(streamId, message) {
      kept.get(streamId)?.stop(message);
    },
    async close() {
      for (const entry of kept.values()) entry.stop();
    },
  };
}
