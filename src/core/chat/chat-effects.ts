import { isSending, type ChatAction, type ChatControl } from './chat-control';

/** What a transition of the chat's control state can do outside it. */
export interface ChatEffects {
  /** Tells subscribers and watchers (the snapshot reads `sending` and `storage`). */
  changed(): void;
  /** Wakes the requests waiting for the chat to be shown again, or to end. */
  lifeChanged(): void;
  /** Sends the queued messages if the chat can send now. */
  drain(): void;
}

/**
 * Everything one transition of the chat's control state does outside it, the one place these
 * happen (as `loop-effects.ts` is for the loop): subscribers hear of what the snapshot shows,
 * held requests of a change of life, the queue goes once nothing holds it, and a disposed
 * chat's waiting messages are let go (they are never sent: their sends resolve).
 */
export function runChatEffects(action: ChatAction, prev: ChatControl, next: ChatControl, effects: ChatEffects): void {
  if (action.type === 'disposed') for (const waiting of prev.queued) waiting.resolve();
  if (prev.life !== next.life) effects.lifeChanged();
  if (isSending(prev) !== isSending(next) || prev.storage !== next.storage) effects.changed();
  if (next.queued.length > 0) effects.drain();
}
