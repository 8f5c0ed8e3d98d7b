import type { ChatStatus, ChatTransport, UIMessage } from 'ai';
import type { Activity } from '../core/loop/activity';
import type { ToolLabels } from '../core/loop/labels';
import type { ToolLoopEvent } from '../core/loop/events';
import type { ToolCall, ToolCallResult } from '../core/tools/types';
import type { ToolSet } from '../core/tools/define-tool';
import type { ChatStorage } from '../core/storage/types';

/** Options shared by `useToolChat` and `<ChatWrapper>`. */
export interface UseToolChatOptions {
  /**
   * The AI SDK endpoint the default transport posts to. Ignored when `transport` is given.
   * @default '/api/chat'
   */
  api?: string;
  /** Where the model's answers come from; the default posts to `api`. */
  transport?: ChatTransport<UIMessage>;
  /**
   * The `fetch` of the default transport (ignored with `transport`). Failed requests become
   * a `ChatRequestError` with the status, the server's message and any `Retry-After`.
   * @default globalThis.fetch
   */
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Browser-side tools the model may call. */
  tools?: ToolSet;
  /**
   * Tool rounds before one last request goes out with tools disabled.
   * @default 5
   */
  maxToolRounds?: number;
  /**
   * Default time limit of a tool call in milliseconds.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * `'on'` finds legacy `###:{...}` tool-call markers in the model's text.
   * @default 'off'
   */
  toolMarkers?: 'off' | 'on';
  /**
   * Also sends the tools as `toolClients` (`[{ name, description, parameters: [{ name, type,
   * description, isRequired, schema }] }]`), the format backends of the legacy component read.
   * @default false
   */
  legacyToolClients?: boolean;
  /**
   * Least milliseconds between two renders of the chat: messages, status, errors and tool runs
   * change together, one commit per frame rather than one per token. The first change after a
   * quiet moment (the user's own message) renders at once.
   * @default 16
   */
  throttle?: number;
  /**
   * How many tool calls run at once; the others wait, shown as pending.
   * @default Infinity
   */
  concurrency?: number;
  /**
   * Token budget of one turn (the user's message and every round after it), from the usage
   * the server reports (`createChatHandler` does). Once used up, the next request is the
   * final answer with tools disabled, with the status `labels.budgetReached`.
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
   * Whether a round's results go back to the model by themselves; a function decides per
   * round. When it says no, the results are shown and `continue()` sends them.
   * @default true
   */
  autoContinue?: boolean | ((results: ToolCallResult[]) => boolean | PromiseLike<boolean>);
  /**
   * The chat's id; chats with the same id share their conversation and tool executions, and
   * a `storage` saves the chat under it. Change it to switch conversations.
   */
  id?: string;
  /**
   * Saves the conversation (compact tool rounds, versioned) and restores it on load:
   * `memoryStorage()`, `localStorageStorage()`, `indexedDBStorage()` or your own. Failures
   * reach `onError` and never break the chat.
   */
  storage?: ChatStorage;
  initialMessages?: UIMessage[];
  /** User-visible strings; English by default. */
  labels?: Partial<ToolLabels>;
  /** Called once per tool call when the model makes it. */
  onToolCall?: (call: ToolCall) => void;
  /** Called once per tool call with its result (the output as the tool returned it). */
  onToolResult?: (toolName: string, result: ToolCallResult) => void;
  /** Every step of the loop as a typed event: rounds, tool calls with durations, the loop's end and why. */
  onEvent?: (event: ToolLoopEvent) => void;
  /**
   * Logs every loop event to `console.debug`.
   * @default false
   */
  debug?: boolean;
  /** The loop's clock, for timings in events. @default Date.now */
  now?: () => number;
  /** Jitter source of tool retries, in [0, 1). @default Math.random */
  random?: () => number;
  /** Called whenever the chat's activity changes. */
  onStatus?: (activity: Activity) => void;
  /** Called when the loop ends with the model's final message. */
  onFinish?: (message: UIMessage) => void;
  onError?: (error: Error) => void;
}

/** What the UI needs to know about a tool call beyond its message part. */
export type ToolCallPhase =
  | 'streaming-input'
  | 'running'
  | 'awaiting-approval'
  | 'done'
  | 'error'
  | 'denied'
  | 'cancelled'
  | 'pending';

/** A tool call as a card shows it: one per call, derived from the message part and the run. */
export interface ToolCallView {
  toolCallId: string;
  toolName: string;
  phase: ToolCallPhase;
  /** Partial while the arguments stream. */
  input: unknown;
  output?: unknown;
  error?: string;
  /** Milliseconds the tool ran, when known. */
  durationMs?: number;
}

/** What `useToolChat` returns. */
export interface UseToolChatResult {
  id: string;
  messages: UIMessage[];
  /** The AI SDK's request status. */
  status: ChatStatus;
  /** What the whole loop is doing, with a human label. */
  activity: Activity;
  /** True from the user's send until the final answer, across rounds. */
  busy: boolean;
  error: Error | undefined;
  sendMessage: (text: string) => Promise<void>;
  stop: () => void;
  /** Resends the last request after an error. */
  retry: () => Promise<void>;
  approve: (toolCallId: string) => void;
  deny: (toolCallId: string, reason?: string) => void;
  /** Sends the tool results now when automatic continuation is off. */
  continue: () => Promise<void>;
  /** Hands back the result of a tool the app runs itself. */
  addToolResult: (result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }) => void;
  /** Card view of every tool call, keyed by `toolCallId`. */
  getToolCall: (toolCallId: string) => ToolCallView | undefined;
}
