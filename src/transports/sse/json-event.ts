import type { z } from 'zod';
import { errorMessage } from '../../core/tools/errors';

/** What one SSE `data` payload holds: a validated JSON value, the `[DONE]` sentinel, or bad data. */
export type JsonEvent<T> = { type: 'data'; value: T } | { type: 'done' } | { type: 'invalid'; message: string };

const DONE: JsonEvent<never> = { type: 'done' };

/**
 * Parses and validates one event's data. Bad data becomes an `invalid` event with a readable
 * message rather than an exception, so one broken line is reported without losing the rest.
 */
export function readJsonEvent<T>(data: string, schema: z.ZodType<T>): JsonEvent<T> {
  // `[DONE]` is short: skip the trim (a copy) for every real payload.
  if (data.length < 16 && data.trim() === '[DONE]') return DONE;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    return { type: 'invalid', message: `Invalid JSON in the stream: ${errorMessage(error)}` };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return { type: 'invalid', message: `Unexpected event in the stream${where}: ${issue?.message ?? 'invalid'}` };
  }
  return { type: 'data', value: result.data };
}
