import type { z } from 'zod';
import { errorMessage } from '../../core/tools/errors';
import { schemaGuard } from './schema-guard';

/** What one SSE `data` payload holds: a validated JSON value, the `[DONE]` sentinel, or bad data. */
export type JsonEvent<T> = { type: 'data'; value: T } | { type: 'done' } | { type: 'invalid'; message: string };

const DONE: JsonEvent<never> = { type: 'done' };

/**
 * Returns the reader of one event's data for `schema`. Bad data becomes an `invalid` event with
 * a readable message rather than an exception, so one broken line is reported without losing
 * the rest. Well-formed events skip zod through the schema's guard; zod explains the others.
 */
export function jsonEventReader<T>(schema: z.ZodType<T>): (data: string) => JsonEvent<T> {
  const guard = schemaGuard(schema);
  return (data) => {
    if (data.trim() === '[DONE]') return DONE;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch (error) {
      return { type: 'invalid', message: `Invalid JSON in the stream: ${errorMessage(error)}` };
    }
    if (guard?.(json)) return { type: 'data', value: json as T };
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      return { type: 'invalid', message: `Unexpected event in the stream${where}: ${issue?.message ?? 'invalid'}` };
    }
    return { type: 'data', value: result.data };
  };
}
