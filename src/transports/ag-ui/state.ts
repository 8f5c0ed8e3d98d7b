import type { UIMessage } from 'ai';

/** The id of the `data-agui-state` part: one per assistant message, updated in place as the state changes. */
export const AG_UI_STATE_PART_ID = 'agui-state';

/**
 * The agent's state as the conversation last saw it: the newest `data-agui-state` part, else the
 * state the transport starts from. Kept in the messages rather than in the transport, so it is
 * stored with the chat and the same for a transport created anew on every render.
 */
export function latestAgUiState(messages: readonly UIMessage[], initial: unknown): unknown {
  for (let m = messages.length - 1; m >= 0; m--) {
    const parts = messages[m]!.parts;
    for (let p = parts.length - 1; p >= 0; p--) {
      const part = parts[p]!;
      if (part.type === 'data-agui-state') return (part as { data: unknown }).data;
    }
  }
  return initial;
}
