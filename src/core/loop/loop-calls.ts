import type { UIMessage, UIMessageChunk } from 'ai';
import type { AnyToolDefinition, ToolSet } from '../tools/define-tool';
import { errorMessage, toolErrorMessages } from '../tools/errors';
import { findTool } from '../tools/find-tool';
import { serializeToolOutput, toJsonValue } from '../tools/serialize-output';
import type { CheckedToolSchemas } from '../tools/tool-schemas';
import type { ToolCall, ToolCallResult, ToolChatRequestBody } from '../tools/types';
import type { ToolGrant } from '../chat/grants';
import type { ApprovalAnswer, ApprovalResult } from './approval';
import type { ApprovalGate } from './approval-gate';
import { CallApprovals, isServerCall, type ApprovalHost } from './call-approvals';
import { isSettled } from './call-state';
import { createCallIdentity } from './call-identity';
import { Limiter } from './limiter';
import type { LoopDecision } from './loop-policy';
import type { LoopAction } from './reduce';
import { responseBase, wroteNothing, type ResponseBase } from './response-content';
import { runToolCall } from './run-tool-call';
import { answerUsageStage, readUsage } from './usage';

const NO_TOOLS: ToolSet = Object.freeze(Object.create(null) as ToolSet);
const NONE_OFFERED: ReadonlySet<string> = new Set();

/** What the calls of a loop read and change of it: its state goes through its `dispatch` only. */
export interface LoopCallsHost extends ApprovalHost {
  /** The Stop of the moment: aborted by `stop()`, renewed by the user's next turn. */
  signal(): AbortSignal;
  decide(messages: readonly UIMessage[]): LoopDecision;
}

/** A call for `runToolCall`: one the model did not make. */
export interface RunToolCallRequest {
  toolName: string;
  input: unknown;
  /**
   * Who makes the call, for the call's record (`origin`) and its id (`<origin>:call-<n>`):
   * e.g. `mcp-app:<id of the call whose app makes it>`.
   */
  origin: string;
  /** The tool to run; by default the chat's tool of that name. */
  tool?: AnyToolDefinition;
  /** Aborting it ends the call as cancelled, also while it waits for approval. */
  signal?: AbortSignal;
}

/**
 * What a tool loop does once it talks to the model: the tools each request offers, the stage of
 * each response and what its end wrote, and the calls (running them through approval, the
 * concurrency limit and Stop; their results, the app's own results, the callers of
 * `runToolCall`). From the loop's chunk: a loop makes it with its first request or call, neither
 * of which can come before the chunk is there.
 */
export class LoopCalls {
  #host: LoopCallsHost;
  #limiter: Limiter | undefined;
  readonly #approvals: CallApprovals;
  /** The callers of `runToolCall` waiting for their call's one result, by call id. */
  #callers = new Map<string, (result: ToolCallResult) => void>();
  #callerCount = 0;
  /**
   * The names of the tools the latest request offered the model: its calls of any other name
   * fail as unknown tools. `undefined` until a request of this loop went out (a stream resumed
   * after a reload answers a request of the page before): then every tool of the chat.
   */
  #offered: ReadonlySet<string> | undefined;
  /** Where the conversation stood when the last request left: its response writes after it. */
  #requestBase: ResponseBase | undefined;
  /** The tool sets whose left-out tools were reported: once per set, not once per request. */
  #reported = new WeakSet<ToolSet>();

  constructor(host: LoopCallsHost) {
    this.#host = host;
    this.#approvals = new CallApprovals(host);
  }

  /** See `ToolLoopCore.requestBodyWith`. */
  requestBody(messages: readonly UIMessage[], check: (tools: ToolSet) => CheckedToolSchemas): ToolChatRequestBody {
    const { final, rounds } = this.#host.decide(messages);
    this.#requestBase = responseBase(messages);
    this.#host.dispatch({ type: 'request-sent', rounds, final });
    this.#offered = NONE_OFFERED;
    if (final) return { toolsDisabled: true };
    const tools = this.#tools();
    if (Object.keys(tools).length === 0) return {};
    const { schemas, rejected } = check(tools);
    this.#reportRejected(tools, rejected);
    this.#offered = new Set(Object.keys(schemas));
    return { tools: schemas };
  }

  #reportRejected(tools: ToolSet, rejected: readonly Error[]): void {
    if (rejected.length === 0 || this.#reported.has(tools)) return;
    this.#reported.add(tools);
    for (const error of rejected) {
      try {
        this.#host.options().onError?.(error);
      } catch (thrown) {
        console.error('toolchat: onError threw', errorMessage(thrown));
      }
    }
  }

  /** See `ToolLoopCore.chunkStage`. */
  chunkStage(messages: readonly UIMessage[]): (chunk: UIMessageChunk) => UIMessageChunk | undefined {
    const answerUsage = answerUsageStage(messages);
    const identity = createCallIdentity(messages, {
      isBrowserTool: (toolName) => findTool(this.#tools(), toolName) !== undefined,
      isKnownCall: (toolCallId) => this.#host.state().calls.has(toolCallId),
    });
    return (chunk) => {
      const usage = readUsage(chunk);
      if (!usage) return identity(chunk);
      this.#host.dispatch({ type: 'usage-reported', usage });
      return identity(answerUsage(chunk));
    };
  }

  /** A response ended: whether it was complete and wrote nothing after where its request left the conversation. */
  responseEnded(message: UIMessage, complete: boolean): boolean {
    const base = this.#requestBase;
    this.#requestBase = undefined;
    return complete && wroteNothing(message, base);
  }

  /** For `ChatInit.onToolCall`: starts the call and returns at once (never awaits the output). */
  onToolCall(toolCall: ToolCall & { providerMetadata?: unknown }): void {
    if (this.#host.state().calls.has(toolCall.toolCallId)) return;
    const call = { toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: toolCall.input };
    // Only a tool the model was offered runs: a name it guessed (a tool left out for its schema,
    // one removed since, any tool on the final round) is an unknown tool, whatever the app holds.
    const offered = this.#offered;
    const isOffered = offered === undefined || offered.has(call.toolName);
    const tool = isOffered ? findTool(this.#tools(), call.toolName) : undefined;
    // A call of the server's own tools (signed by `createChatHandler`) is the server's to run:
    // its approval, if it asks, is answered on its part (see `answerApproval` of the chat).
    if (!tool && isServerCall(toolCall)) return;
    // A tool without `execute` is the app's to run: it answers with `addToolResult`.
    const runner = tool && typeof tool.execute !== 'function' ? 'app' : 'loop';
    // An async `needsApproval` or policy shows as deciding until it answers, never as running.
    const gate = this.#approvals.receive(call, runner, tool);
    if (runner === 'loop') void this.#run(call, gate, isOffered);
  }

  /** See `ToolLoopCore.runToolCall`. */
  runToolCall(request: RunToolCallRequest): Promise<ToolCallResult> {
    const { toolName, input } = request;
    let toolCallId: string;
    do toolCallId = `${request.origin}:call-${++this.#callerCount}`;
    while (this.#host.state().calls.has(toolCallId));
    const call: ToolCall = { toolCallId, toolName, input };
    const tool = request.tool ?? findTool(this.#tools(), toolName);
    // The one tool this call may run, under its own name: nothing else of the chat is reachable.
    const tools: ToolSet = Object.create(null) as ToolSet;
    if (tool) tools[toolName] = tool;
    const result = new Promise<ToolCallResult>((resolve) => this.#callers.set(toolCallId, resolve));
    const gate = this.#approvals.receive(call, 'loop', tool, request.origin);
    const { signal } = request;
    if (signal) {
      const abort = () => this.#cancel(call);
      if (signal.aborted) abort();
      else {
        signal.addEventListener('abort', abort, { once: true });
        void result.then(() => signal.removeEventListener('abort', abort));
      }
    }
    if (this.#callers.has(toolCallId)) void this.#run(call, gate, true, { tools: () => tools, signal });
    return result;
  }

  /** The result of a tool the app runs itself; ignored for any other call, or once answered. */
  addToolResult(result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }): void {
    const call = this.#host.state().calls.get(result.toolCallId);
    if (!call || call.runner !== 'app') return;
    this.#settle(call, 'error' in result ? { ...call, ok: false, error: String(result.error) } : { ...call, ok: true, output: result.output }, false);
  }

  answerApproval(toolCallId: string, answer: ApprovalAnswer): Promise<ApprovalResult> {
    return this.#approvals.answer(toolCallId, answer);
  }

  /** Stop: every call waiting for an answer stops waiting. */
  cancelAll(): void {
    this.#approvals.cancelAll();
  }

  /** The user's grants changed: calls waiting for approval that a grant now covers run. */
  granted(grants: readonly ToolGrant[]): void {
    this.#approvals.granted(grants);
  }

  /** After each change of state: hands each `runToolCall` whose call settled its one result (the tool's own output, not the model's JSON). */
  answerCallers(action: LoopAction): void {
    if (this.#callers.size === 0) return;
    for (const [toolCallId, resolve] of this.#callers) {
      const call = this.#host.state().calls.get(toolCallId);
      if (!call || !isSettled(call.phase)) continue;
      this.#callers.delete(toolCallId);
      const base = { toolCallId, toolName: call.toolName };
      if (action.type === 'call-settled' && action.toolCallId === toolCallId && !action.cancelled) resolve(action.result);
      else resolve(call.phase === 'done' ? { ...base, ok: true, output: call.output } : { ...base, ok: false, error: call.error ?? '' });
    }
  }

  /** Ends one open call as cancelled: its caller gave up (an MCP App went away). */
  #cancel(call: ToolCall): void {
    const waiting = this.#approvals.withdraw(call.toolCallId);
    this.#host.dispatch({ type: 'call-settled', toolCallId: call.toolCallId, result: { ...call, ok: false, error: toolErrorMessages.cancelled(call.toolName) }, output: undefined, cancelled: true, at: this.#now() });
    waiting?.({ approved: false, reason: 'cancelled' });
  }

  #run(
    call: ToolCall,
    gate: ApprovalGate | Promise<ApprovalGate>,
    offered: boolean,
    caller?: { tools: () => ToolSet; signal: AbortSignal | undefined },
  ): Promise<void> {
    const options = this.#host.options();
    // The Stop of the moment the call arrived; and the caller's own signal for a call the model did not make.
    const stop = this.#host.signal();
    const signal = caller?.signal ? AbortSignal.any([stop, caller.signal]) : stop;
    const approvals = this.#approvals;
    // A call shown as waiting for approval takes the user's answer at once.
    const asked = !(gate instanceof Promise) && gate.kind === 'ask' ? approvals.ask(call.toolCallId) : undefined;
    const dispatch = this.#host.dispatch;
    return runToolCall(call, {
      gate,
      decided: (decided) => approvals.decided(call.toolCallId, decided),
      signal,
      // Read when the call runs, after approval: a tool the app removed meanwhile is not run.
      tools: caller?.tools ?? (() => (offered ? this.#tools() : NO_TOOLS)),
      timeoutMs: options.timeoutMs,
      random: options.random,
      limiter: (this.#limiter ??= new Limiter(() => this.#host.options().concurrency)),
      askUser: () => asked ?? approvals.ask(call.toolCallId),
      started: () => dispatch({ type: 'call-started', toolCallId: call.toolCallId }),
      progressed: (output) => dispatch({ type: 'call-progressed', toolCallId: call.toolCallId, output: toJsonValue(output) }),
      finish: (result, cancelled) => this.#settle(call, result, cancelled),
    });
  }

  #settle(call: ToolCall, result: ToolCallResult, cancelled: boolean): void {
    let output: unknown;
    let settled = result;
    if (result.ok) {
      try {
        output = serializeToolOutput(result.output, this.#host.options().maxOutputBytes);
      } catch (error) {
        // `serializeToolOutput` does not throw; should it ever, the call still gets its result.
        settled = { ...call, ok: false, error: `The output of tool "${call.toolName}" could not be serialised: ${errorMessage(error)}` };
      }
    }
    this.#host.dispatch({ type: 'call-settled', toolCallId: call.toolCallId, result: settled, output, cancelled, at: this.#now() });
  }

  #tools(): ToolSet {
    return this.#host.options().tools;
  }

  #now(): number {
    return this.#host.options().now();
  }
}
