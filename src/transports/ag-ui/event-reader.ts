import { EventType, type AGUIEvent } from '@ag-ui/core';
import { EventSchema } from '@ag-ui/core/schemas';

/** One value from the agent: a valid AG-UI event, one of a type this protocol version lacks, or a broken one. */
export type ReadEvent = { type: 'event'; event: AGUIEvent } | { type: 'unknown'; eventType: string } | { type: 'invalid'; message: string };

const known = new Set<string>(Object.values(EventType));

/**
 * Validates one event at the boundary with `@ag-ui/core`'s own schema. An event type this
 * version does not know (a newer protocol, an older one's `THINKING_*`) is skipped, as
 * `@ag-ui/client` does; a known type with wrong fields is a readable error naming the event
 * and the field, so the rest of the run is still read.
 */
export function readAgUiEvent(value: unknown): ReadEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { type: 'invalid', message: `Invalid AG-UI event: expected an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` };
  }
  const eventType = (value as { type?: unknown }).type;
  if (typeof eventType !== 'string') return { type: 'invalid', message: 'Invalid AG-UI event: it has no "type"' };
  if (!known.has(eventType)) return { type: 'unknown', eventType };
  const result = EventSchema.safeParse(value);
  if (result.success) return { type: 'event', event: result.data as AGUIEvent };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return { type: 'invalid', message: `Invalid AG-UI event ${eventType}${where}: ${issue?.message ?? 'invalid'}` };
}
