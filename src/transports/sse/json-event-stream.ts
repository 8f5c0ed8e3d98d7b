import { errorMessage } from '../../core/tools/errors';
import { EventSourceParserStream } from '@ai-sdk/provider-utils';
import type { z } from 'zod';
import { pipeline } from './pipeline';

/** One server-sent event, parsed: a validated JSON payload, the `[DONE]` sentinel, or bad data. */
export type JsonEvent<T> =
  | { type: 'data'; value: T; event: string | undefined }
  | { type: 'done' }
  | { type: 'invalid'; raw: string; message: string };

/**
 * Bytes → SSE events → JSON payloads validated by `schema`. Bad events become `invalid` events
 * instead of errors so one broken line is reported without losing the rest of the answer.
 */
export function createJsonEventStream<T>(schema: z.ZodType<T>): ReadableWritablePair<JsonEvent<T>, Uint8Array> {
  return pipeline(
    new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>,
    new EventSourceParserStream(),
    new TransformStream<{ data: string; event?: string | undefined }, JsonEvent<T>>({
      transform({ data, event }, controller) {
        controller.enqueue(parseJsonEvent(data, event, schema));
      },
    }),
  );
}

function parseJsonEvent<T>(data: string, event: string | undefined, schema: z.ZodType<T>): JsonEvent<T> {
  if (data.trim() === '[DONE]') return { type: 'done' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    return { type: 'invalid', raw: data, message: `Invalid JSON in the stream: ${errorMessage(error)}` };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return { type: 'invalid', raw: data, message: `Unexpected event in the stream${where}: ${issue?.message ?? 'invalid'}` };
  }
  return { type: 'data', value: result.data, event };
}
