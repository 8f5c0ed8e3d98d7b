/**
 * The chunks of `stream` after `stage`, which may rewrite a chunk or drop it (`undefined`). A
 * pull-based wrapper rather than a `TransformStream`: `pipeThrough` costs a writable side and a
 * pipe per chunk, which showed as most of the loop's overhead over a bare `useChat`. It reads
 * only when asked, as a transform stage would; cancelling it cancels `stream`.
 */
export function mapStream<IN, OUT>(stream: ReadableStream<IN>, stage: (chunk: IN) => OUT | undefined): ReadableStream<OUT> {
  const reader = stream.getReader();
  return new ReadableStream<OUT>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
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
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
