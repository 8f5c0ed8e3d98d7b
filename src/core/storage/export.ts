import { InvalidChatRecordError } from './errors';
import { migrate } from './record';
import type { ChatRecord } from './types';

/** A chat as JSON in its stored (compact) form, for download or transfer; `importChat` reads it back. */
export function exportChat(record: ChatRecord): string {
  // Grants are the user's: an export (read by somebody else, perhaps) carries none.
  const { alwaysAllowedTools: _grants, ...rest } = record;
  return JSON.stringify(rest, null, 2);
}

/**
 * Reads an exported chat, without any "Always allow" it may carry. Older versions are upgraded; anything else throws
 * `InvalidChatRecordError` naming what is wrong and where.
 */
export function importChat(json: string): ChatRecord {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new InvalidChatRecordError(`The chat to import is not valid JSON: ${(error as Error).message}`);
  }
  // A record grants nothing: "Always allow" of whoever wrote it is dropped.
  const { alwaysAllowedTools: _grants, ...record } = migrate(value);
  return record;
}
