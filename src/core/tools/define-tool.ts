import type { InferToolInput, ToolInputSchema } from './input-schema';

/** What `execute` receives besides the input. */
export interface ToolExecuteOptions {
  /** Aborted when the call times out or the user presses Stop. */
  signal: AbortSignal;
  toolCallId: string;
}

/**
 * A browser-side tool. `execute` may return a value, a Promise, or an async iterable whose
 * yields are preliminary outputs (the last one is the result the model gets).
 */
export interface ToolDefinition<INPUT = unknown, OUTPUT = unknown> {
  /**
   * What people see on the tool's cards ("Get weather"); the model never sees it.
   * @default the tool's name humanised (`getWeather` → "Get weather")
   */
  title?: string;
  /** Tells the model what the tool does and when to call it. */
  description?: string;
  /**
   * Validates the model's input before `execute` runs; its JSON Schema is sent to the model.
   * A zod schema, a JSON Schema made with `jsonSchema()` from `ai`, or any Standard Schema.
   */
  inputSchema: ToolInputSchema<INPUT>;
  /**
   * Runs the tool. Leave it out for tools the app runs itself and answers with
   * `addToolResult`.
   */
  execute?: (input: INPUT, options: ToolExecuteOptions) => OUTPUT | PromiseLike<OUTPUT> | AsyncIterable<OUTPUT>;
  /**
   * The call waits for the user's approval before it runs.
   * @default false
   */
  needsApproval?: boolean | ((input: INPUT) => boolean | PromiseLike<boolean>);
  /**
   * The scope of a call, from its input (the folder a file is in, say): "Allow for this chat"
   * and "Always allow" on the call's card then cover only calls of the same scope (compared
   * exactly), and the card shows it before the user commits. Called with the validated input;
   * when it throws or gives no string, the call can only be approved once.
   * @default none: a grant covers every call of the tool
   * @example grantScope: ({ path }) => path.slice(0, path.lastIndexOf('/') + 1)
   */
  grantScope?: (input: INPUT) => string;
  /**
   * The call fails with a timeout error after this many milliseconds.
   * @default the chat's `timeoutMs` (30 000)
   */
  timeoutMs?: number;
  /**
   * Runs the tool again when it throws or times out (not when the input is invalid or the
   * user stops): up to `attempts` runs in all, waiting `backoffMs`, then twice that, and so
   * on, with jitter. Stop cancels the wait. Only for tools that are safe to run twice.
   * @default no retries
   */
  retry?: ToolRetry;
}

/** Retry policy of a tool. */
export interface ToolRetry {
  /** Runs in all, the first included. */
  attempts: number;
  /**
   * Wait before the first retry; each next wait doubles. Half of each wait is random jitter.
   * @default 0
   */
  backoffMs?: number;
}

/**
 * Any tool, whatever its input and output: the element type of a tool set. The input is
 * `never` so that every concrete tool is assignable to it.
 */
export interface AnyToolDefinition {
  title?: string;
  description?: string;
  inputSchema: ToolInputSchema;
  execute?: (input: never, options: ToolExecuteOptions) => unknown;
  needsApproval?: boolean | ((input: never) => boolean | PromiseLike<boolean>);
  grantScope?: (input: never) => string;
  timeoutMs?: number;
  retry?: ToolRetry;
}

/** Tools keyed by the name the model calls them by. */
export type ToolSet = Record<string, AnyToolDefinition>;

/**
 * Defines a browser-side tool; `execute` receives the input its schema infers (a zod schema,
 * `jsonSchema<T>()` from `ai`, or any Standard Schema).
 *
 * @example
 * const getWeather = defineTool({
 *   description: 'Current weather for a city',
 *   inputSchema: z.object({ city: z.string() }),
 *   execute: async ({ city }, { signal }) => fetchWeather(city, signal),
 * });
 */
export function defineTool<SCHEMA extends ToolInputSchema, OUTPUT>(
  tool: ToolDefinition<InferToolInput<SCHEMA>, OUTPUT> & { inputSchema: SCHEMA },
): ToolDefinition<InferToolInput<SCHEMA>, OUTPUT> & { inputSchema: SCHEMA } {
  return tool;
}
