/** What happens at the ends of a {@link mapStream}. */
export interface MapStreamEnds<OUT> {
  /** Called once when `stream` ends; its chunks go out before the mapped stream closes. */
  end?: () => Promise<readonly OUT[]> | readonly OUT[];
  /** Called when the mapped stream is cancelled, before `stream` is. */
  cancel?: (reason: unknown) => void;
  /**
   * A cancel does not wait for `stream`'s: for a branch of a `tee()` whose other branch reads on
   * (its cancel settles only once both are cancelled).
   * @default false
   */
  detached?: boolean;
}

/**
 * The chunks of `stream` after `stage`, which may rewrite a chunk or drop it (`undefined`). A
 * pull-based wrapper rather than a `TransformStream`: `pipeThrough` costs a writable side and a
 * pipe per chunk, which showed as most of the loop's overhead over a bare `useChat`. It reads
 * only when asked, as a transform stage would; cancelling it cancels `stream`.
 */
export function mapStream<IN, OUT>(stream: ReadableStream<IN>, stage: (chunk: IN) => OUT | undefined, ends: MapStreamEnds<OUT> = {}): ReadableStream<OUT> {
  const reader = stream.getReader();
  return new ReadableStream<OUT>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            if (ends.end) for (const chunk of await ends.end()) controller.enqueue(chunk);
            controller.close();
            return;
          }
          const chunk = stage(value);
          if (chunk !== undefined) {
            controller.enqueue(chunk);
            return;
          }
        }
      },
      cancel: (reason) => {
        ends.cancel?.(reason);
        const cancelled = reader.cancel(reason);
        if (!ends.detached) return cancelled;
        cancelled.catch(() => {});
        return undefined;
      },
    },
    { highWaterMark: 0 },
  );
}
