import type { ToolSet } from '../tools/define-tool';
import type { ToolCall, ToolCallResult } from '../tools/types';
import type { ToolLoopEvent } from './events';
import type { ToolLabels } from './labels';

/** Everything the loop reads on each use, so callers can pass the latest props. */
export interface ToolLoopOptions {
  tools?: ToolSet;
  /** @default 5 */
  maxToolRounds?: number;
  /** @default 30000 */
  timeoutMs?: number;
  labels?: Partial<ToolLabels>;
  /**
   * `'on'`: calls come from `###:` markers in the text; the statuses say so.
   * @default 'off'
   */
  toolMarkers?: 'off' | 'on';
  /**
   * How many tool calls run at once; the rest wait their turn (shown as pending).
   * @default Infinity
   */
  concurrency?: number;
  /**
   * Token budget of one turn (the user's message and every round after it), from the usage
   * the model reports. Once used up, the next request is the final answer with tools
   * disabled. Needs a server that reports usage (`createChatHandler` does).
   * @default no budget
   */
  maxTokens?: number;
  /**
   * Size cap of a tool output as JSON; a larger output reaches the model truncated, with a
   * note saying so.
   * @default 102400
   */
  maxOutputBytes?: number;
  /**
   * Whether a round's results go back to the model by themselves. When it says no, the
   * results are shown and `continue()` sends them.
   * @default true
   */
  autoContinue?: boolean | ((results: ToolCallResult[]) => boolean | PromiseLike<boolean>);
  /** Called once per tool call when the model makes it. */
  onToolCall?: (call: ToolCall) => void;
  /** Called once per tool call with its result. */
  onToolResult?: (toolName: string, result: ToolCallResult) => void;
  /** Every step of the loop, as typed events. */
  onEvent?: (event: ToolLoopEvent) => void;
  /**
   * Logs every loop event to `console.debug`.
   * @default false
   */
  debug?: boolean;
  /** The loop's clock. @default Date.now */
  now?: () => number;
  /** Jitter source of tool retries, in [0, 1). @default Math.random */
  random?: () => number;
}
