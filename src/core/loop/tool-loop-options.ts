import type { ToolSet } from '../tools/define-tool';
import { checkNumberOption, numberRules } from '../tools/number-options';
import type { ToolCall, ToolCallResult } from '../tools/types';
import type { ApprovalPolicy } from './approval-policy';
import type { ToolLoopEvent } from './events';
import { DEFAULT_MAX_TOOL_ROUNDS } from './rounds';

/** Everything the loop reads on each use, so callers can pass the latest props. */
export interface ToolLoopOptions<TOOLS extends ToolSet = ToolSet> {
  /** Browser-side tools the model may call. */
  tools?: TOOLS;
  /**
   * Tool rounds before one last request goes out with tools disabled.
   * @default 5
   */
  maxToolRounds?: number;
  /**
   * Default time limit of a tool call in milliseconds; `Infinity` for none.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * How many tool calls run at once; the others wait, shown as pending.
   * @default Infinity
   */
  concurrency?: number;
  /**
   * Token budget of one turn (the user's message and every round after it), from the usage
   * the server reports (`createChatHandler` does). Once used up, the next request is the
   * final answer with tools disabled.
   * @default no budget
   */
  maxTokens?: number;
  /**
   * Size cap of a tool output as JSON (at least 512); a larger output reaches the model
   * truncated, with a note saying so.
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
   * The app's rule for tool calls, asked before the user is: `'allow'` runs a call without asking
   * (its card says so, with the reason), `'deny'` refuses it (the model reads the reason),
   * `'ask'` asks the user, `undefined` leaves it to the tool's `needsApproval` and the user's
   * grants. Sync or async; it sees the tool, the validated input, the conversation and the chat's
   * id. One that throws, rejects or takes over 10 s asks the user (and reaches `onError`):
   * a failing policy never runs a tool unasked.
   * @default none: each tool's `needsApproval` decides
   */
  approvalPolicy?: ApprovalPolicy;
  /**
   * How long a call waits for the user's approval: then it ends as expired ("Expired" on its
   * card) and the model is told, once. Stop still ends a waiting call as cancelled.
   * @default Infinity (a call waits until answered, Stop, or the user's next message)
   */
  approvalTimeoutMs?: number;
  /**
   * Told about failures beside the conversation; from the loop: a tool left out of the requests
   * because the handler would refuse its name or JSON Schema (a `ToolSchemaError` naming it,
   * once per tool set); an `approvalPolicy` that failed (the user was asked instead).
   */
  onError?: (error: Error) => void;
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
}

/**
 * Checks the numeric options where they enter (the hook, `new ToolLoop`): a `TypeError`
 * naming the option, never a hang or a hole later.
 */
export function checkLoopOptions(options: ToolLoopOptions): void {
  checkNumberOption('maxToolRounds', options.maxToolRounds, numberRules.maxToolRounds);
  checkNumberOption('timeoutMs', options.timeoutMs, numberRules.timeoutMs);
  checkNumberOption('concurrency', options.concurrency, numberRules.concurrency);
  checkNumberOption('maxTokens', options.maxTokens, numberRules.maxTokens);
  checkNumberOption('maxOutputBytes', options.maxOutputBytes, numberRules.maxOutputBytes);
  checkNumberOption('approvalTimeoutMs', options.approvalTimeoutMs, numberRules.timeoutMs);
  if (options.approvalPolicy !== undefined && typeof options.approvalPolicy !== 'function') {
    throw new TypeError(`toolchat: \`approvalPolicy\` must be a function; got ${typeof options.approvalPolicy}.`);
  }
}

/**
 * The loop's options with its defaults filled in, the one place they are: what the loop reads.
 * `timeoutMs` and `maxOutputBytes` stay as given: their defaults apply where they act
 * (`executeToolCall`, `serializeToolOutput`), which other callers use too.
 */
export type ResolvedLoopOptions<TOOLS extends ToolSet = ToolSet> = ToolLoopOptions<TOOLS> &
  Required<Pick<ToolLoopOptions<TOOLS>, 'tools' | 'maxToolRounds' | 'concurrency' | 'autoContinue' | 'now' | 'random'>>;

const NO_TOOLS: ToolSet = Object.freeze(Object.create(null) as ToolSet);

/** Checks the options, then fills in every default (see `ResolvedLoopOptions`). */
export function resolveLoopOptions<TOOLS extends ToolSet>(options: ToolLoopOptions<TOOLS>): ResolvedLoopOptions<TOOLS> {
  checkLoopOptions(options);
  return {
    ...options,
    tools: options.tools ?? (NO_TOOLS as TOOLS),
    maxToolRounds: options.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS,
    concurrency: options.concurrency ?? Number.POSITIVE_INFINITY,
    autoContinue: options.autoContinue ?? true,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
  };
}
