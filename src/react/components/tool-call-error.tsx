import type { ToolCallView } from '../types';
import { INTERRUPTED_TOOL_ERROR } from '../../core/storage/interrupted';
import { isCancelledError } from '../../core/tools/errors';

/**
 * The one line a settled call shows about what went wrong: the error, the user's reason for a
 * denial (the loop's own "The user denied…" says no more than the badge), nothing for a call a
 * reload cut off (the turn's notice says it once for all of them).
 */
function errorLineOf(call: ToolCallView): string | undefined {
  const error = call.error?.trim();
  if (!error) return undefined;
  switch (call.phase) {
    case 'error':
      return error;
    case 'cancelled':
      return isCancelledError(error) ? undefined : error;
    case 'denied':
      return /^The user denied running tool "[^"]*"$/.test(error) ? undefined : error.replace(/^The user denied running tool "[^"]*": /, '');
    case 'interrupted':
      return error === INTERRUPTED_TOOL_ERROR ? undefined : error;
    default:
      return undefined;
  }
}

/** A card's error line (see `errorLineOf`), or nothing. */
export function ToolCallError({ call }: { call: ToolCallView }) {
  const line = errorLineOf(call);
  return line === undefined ? null : (
    <p className="toolchat-tool-error" data-state={call.phase}>
      {line}
    </p>
  );
}
ToolCallError.displayName = 'ToolCallError';
