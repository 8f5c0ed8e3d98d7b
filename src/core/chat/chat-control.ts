import type { UIMessage } from 'ai';

/**
 * Where a chat is in its life. `new`: made, nothing loaded or sent yet (a chat made during a
 * render costs nothing); `running` from its first subscriber or action; `parked` while no
 * component shows a chat that is not kept alive: nothing leaves it until one shows it again
 * (StrictMode's remount, the next task at the latest) or it is disposed; `disposed`.
 */
export type ChatLife = 'new' | 'running' | 'parked' | 'disposed';

/** A user's message waiting its turn, with whoever waits for it to be sent. */
export interface QueuedMessage {
  readonly message: UIMessage;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The chat's own control state, beside the loop's (`LoopState`): its life, the stored
 * conversation, and the user's sends, resumes and rewrites on their way. Only `reduceChat` makes
 * a new one; `chat-effects.ts` does what a transition implies.
 */
export interface ChatControl {
  readonly life: ChatLife;
  /** `loading` until the stored conversation is restored (or given up on). */
  readonly storage: 'none' | 'loading' | 'ready';
  /** Messages the user sent while the chat could not send: they go, together, once it can. */
  readonly queued: readonly QueuedMessage[];
  /** The user's messages on their way in, not yet in the conversation (a file being read, open calls being settled, the loop's chunk loading). */
  readonly sending: number;
  /** An answer still being made on a server that keeps the conversation is being taken up. */
  readonly resuming: boolean;
  /** Regenerates and Edits waiting for their code. */
  readonly rewriting: number;
  /** Counts Stop: a rewrite that waited for its code across a Stop is dropped. */
  readonly stops: number;
}

export type ChatAction =
  /** A subscriber or an action: the chat loads what it needs (grants, storage, the loop's chunk). */
  | { type: 'started' }
  /** The last component showing the chat unmounted (a chat not kept alive). */
  | { type: 'parked' }
  /** A component shows it again. */
  | { type: 'unparked' }
  | { type: 'disposed' }
  | { type: 'storage-restored' }
  | { type: 'message-queued'; queued: QueuedMessage }
  /** The queued messages left the queue to be sent, together: one send on its way. */
  | { type: 'queue-taken' }
  | { type: 'send-started' }
  | { type: 'send-ended' }
  | { type: 'resume-started' }
  | { type: 'resume-ended' }
  | { type: 'rewrite-started' }
  | { type: 'rewrite-ended' }
  | { type: 'stopped' };

export function initialChatControl(storage: boolean): ChatControl {
  return { life: 'new', storage: storage ? 'loading' : 'none', queued: [], sending: 0, resuming: false, rewriting: 0, stops: 0 };
}

/** The next control state after an action; the same object when nothing changed. A disposed chat never changes. */
export function reduceChat(state: ChatControl, action: ChatAction): ChatControl {
  if (state.life === 'disposed') return state;
  switch (action.type) {
    case 'started':
      return state.life === 'new' ? { ...state, life: 'running' } : state;
    case 'parked':
      return state.life === 'running' ? { ...state, life: 'parked' } : state;
    case 'unparked':
      return state.life === 'parked' ? { ...state, life: 'running' } : state;
    case 'disposed':
      return { ...state, life: 'disposed', queued: [] };
    case 'storage-restored':
      return state.storage === 'loading' ? { ...state, storage: 'ready' } : state;
    case 'message-queued':
      return { ...state, queued: [...state.queued, action.queued] };
    case 'queue-taken':
      return state.queued.length === 0 ? state : { ...state, queued: [], sending: state.sending + 1 };
    case 'send-started':
      return { ...state, sending: state.sending + 1 };
    case 'send-ended':
      return { ...state, sending: state.sending - 1 };
    case 'resume-started':
      return { ...state, resuming: true };
    case 'resume-ended':
      return state.resuming ? { ...state, resuming: false } : state;
    case 'rewrite-started':
      return { ...state, rewriting: state.rewriting + 1 };
    case 'rewrite-ended':
      return { ...state, rewriting: state.rewriting - 1 };
    case 'stopped':
      return { ...state, stops: state.stops + 1 };
  }
}

/**
 * The send guard, the one place it is written: whether a user's message may go now, given
 * whether the loop is at work (`isWorking`). Not while the stored chat loads, an answer on the
 * server is taken up, a Regenerate or an Edit waits for its code, or nothing shows a chat that
 * is not kept alive; a message then waits in the queue, and the queue goes once this holds.
 */
export function canSendNow(state: ChatControl, loopWorking: boolean): boolean {
  return state.life === 'running' && state.storage !== 'loading' && !state.resuming && state.rewriting === 0 && !loopWorking;
}

/** Whether the user's messages are on their way (queued, being sent, or a rewrite waiting): the chat reads as busy. */
export function isSending(state: ChatControl): boolean {
  return state.queued.length > 0 || state.sending > 0 || state.rewriting > 0;
}
