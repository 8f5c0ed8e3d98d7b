import type { ToolGrantReach } from './grants';

// Apart from `grants.ts`: the chat compares reaches in its first load, and a module holds
// everything it exports in one chunk (the grant stores and the checks of stored grants load
// with the first call).

/** Whether two grants cover the same calls. */
export function sameReach(a: ToolGrantReach, b: ToolGrantReach): boolean {
  return a.toolName === b.toolName && a.scope === b.scope && a.chatId === b.chatId;
}
