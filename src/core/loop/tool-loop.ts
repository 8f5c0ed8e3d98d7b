import type { ChatStatus, UIMessage, UIMessageChunk } from 'ai';
import type { ToolSet } from '../tools/define-tool';
import { toolErrorMessages } from '../tools/errors';
import { findTool } from '../tools/execute-tool-calls';
import { DEFAULT_MAX_OUTPUT_BYTES, serializeToolOutput } from '../tools/serialize-output';
import { toolSchemas } from '../tools/tool-schemas';
import type { ToolCall, ToolCallResult, ToolChatRequestBody } from '../tools/types';
import type { Activity } from './activity';
import { deriveActivity } from './derive-activity';
import type { LoopEndReason } from './events';
import { defaultLabels, markerLabels } from './labels';
import { Limiter } from './limiter';
import { LoopLog } from './loop-log';
import { decideNext, isSettled, lastStepResults, outcomeOf, type FinalReason, type LoopDecision } from './loop-policy';
import { DEFAULT_MAX_TOOL_ROUNDS, lastStepToolParts } from './rounds';
import { runToolCall } from './run-tool-call';
import type { ToolLoopOptions } from './tool-loop-options';
import type { ToolRun } from './tool-run';
import { readUsage } from './usage';

export type { ToolLoopOptions } from './tool-loop-options';

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

/**
 * The tool loop of one chat, without React: runs each tool call exactly once, keeps the
 * state of every run for the UI, decides resubmission by the round policy and the token
 * budget, adds the tools to each request, logs every step, and derives one continuous
 * activity for the whole loop.
 */
export class ToolLoop {
  #chat: LoopChat | undefined;
  #getOptions: () => ToolLoopOptions;
  #runs = new Map<string, ToolRun>();
  /** Calls the app answers itself with `addToolResult` (tools without `execute`). */
  #external = new Set<string>();
  /** Calls of the browser's tools seen in a response stream. */
  #browserCalls = new Set<string>();
  #approvals = new Map<string, (approved: boolean, reason?: string) => void>();
  #abort = new AbortController();
  #limiter = new Limiter(() => this.#getOptions().concurrency ?? Number.POSITIVE_INFINITY);
  /** Set by Stop, cleared by the user's next message: nothing goes to the model in between. */
  #stopped = false;
  /** `autoContinue` said no: the results wait for `continue()`. */
  #held = false;
  #finalInFlight: FinalReason | undefined;
  #finalSent = false;
  #log: LoopLog;
  #version = 0;
  #notifyScheduled = false;
  #watchers = new Set<() => void>();
  #listeners = new Set<() => void>();
  #lastActivity: Activity | undefined;

  constructor(getOptions: () => ToolLoopOptions) {
    this.#getOptions = getOptions;
    this.#log = new LoopLog(getOptions);
  }

  attach(chat: LoopChat): void {
    this.#chat = chat;
  }

  // --- AI SDK Chat callbacks -------------------------------------------------------------

  /** For `ChatInit.onToolCall`: starts the call and returns at once (never awaits the output). */
  readonly onToolCall = ({ toolCall }: { toolCall: ToolCall }): void => {
    // Duplicate chunks, remounts and resubmissions all land here: one run per id, ever.
    if (this.#runs.has(toolCall.toolCallId)) return;
    const call = { toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: toolCall.input };
    const arrivedAt = this.#log.now();
    this.#setRun(call, { phase: 'pending', startedAt: arrivedAt });
    this.#log.emit({ type: 'tool-call-start', at: arrivedAt, round: this.#log.round, ...call });
    this.#log.call('onToolCall', () => this.#getOptions().onToolCall?.(call));
    const tool = findTool(this.#tools(), call.toolName);
    // Without `execute` the app runs the tool and answers with addToolResult.
    if (tool && !tool.execute) this.#external.add(call.toolCallId);
    else void this.#start(call, arrivedAt);
  };

  /** For `ChatInit.sendAutomaticallyWhen`: results go back only when all are in and allowed. */
  readonly sendAutomaticallyWhen = async ({ messages }: { messages: UIMessage[] }): Promise<boolean> => {
    if (this.#stopped || this.#held || this.#chat?.status === 'error') return false;
    if (!this.#decide(messages).send) return false;
    // Our own record too: a result the server made up for a call still waiting here does not count.
    for (const part of lastStepToolParts(messages.at(-1))) {
      const run = this.#runs.get(part.toolCallId);
      if (run && !isSettled(run.phase)) return false;
    }
    const auto = this.#getOptions().autoContinue ?? true;
    const go = typeof auto === 'function' ? await auto(lastStepResults(messages)) : auto;
    if (!go) {
      this.#held = true;
      this.#notify();
    }
    return go && !this.#stopped;
  };

  /** The body toolchat adds to a request for these messages; each call is one round. */
  requestBody(messages: readonly UIMessage[]): ToolChatRequestBody {
    const tools = this.#tools();
    const { final, rounds } = this.#decide(messages);
    this.#finalInFlight = final;
    if (final) this.#finalSent = true;
    this.#held = false;
    this.#log.startRound(rounds + 1, final);
    this.#notify();
    if (final) return { toolsDisabled: true };
    return Object.keys(tools).length > 0 ? { tools: toolSchemas(tools) } : {};
  }

  /**
   * Sees every response chunk: the usage the model reports, and the browser's own calls. A
   * repeated call is dropped, and so is a result the stream sends for a call the browser runs:
   * that result can only come from the browser (after approval, when the tool needs it).
   */
  acceptChunk(chunk: UIMessageChunk): boolean {
    const usage = readUsage(chunk);
    if (usage) this.#log.recordUsage(usage);
    if (chunk.type === 'tool-input-available' && !chunk.providerExecuted && findTool(this.#tools(), chunk.toolName)) {
      // A repeated call chunk would set the call back to "input available" after its result.
      if (this.#browserCalls.has(chunk.toolCallId)) return false;
      this.#browserCalls.add(chunk.toolCallId);
    }
    const isResult = chunk.type === 'tool-output-available' || chunk.type === 'tool-output-error' || chunk.type === 'tool-output-denied';
    return !(isResult && (this.#browserCalls.has(chunk.toolCallId) || this.#runs.has(chunk.toolCallId)));
  }

  /** For `ChatInit.onFinish` (once per response): ends the round, and the loop when it is over. */
  onResponseFinish({ message, isAbort, isError }: { message: UIMessage; isAbort: boolean; isError: boolean }): LoopEndReason | undefined {
    const toolCalls = lastStepToolParts(message).length;
    if (!this.#log.endRound(toolCalls)) return undefined;
    const final = this.#finalInFlight;
    this.#finalInFlight = undefined;
    this.#notify();
    if (isAbort) return this.#stopped ? this.#log.endLoop('stopped') : undefined;
    if (isError) return this.#log.endLoop('error');
    if (final) return this.#log.endLoop(final);
    return toolCalls === 0 ? this.#log.endLoop('answered') : undefined;
  }

  // --- user actions ----------------------------------------------------------------------

  /** Called before the user's message goes out: a new turn with a fresh budget. */
  beginTurn(): void {
    this.resume();
    this.#finalSent = false;
    this.#log.tokensUsed = 0;
  }

  /** Lifts Stop and a held `autoContinue`, for `continue()` and `retry()`. */
  resume(): void {
    this.#stopped = false;
    this.#held = false;
    if (this.#abort.signal.aborted) this.#abort = new AbortController();
    this.#notify();
  }

  /**
   * Results on screen wait for the user (`continue()` or their next message) instead of going
   * to the model: for a conversation restored after a reload.
   */
  hold(): void {
    this.#held = true;
    this.#notify();
  }

  /** Aborts running tools; they end as "cancelled" results, and nothing is sent until the user writes. */
  stop(): void {
    this.#stopped = true;
    this.#finalInFlight = undefined;
    this.#abort.abort();
    for (const [id, resolve] of this.#approvals) {
      this.#approvals.delete(id);
      resolve(false, 'cancelled');
    }
    for (const id of this.#external) {
      const run = this.#runs.get(id);
      if (run?.phase === 'pending') this.#settleExternal(run, { ok: false, error: toolErrorMessages.cancelled(run.toolName) }, 'cancelled');
    }
    this.#log.endLoop('stopped');
    this.#notify();
  }

  approve(toolCallId: string): void {
    this.#approvals.get(toolCallId)?.(true);
  }

  deny(toolCallId: string, reason?: string): void {
    this.#approvals.get(toolCallId)?.(false, reason);
  }

  /** The result of a tool the app runs itself; ignored for any other call, or once answered. */
  addToolResult(result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }): void {
    const run = this.#runs.get(result.toolCallId);
    if (!run || run.phase !== 'pending' || !this.#external.has(run.toolCallId)) return;
    this.#settleExternal(run, 'error' in result ? { ok: false, error: result.error } : { ok: true, output: result.output });
  }

  // --- state for the UI ------------------------------------------------------------------

  getRun(toolCallId: string): ToolRun | undefined {
    return this.#runs.get(toolCallId);
  }

  /** Changes on every run update; for `useSyncExternalStore`. */
  getVersion = (): number => this.#version;

  /**
   * Called synchronously on every change, unlike `subscribe`, whose listeners (renders) run
   * once per burst: for observers that must see every state, like `onStatus`.
   */
  watch(watcher: () => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The loop's activity for the chat's current messages and status. */
  activity(): Activity {
    const chat = this.#chat;
    const messages = chat?.messages ?? [];
    const decision = this.#decide(messages);
    const settled = lastStepToolParts(messages.at(-1)).every((part) => {
      const run = this.#runs.get(part.toolCallId);
      return !run || isSettled(run.phase);
    });
    const activity = deriveActivity({
      status: chat?.status ?? 'ready',
      error: chat?.error,
      messages,
      runs: this.#runs,
      next: { send: decision.send && settled && !this.#stopped && !this.#held, final: decision.final },
      finalRound: this.#finalInFlight,
      maxToolRounds: this.#maxToolRounds(),
      labels: {
        ...defaultLabels,
        ...(this.#getOptions().toolMarkers === 'on' ? markerLabels : {}),
        ...this.#getOptions().labels,
      },
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

  #decide(messages: readonly UIMessage[]): LoopDecision {
    return decideNext(messages, {
      maxToolRounds: this.#maxToolRounds(),
      maxTokens: this.#getOptions().maxTokens,
      tokensUsed: this.#log.tokensUsed,
      finalSent: this.#finalSent,
    });
  }

  #start(call: ToolCall, arrivedAt: number): Promise<void> {
    return runToolCall(call, {
      signal: this.#abort.signal,
      tools: this.#tools(),
      options: this.#getOptions(),
      limiter: this.#limiter,
      setPhase: (phase, output) => this.#setRun(call, { phase, startedAt: arrivedAt, ...(output === undefined ? {} : { output }) }),
      askUser: () =>
        new Promise((resolve) => {
          this.#approvals.set(call.toolCallId, (approved, reason) => {
            this.#approvals.delete(call.toolCallId);
            resolve(reason === undefined ? { approved } : { approved, reason });
          });
        }),
      finish: (result, phase) => this.#finish(call, result, phase, arrivedAt),
    });
  }

  #settleExternal(run: ToolRun, outcome: { ok: true; output: unknown } | { ok: false; error: string }, phase?: 'cancelled'): void {
    const call = { toolCallId: run.toolCallId, toolName: run.toolName, input: run.input };
    this.#finish(call, { ...call, ...outcome }, phase, run.startedAt ?? this.#log.now());
  }

  #finish(call: ToolCall, result: ToolCallResult, phase: 'cancelled' | 'denied' | undefined, startedAt: number): void {
    const endedAt = this.#log.now();
    const settled = phase ?? (result.ok ? 'done' : 'error');
    const output = result.ok ? serializeToolOutput(result.output, this.#getOptions().maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES) : undefined;
    this.#setRun(call, { phase: settled, startedAt, endedAt, ...(result.ok ? { output } : { error: result.error }) });
    this.#log.emit({
      type: 'tool-call-end',
      at: endedAt,
      round: this.#log.round,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      durationMs: endedAt - startedAt,
      outcome: outcomeOf(result, settled),
      result,
    });
    this.#log.call('onToolResult', () => this.#getOptions().onToolResult?.(call.toolName, result));
    // The output always lands so the conversation stays valid (every call answered); after
    // Stop, `sendAutomaticallyWhen` keeps it from going to the model until the user writes.
    void this.#chat?.addToolOutput(
      result.ok
        ? { tool: call.toolName, toolCallId: call.toolCallId, output }
        : { tool: call.toolName, toolCallId: call.toolCallId, state: 'output-error', errorText: result.error },
    );
  }

  #setRun(call: ToolCall, update: Omit<ToolRun, 'toolCallId' | 'toolName' | 'input'>): void {
    this.#runs.set(call.toolCallId, { toolCallId: call.toolCallId, toolName: call.toolName, input: call.input, ...update });
    this.#notify();
  }

  #notify(): void {
    this.#version++;
    for (const watcher of this.#watchers) watcher();
    // One render for a burst of changes (a round's calls starting, a result and the request
    // it triggers), after the current task: the next request never waits for the UI.
    if (this.#notifyScheduled) return;
    this.#notifyScheduled = true;
    setTimeout(() => {
      this.#notifyScheduled = false;
      for (const listener of this.#listeners) listener();
    }, 0);
  }
}

function sameActivity(a: Activity, b: Activity | undefined): boolean {
  return b !== undefined && a.state === b.state && a.label === b.label && a.error === b.error;
}
