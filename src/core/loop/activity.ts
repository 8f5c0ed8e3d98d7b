import type { FinalReason } from './loop-state';

/** What the chat is doing, as one finite state. */
export type ActivityState =
  | 'idle'
  | 'thinking'
  | 'streaming'
  | 'waiting-for-tool-input'
  | 'executing'
  | 'awaiting-approval'
  | 'finalizing'
  | 'error';

/** What the whole loop is doing, as data; the UI puts it into words (`Activity` adds the label). */
export interface LoopActivity {
  state: ActivityState;
  /** Tools running now (`executing`) or waiting for the user (`awaiting-approval`). */
  toolNames?: string[];
  /** The tool round in progress, counted from 1. */
  round?: number;
  maxRounds?: number;
  /** Why the answer being made (`finalizing`) has tools disabled. */
  final?: FinalReason;
  /** Set when `state` is `error`. */
  error?: Error;
}
