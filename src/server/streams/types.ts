/**
 * Where the answers being streamed are kept, so a client that reloads (or reaches another
 * instance) can read an answer in flight from its beginning. The handler gives every answer a
 * random stream id and records it on the thread.
 */
export interface ChatStreams {
  /**
   * Keeps the answer's SSE text under `streamId` while it is produced. `stop` is called when a
   * stop for this stream arrives, from this instance or another, with the stop's message.
   */
  keep(streamId: string, sse: ReadableStream<string>, stop: (message?: string) => void): Promise<void>;
  /** The answer's SSE text from its beginning, then live; `null` when it is done or unknown. */
  resume(streamId: string): Promise<ReadableStream<string> | null>;
  /**
   * Asks whichever instance produces `streamId` to stop it, passing `message` (a short JSON text:
   * how much of the answer the client had shown) to its `stop`.
   */
  stop(streamId: string, message?: string): Promise<void>;
  /** Releases connections. */
  close(): Promise<void>;
}
