/** Where a tool call is in its life, as far as the browser knows. */
export type ToolRunPhase = 'pending' | 'awaiting-approval' | 'running' | 'done' | 'error' | 'denied' | 'cancelled';

/** The browser's record of one tool call: what the message part alone cannot tell. */
export interface ToolRun {
  toolCallId: string;
  toolName: string;
  input: unknown;
  phase: ToolRunPhase;
  startedAt?: number;
  endedAt?: number;
  /** The latest output; preliminary while `phase` is `running`. */
  output?: unknown;
  error?: string;
}
