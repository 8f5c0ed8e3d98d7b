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

/** The chat's activity: a state, a human label for it, and the details the label is made of. */
export interface Activity {
  state: ActivityState;
  label: string;
  /** Tools running now (`executing`) or waiting for the user (`awaiting-approval`). */
  toolNames?: string[];
  /** The tool round in progress, counted from 1. */
  round?: number;
  maxRounds?: number;
  /** Set when `state` is `error`. */
  error?: Error;
}
