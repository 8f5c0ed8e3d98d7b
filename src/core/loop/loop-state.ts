import type { ToolGrant } from '../chat/grants';
import { CallMap } from './call-map';
import type { LoopEndReason, LoopUsage } from './events';

/** Why a request goes out with tools disabled. */
export type FinalReason = 'max-rounds' | 'budget';

/**
 * How an answer ended when it did not simply finish: cut by the model's token limit
 * (`length`) or its content filter, by an error, by Stop, made without tools at the round
 * limit or the token budget, or finished with nothing in it (`empty`: no text, call or reasoning).
 */
export type AnswerEnding = 'length' | 'content-filter' | 'error' | 'stopped' | 'empty' | FinalReason;

/**
 * Whether the loop may send by itself: `stopped` after Stop (nothing goes to the model until
 * the user writes), `held` when results wait for `continue()` (`autoContinue`, a restored chat).
 */
export type LoopControl = 'active' | 'stopped' | 'held';

/** The whole state of a chat's tool loop. Only `reduce` makes a new one. */
export interface LoopState {
  /** Every call the loop has met, by id and in order (the request stage keeps ids unique within a chat). */
  readonly calls: CallMap;
  readonly control: LoopControl;
  /** Requests of this loop so far: the round in flight, or the last one. */
  readonly round: number;
  /** The request in flight, and whether it is the forced final one. */
  readonly inFlight: { readonly final: FinalReason | undefined } | undefined;
  /** The forced final request went out this turn: nothing more is sent until the user writes. */
  readonly finalSent: boolean;
  /** A loop runs from its first request to its end. */
  readonly running: boolean;
  /** Why the last loop ended. */
  readonly endReason: LoopEndReason | undefined;
  /** Tokens the model reported this turn (the user's message and every round after it). */
  readonly tokensUsed: number;
  /** Usage reported by the response in flight, added when it ends. */
  readonly pendingUsage: LoopUsage | undefined;
  /** Answers that did not simply finish, by assistant message id. */
  readonly endings: ReadonlyMap<string, AnswerEnding>;
  /**
   * The user's grants as the chat knows them ("Always allow" and "Allow for this chat", of every
   * chat): a call one of them covers runs without asking.
   */
  readonly grants: readonly ToolGrant[];
}

export const initialLoopState: LoopState = {
  calls: CallMap.empty,
  control: 'active',
  round: 0,
  inFlight: undefined,
  finalSent: false,
  running: false,
  endReason: undefined,
  tokensUsed: 0,
  pendingUsage: undefined,
  endings: new Map(),
  grants: [],
};
