import type { ChatStatus, UIMessage } from 'ai';
import type { ToolSet } from '../tools/define-tool';
import { errorMessage, toolErrorMessages } from '../tools/errors';
import { DEFAULT_TOOL_TIMEOUT_MS, executeToolCall, findTool } from '../tools/execute-tool-calls';
import { toolSchemas } from '../tools/tool-schemas';
import type { ToolCall, ToolCallResult, ToolChatRequestBody } from '../tools/types';
import type { Activity } from './activity';
import { deriveActivity } from './derive-activity';
import { defaultLabels, type ToolLabels } from './labels';
import { DEFAULT_MAX_TOOL_ROUNDS, nextRequest } from './rounds';
import type { ToolRun } from './tool-run';

/** The part of an AI SDK chat the loop drives. */
export interface LoopChat {
  readonly messages: UIMessage[];
  readonly status: ChatStatus;
  readonly error: Error | undefined;
  addToolOutput(
    options:
      | { tool: string; toolCallId: string; output: unknown }
      | { tool: string; toolCallId: string; state: 'output-error'; errorText: string },
  ): void | PromiseLike<void>;
}

/** Everything the loop reads on each use, so callers can pass the latest props. */
export interface ToolLoopOptions {
  tools?: ToolSet;
  maxToolRounds?: number;
  timeoutMs?: number;
  labels?: Partial<ToolLabels>;
  onToolResult?: (toolName: string, result: ToolCallResult) => void;
  now?: () => number;
}

/**
 * The tool loop of one chat, without React: runs each tool call exactly once, keeps the
 * state of every run for the UI, decides resubmission by the round policy, adds the tools to
 * each request, and derives one continuous activity for the whole loop.
 */
export class ToolLoop {
  #chat: LoopChat | undefined;
  #getOptions: () => ToolLoopOptions;
  #runs = new Map<string, ToolRun>();
  #approvals = new Map<string, (approved: boolean, reason?: string) => void>();
  #abort = new AbortController();
  /** Set by Stop, cleared by the user's next message: nothing goes to the model in between. */
  #stopped = false;
  #finalRequestInFlight = false;
  #version = 0;
  #listeners = new Set<() => void>();
  #lastActivity: Activity | undefined;

  constructor(getOptions: () => ToolLoopOptions) {
    this.#getOptions = getOptions;
  }

  attach(chat: LoopChat): void {
    this.#chat = chat;
  }

  // --- AI SDK Chat callbacks -------------------------------------------------------------

  /** For `ChatInit.onToolCall`: starts the call and returns at once (never awaits the output). */
  readonly onToolCall = ({ toolCall }: { toolCall: ToolCall }): void => {
    if (this.#runs.has(toolCall.toolCallId)) return;
    const tool = findTool(this.#tools(), toolCall.toolName);
    if (tool && !tool.execute) {
      // The app runs this tool itself and answers with addToolResult.
      this.#setRun(toolCall, { phase: 'pending' });
      return;
    }
    this.#setRun(toolCall, { phase: 'running' });
    void this.#start(toolCall);
  };

  /** For `ChatInit.sendAutomaticallyWhen`. */
  readonly sendAutomaticallyWhen = ({ messages }: { messages: UIMessage[] }): boolean => {
    if (this.#stopped) return false;
    return nextRequest(messages, this.#maxToolRounds()).send;
  };

  /** The body toolchat adds to a request for these messages. */
  requestBody(messages: readonly UIMessage[]): ToolChatRequestBody {
    const tools = this.#tools();
    const { toolsDisabled } = nextRequest(messages, this.#maxToolRounds());
    this.#finalRequestInFlight = toolsDisabled;
    this.#notify();
    if (toolsDisabled) return { toolsDisabled: true };
    return Object.keys(tools).length > 0 ? { tools: toolSchemas(tools) } : {};
  }

  // --- user actions ----------------------------------------------------------------------

  /** Called before the user's message goes out. */
  beginTurn(): void {
    this.#stopped = false;
    if (this.#abort.signal.aborted) this.#abort = new AbortController();
  }

  /** Aborts running tools; they end as "cancelled" results, and nothing is sent until the user writes. */
  stop(): void {
    this.#stopped = true;
    this.#finalRequestInFlight = false;
    this.#abort.abort();
    for (const [id, resolve] of this.#approvals) {
      this.#approvals.delete(id);
      resolve(false, 'cancelled');
    }
    this.#notify();
  }

  approve(toolCallId: string): void {
    this.#approvals.get(toolCallId)?.(true);
  }

  deny(toolCallId: string, reason?: string): void {
    this.#approvals.get(toolCallId)?.(false, reason);
  }

  /** The result of a tool the app runs itself. */
  addToolResult(result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }): void {
    const run = this.#runs.get(result.toolCallId);
    if (!run || run.phase !== 'pending') return;
    const call = { toolCallId: run.toolCallId, toolName: run.toolName, input: run.input };
    this.#finish(
      call,
      'error' in result
        ? { ...call, ok: false, error: result.error }
        : { ...call, ok: true, output: result.output },
    );
  }

  // --- state for the UI ------------------------------------------------------------------

  getRun(toolCallId: string): ToolRun | undefined {
    return this.#runs.get(toolCallId);
  }

  /** Changes on every run update; for `useSyncExternalStore`. */
  getVersion = (): number => this.#version;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The loop's activity for the chat's current messages and status. */
  activity(): Activity {
    const chat = this.#chat;
    const activity = deriveActivity({
      status: chat?.status ?? 'ready',
      error: chat?.error,
      messages: chat?.messages ?? [],
      runs: this.#runs,
      stopped: this.#stopped,
      finalRound: this.#finalRequestInFlight,
      maxToolRounds: this.#maxToolRounds(),
      labels: { ...defaultLabels, ...this.#getOptions().labels },
    });
    // A stable object while nothing changed, so React can bail out.
    if (this.#lastActivity && sameActivity(activity, this.#lastActivity)) return this.#lastActivity;
    this.#lastActivity = activity;
    return activity;
  }

  // --- internals -------------------------------------------------------------------------

  #tools(): ToolSet {
    return this.#getOptions().tools ?? {};
  }

  #maxToolRounds(): number {
    return this.#getOptions().maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
  }

  async #start(call: ToolCall): Promise<void> {
    const signal = this.#abort.signal;
    const tool = findTool(this.#tools(), call.toolName);
    if (tool?.needsApproval !== undefined && tool.needsApproval !== false) {
      let needed: boolean;
      try {
        needed =
          typeof tool.needsApproval === 'function'
            ? await (tool.needsApproval as (input: unknown) => boolean | PromiseLike<boolean>)(call.input)
            : true;
      } catch (error) {
        // When we cannot tell, ask.
        needed = true;
        void error;
      }
      if (needed) {
        this.#setRun(call, { phase: 'awaiting-approval' });
        const { approved, reason } = await new Promise<{ approved: boolean; reason?: string }>((resolve) => {
          this.#approvals.set(call.toolCallId, (ok, why) => resolve(why === undefined ? { approved: ok } : { approved: ok, reason: why }));
        });
        this.#approvals.delete(call.toolCallId);
        if (!approved) {
          const cancelled = reason === 'cancelled' && this.#stopped;
          this.#finish(
            call,
            {
              ...call,
              ok: false,
              error: cancelled ? toolErrorMessages.cancelled(call.toolName) : toolErrorMessages.denied(call.toolName, reason),
            },
            cancelled ? 'cancelled' : 'denied',
          );
          return;
        }
        this.#setRun(call, { phase: 'running' });
      }
    }
    const startedAt = this.#now();
    this.#setRun(call, { phase: 'running', startedAt });
    const result = await executeToolCall(call, this.#tools(), {
      signal,
      timeoutMs: this.#getOptions().timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
      onPreliminaryOutput: (_id, output) => this.#setRun(call, { phase: 'running', startedAt, output }),
    });
    const cancelled = signal.aborted;
    this.#finish(call, result, cancelled ? 'cancelled' : undefined, startedAt);
  }

  #finish(call: ToolCall, result: ToolCallResult, phase?: 'cancelled' | 'denied', startedAt?: number): void {
    const endedAt = this.#now();
    this.#setRun(call, {
      phase: phase ?? (result.ok ? 'done' : 'error'),
      ...(startedAt === undefined ? {} : { startedAt }),
      endedAt,
      ...(result.ok ? { output: result.output } : { error: result.error }),
    });
    try {
      this.#getOptions().onToolResult?.(call.toolName, result);
    } catch (error) {
      console.error('toolchat: onToolResult threw', errorMessage(error));
    }
    const chat = this.#chat;
    if (!chat) return;
    // The output always lands so the conversation stays valid (every call answered); after
    // Stop, `sendAutomaticallyWhen` keeps it from going to the model until the user writes.
    void chat.addToolOutput(
      result.ok
        ? { tool: call.toolName, toolCallId: call.toolCallId, output: result.output ?? null }
        : { tool: call.toolName, toolCallId: call.toolCallId, state: 'output-error', errorText: result.error },
    );
  }

  #setRun(call: ToolCall, update: Omit<ToolRun, 'toolCallId' | 'toolName' | 'input'>): void {
    this.#runs.set(call.toolCallId, { toolCallId: call.toolCallId, toolName: call.toolName, input: call.input, ...update });
    this.#notify();
  }

  #now(): number {
    return (this.#getOptions().now ?? Date.now)();
  }

  #notify(): void {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }
}

function sameActivity(a: Activity, b: Activity | undefined): boolean {
  return b !== undefined && a.state === b.state && a.label === b.label && a.error === b.error;
}
