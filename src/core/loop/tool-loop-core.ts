import { getToolName, type ChatStatus, type FinishReason, type UIMessage, type UIMessageChunk } from 'ai';
import type { AnyToolDefinition, ToolSet } from '../tools/define-tool';
import { errorMessage, toolErrorMessages } from '../tools/errors';
import { findTool } from '../tools/find-tool';
import type { CheckedToolSchemas } from '../tools/tool-schemas';
import type { ToolCall, ToolCallResult, ToolChatRequestBody } from '../tools/types';
import { createListeners } from '../chat/listeners';
import { sameReach, type ToolGrant, type ToolGrantReach } from '../chat/grants';
import type { ApprovalAnswer, ApprovalResult } from './approval';
import type { ApprovalGate } from './approval-gate';
import type { CallApprovals } from './call-approvals';
import type { LoopEndReason } from './events';
import type { Limiter } from './limiter';
import type { LoopRunner } from './load-loop-chunk';
import { lastStepResults, rememberLastDecision, type LoopDecision } from './loop-policy';
import { initialLoopState, type AnswerEnding, type LoopState } from './loop-state';
import { isSettled } from './call-state';
import type { LoopAction } from './reduce';
import { reduceControl } from './reduce-control';
import { lastStepToolParts } from './rounds';
import type { ResolvedLoopOptions } from './tool-loop-options';
import type { ResponseBase } from './response-content';

const NONE_OFFERED: ReadonlySet<string> = new Set();
const NO_TOOLS: ToolSet = Object.freeze(Object.create(null) as ToolSet);

/** The part of an AI SDK chat the loop drives. */
export interface LoopChat {
  /** The chat's id: "Allow for this chat" grants and the approval policy read it. */
  readonly id?: string;
  readonly messages: UIMessage[];
  readonly status: ChatStatus;
  addToolOutput(
    options:
      | { tool: string; toolCallId: string; output: unknown }
      | { tool: string; toolCallId: string; state: 'output-error'; errorText: string },
  ): void | PromiseLike<void>;
}

/**
 * The tool loop of one chat, without React. Its whole state is one `LoopState`, changed only
 * by `reduce` through `#dispatch`, which then emits the log events, calls the app's
 * callbacks, hands each settled call's result to the chat and tells subscribers, in that one
 * place. The class itself does the side effects: running tools, asking for approval, aborting.
 *
 * `ToolLoop` is this with `requestBody` and the loop's chunk loaded with it; a chat of
 * `createToolChat` uses the core, and loads the chunk (and the check of the tools' schemas)
 * before its first request, out of the first load: no call can arrive before it is there.
 */
export class ToolLoopCore {
  #state: LoopState = initialLoopState;
  #chat: LoopChat | undefined;
  #getOptions: () => ResolvedLoopOptions;
  #loaded: () => LoopRunner | undefined;
  #abort = new AbortController();
  /** Made with the first call, from the loop's chunk. */
  #limiter: Limiter | undefined;
  /** The calls' approvals (gates, answers, expiry): made with the first call, from the loop's chunk. */
  #approvals: CallApprovals | undefined;
  /** Where a grant the user makes goes (the chat's grant book); none: grants last for this loop. */
  #grantSink: ((reach: ToolGrantReach) => void) | undefined;
  #listeners = createListeners();
  #decideNext = rememberLastDecision();
  /** The callers of `runToolCall` waiting for their call's one result, by call id. */
  #callers = new Map<string, (result: ToolCallResult) => void>();
  #callerCount = 0;

  /** `chunk`: the loop's chunk, loaded before any call can arrive (see `loopChunk`). */
  constructor(getOptions: () => ResolvedLoopOptions, chunk: () => LoopRunner | undefined) {
    this.#getOptions = getOptions;
    this.#loaded = chunk;
  }

  /** What runs calls: there before any call or response is (the rule of `loopChunk`). */
  #chunk(): LoopRunner {
    const chunk = this.#loaded();
    if (!chunk) throw new Error('toolchat: a response reached the tool loop before its chunk loaded');
    return chunk;
  }

  /** The calls' approvals: there once the chunk is, which every call waits for. */
  #approvalsOf(chunk: LoopRunner): CallApprovals {
    return (this.#approvals ??= new chunk.CallApprovals({
      state: () => this.#state,
      dispatch: (action) => this.#dispatch(action),
      options: () => this.#getOptions(),
      chat: () => this.#chat,
      grant: (reach) => this.grant(reach),
    }));
  }

  attach(chat: LoopChat): void {
    this.#chat = chat;
  }

  /** The loop's state now; a new object after every change. */
  get state(): LoopState {
    return this.#state;
  }

  /** Called synchronously after every change of state. */
  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  // --- AI SDK Chat callbacks -------------------------------------------------------------

  /** For `ChatInit.onToolCall`: starts the call and returns at once (never awaits the output). */
  readonly onToolCall = ({ toolCall }: { toolCall: ToolCall & { providerMetadata?: unknown } }): void => {
    if (this.#state.calls.has(toolCall.toolCallId)) return;
    const call = { toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: toolCall.input };
    const chunk = this.#chunk();
    // Only a tool the model was offered runs: a name it guessed (a tool left out for its schema,
    // one removed since, any tool on the final round) is an unknown tool, whatever the app holds.
    const offered = this.#offered === undefined || this.#offered.has(call.toolName);
    const tool = offered ? findTool(this.#tools(), call.toolName) : undefined;
    // A call of the server's own tools (signed by `createChatHandler`) is the server's to run:
    // its approval, if it asks, is answered on its part (see `answerApproval` of the chat).
    if (!tool && chunk.isServerCall(toolCall)) return;
    // A tool without `execute` is the app's to run: it answers with `addToolResult`.
    const runner = tool && typeof tool.execute !== 'function' ? 'app' : 'loop';
    // An async `needsApproval` or policy shows as deciding until it answers, never as running.
    const gate = this.#approvalsOf(chunk).receive(call, runner, tool);
    if (runner === 'loop') void this.#run(call, gate, offered);
  };

  /** For `ChatInit.sendAutomaticallyWhen`: results go back only when all are in and allowed. */
  readonly sendAutomaticallyWhen = async ({ messages }: { messages: UIMessage[] }): Promise<boolean> => {
    if (this.#chat?.status === 'error' || !this.decide(messages).send) return false;
    const auto = this.#getOptions().autoContinue;
    let go: boolean = auto !== false;
    if (typeof auto === 'function') {
      try {
        go = await auto(lastStepResults(messages));
      } catch (error) {
        // Holding is the safe side: the results stay on screen for `continue()`.
        console.error('toolchat: autoContinue threw', errorMessage(error));
        go = false;
      }
    }
    if (!go) this.#dispatch({ type: 'held' });
    return go && this.#state.control === 'active';
  };

  /**
   * The body toolchat adds to a request for these messages (each request is one round), with
   * the tools' schemas from `check` (`checkedToolSchemas`).
   * @internal
   */
  requestBodyWith(messages: readonly UIMessage[], check: (tools: ToolSet) => CheckedToolSchemas): ToolChatRequestBody {
    const { final, rounds } = this.decide(messages);
    this.#requestBase = this.#chunk().responseBase(messages);
    this.#dispatch({ type: 'request-sent', rounds, final });
    this.#offered = NONE_OFFERED;
    if (final) return { toolsDisabled: true };
    const tools = this.#tools();
    if (Object.keys(tools).length === 0) return {};
    const { schemas, rejected } = check(tools);
    this.#reportRejected(tools, rejected);
    this.#offered = new Set(Object.keys(schemas));
    return { tools: schemas };
  }

  /** Where the conversation stood when the last request left: its response writes after it. */
  #requestBase: ResponseBase | undefined;

  /**
   * The names of the tools the latest request offered the model: its calls of any other name
   * fail as unknown tools. `undefined` until a request of this loop went out (a stream resumed
   * after a reload answers a request of the page before): then every tool of the chat.
   */
  #offered: ReadonlySet<string> | undefined;

  /** The tool sets whose left-out tools were reported: once per set, not once per request. */
  #reported = new WeakSet<ToolSet>();

  #reportRejected(tools: ToolSet, rejected: readonly Error[]): void {
    if (rejected.length === 0 || this.#reported.has(tools)) return;
    this.#reported.add(tools);
    for (const error of rejected) {
      try {
        this.#getOptions().onError?.(error);
      } catch (thrown) {
        console.error('toolchat: onError threw', errorMessage(thrown));
      }
    }
  }

  /**
   * For each response, the stage every chunk passes: unique call ids, repeated calls and
   * made-up results dropped, and the usage the model reports counted against the budget and
   * summed over the answer's responses (`answerUsage`).
   */
  chunkStage(messages: readonly UIMessage[]): (chunk: UIMessageChunk) => UIMessageChunk | undefined {
    const { answerUsageStage, createCallIdentity, readUsage } = this.#chunk();
    const answerUsage = answerUsageStage(messages);
    const identity = createCallIdentity(messages, {
      isBrowserTool: (toolName) => findTool(this.#tools(), toolName) !== undefined,
      isKnownCall: (toolCallId) => this.#state.calls.has(toolCallId),
    });
    return (chunk) => {
      const usage = readUsage(chunk);
      if (!usage) return identity(chunk);
      this.#dispatch({ type: 'usage-reported', usage });
      return identity(answerUsage(chunk));
    };
  }

  /** For `ChatInit.onFinish` (once per response): ends the round, and tells how the loop ended if it did. */
  onResponseFinish({
    message,
    isAbort,
    isError,
    finishReason,
  }: {
    message: UIMessage;
    isAbort: boolean;
    isError: boolean;
    finishReason?: FinishReason | undefined;
  }): LoopEndReason | undefined {
    const wasRunning = this.#state.running;
    const ended = isAbort ? 'aborted' : isError ? 'error' : 'complete';
    const messageId = message.role === 'assistant' ? message.id : undefined;
    // A response that wrote nothing called no tool, whatever the step before it (the results it
    // answers) holds: counted as a round, it would send those results again, forever.
    // (A complete response passed the chunk's stage: the chunk is there.)
    const empty = ended === 'complete' && this.#chunk().wroteNothing(message, this.#requestBase);
    this.#requestBase = undefined;
    const toolCalls = empty ? 0 : lastStepToolParts(message).length;
    this.#dispatch({ type: 'response-finished', toolCalls, ended, messageId, finishReason, empty });
    return wasRunning && !this.#state.running ? this.#state.endReason : undefined;
  }

  // --- user actions ----------------------------------------------------------------------

  /** The user's message is about to go out: a new turn with a fresh budget. */
  beginTurn(): void {
    this.#renewAbort();
    this.#dispatch({ type: 'user-message' });
  }

  /** Lifts Stop and a held `autoContinue`, for `continue()` and `retry()`. */
  resume(): void {
    this.#renewAbort();
    this.#dispatch({ type: 'resumed' });
  }

  /** Results on screen wait for the user (`continue()` or their next message): for a restored chat. */
  hold(): void {
    this.#dispatch({ type: 'held' });
  }

  /** How a restored chat's answers ended, so their notices (and Continue) show again. */
  restoreEndings(endings: ReadonlyMap<string, AnswerEnding>): void {
    this.#dispatch({ type: 'endings-restored', endings });
  }

  /**
   * Stops everything: running tools are aborted, and every open call, in any phase, ends as
   * cancelled at once (also one whose input was still streaming); nothing goes to the model
   * until the user writes.
   */
  stop(): void {
    const last = this.#chat?.messages.at(-1);
    const abandoned = lastStepToolParts(last).filter(
      (part) => part.state === 'input-streaming' && !part.providerExecuted && !this.#state.calls.has(part.toolCallId),
    );
    this.#dispatch({
      type: 'stopped',
      abandoned: abandoned.map((part) => ({ toolCallId: part.toolCallId, toolName: getToolName(part), input: part.input ?? {} })),
      messageId: last?.role === 'assistant' ? last.id : undefined,
      at: this.#now(),
    });
    this.#abort.abort();
    this.#approvals?.cancelAll();
  }

  /** "Approve": this call runs, this once. */
  approve(toolCallId: string): void {
    void this.answerApproval(toolCallId, { choice: 'allow-once' });
  }

  deny(toolCallId: string, reason?: string): void {
    void this.answerApproval(toolCallId, reason === undefined ? { choice: 'deny' } : { choice: 'deny', reason });
  }

  /**
   * The user's answer to a call waiting for approval: run it once, for this chat or always (a
   * grant the chat keeps; calls it covers that wait now run too), deny it, or run it with edited
   * arguments, checked against the tool's schema first: refused, the call keeps waiting with the
   * error. Resolves with what came of it; never rejects. (A call waits only once the loop's chunk
   * is there: the answer is read in it.)
   */
  answerApproval(toolCallId: string, answer: ApprovalAnswer): Promise<ApprovalResult> {
    return this.#approvalsOf(this.#chunk()).answer(toolCallId, answer);
  }

  /**
   * A grant the user made (or the app, `alwaysAllow`): kept where the chat keeps grants, and the
   * calls waiting for approval that it covers run now.
   */
  grant(reach: ToolGrantReach): void {
    if (this.#grantSink) this.#grantSink(reach);
    else this.setGrants([...this.#state.grants.filter((grant) => !sameReach(grant, reach)), { ...reach, grantedAt: this.#now() }]);
  }

  /** Where grants go: the chat's grant book, which hands every change back with `setGrants`. */
  bindGrants(sink: (reach: ToolGrantReach) => void): void {
    this.#grantSink = sink;
  }

  /**
   * The user's grants changed (made, revoked, loaded): calls waiting for approval that a grant
   * now covers run. A revoked grant takes back nothing already allowed; the next call asks.
   */
  setGrants(grants: readonly ToolGrant[]): void {
    this.#dispatch({ type: 'grants-changed', grants });
    // No approvals yet: no call, none waiting.
    this.#approvals?.granted(grants);
  }

  /**
   * Runs a call the model did not make (an MCP App's own call, say) through the loop, as every
   * call: the tool's approval rule and the user's grants, input validation, the concurrency
   * limit, the timeout, Stop, the output limit, `onToolCall` / `onToolResult` and the log. The
   * call has no message part and its result never reaches the conversation: it resolves here,
   * exactly once (an error result when it fails, is denied, cancelled or `signal` aborts).
   * The loop's chunk is loaded first (the chat's `runToolCall` waits for it), as for every call.
   */
  runToolCall(request: RunToolCallRequest): Promise<ToolCallResult> {
    const { toolName, input } = request;
    let toolCallId: string;
    do toolCallId = `${request.origin}:call-${++this.#callerCount}`;
    while (this.#state.calls.has(toolCallId));
    const call: ToolCall = { toolCallId, toolName, input };
    const tool = request.tool ?? findTool(this.#tools(), toolName);
    // The one tool this call may run, under its own name: nothing else of the chat is reachable.
    const tools: ToolSet = Object.create(null) as ToolSet;
    if (tool) tools[toolName] = tool;
    const result = new Promise<ToolCallResult>((resolve) => this.#callers.set(toolCallId, resolve));
    const gate = this.#approvalsOf(this.#chunk()).receive(call, 'loop', tool, request.origin);
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
    const call = this.#state.calls.get(result.toolCallId);
    if (!call || call.runner !== 'app') return;
    this.#settle(call, 'error' in result ? { ...call, ok: false, error: String(result.error) } : { ...call, ok: true, output: result.output }, false);
  }

  /** The decision for the next request with these messages, by the loop's state and options. */
  decide(messages: readonly UIMessage[]): LoopDecision {
    const { maxToolRounds, maxTokens } = this.#getOptions();
    return this.#decideNext(messages, this.#state, { maxToolRounds, maxTokens });
  }

  // --- internals -------------------------------------------------------------------------

  #dispatch(action: LoopAction): void {
    const prev = this.#state;
    // Before the chunk is there, only what needs no call can happen (`reduceControl`).
    const next = (this.#loaded()?.reduce ?? reduceControl)(prev, action);
    if (next === prev) return;
    this.#state = next;
    // Nothing to do outside the state before the chunk is there: no call, nothing to log.
    this.#loaded()?.runEffects(action, prev, next, this.#getOptions(), this.#chat, this.#now());
    if (this.#callers.size > 0) this.#answerCallers(action);
    this.#listeners.emit();
  }

  /** Hands each `runToolCall` whose call settled its one result: the tool's own output, not the model's JSON. */
  #answerCallers(action: LoopAction): void {
    for (const [toolCallId, resolve] of this.#callers) {
      const call = this.#state.calls.get(toolCallId);
      if (!call || !isSettled(call.phase)) continue;
      this.#callers.delete(toolCallId);
      const base = { toolCallId, toolName: call.toolName };
      if (action.type === 'call-settled' && action.toolCallId === toolCallId && !action.cancelled) resolve(action.result);
      else resolve(call.phase === 'done' ? { ...base, ok: true, output: call.output } : { ...base, ok: false, error: call.error ?? '' });
    }
  }

  /** Ends one open call as cancelled: its caller gave up (an MCP App went away). */
  #cancel(call: ToolCall): void {
    const waiting = this.#approvals?.withdraw(call.toolCallId);
    this.#dispatch({ type: 'call-settled', toolCallId: call.toolCallId, result: { ...call, ok: false, error: toolErrorMessages.cancelled(call.toolName) }, output: undefined, cancelled: true, at: this.#now() });
    waiting?.({ approved: false, reason: 'cancelled' });
  }

  #run(
    call: ToolCall,
    gate: ApprovalGate | Promise<ApprovalGate>,
    offered: boolean,
    caller?: { tools: () => ToolSet; signal: AbortSignal | undefined },
  ): Promise<void> {
    const options = this.#getOptions();
    // The Stop of the moment the call arrived, also when the chunk is still loading; and the
    // caller's own signal for a call the model did not make.
    const signal = caller?.signal ? AbortSignal.any([this.#abort.signal, caller.signal]) : this.#abort.signal;
    const chunk = this.#chunk();
    const approvals = this.#approvalsOf(chunk);
    // A call shown as waiting for approval takes the user's answer at once.
    const asked = !(gate instanceof Promise) && gate.kind === 'ask' ? approvals.ask(call.toolCallId) : undefined;
    const { runToolCall, toJsonValue, Limiter } = chunk;
    return runToolCall(call, {
        gate,
        decided: (decided) => approvals.decided(call.toolCallId, decided),
        signal,
        // Read when the call runs, after approval: a tool the app removed meanwhile is not run.
        tools: caller?.tools ?? (() => (offered ? this.#tools() : NO_TOOLS)),
        timeoutMs: options.timeoutMs,
        random: options.random,
        limiter: (this.#limiter ??= new Limiter(() => this.#getOptions().concurrency)),
        askUser: () => asked ?? approvals.ask(call.toolCallId),
        started: () => this.#dispatch({ type: 'call-started', toolCallId: call.toolCallId }),
        progressed: (output) => this.#dispatch({ type: 'call-progressed', toolCallId: call.toolCallId, output: toJsonValue(output) }),
        finish: (result, cancelled) => this.#settle(call, result, cancelled),
      });
  }

  #settle(call: ToolCall, result: ToolCallResult, cancelled: boolean): void {
    let output: unknown;
    let settled = result;
    if (result.ok) {
      try {
        output = this.#chunk().serializeToolOutput(result.output, this.#getOptions().maxOutputBytes);
      } catch (error) {
        // `serializeToolOutput` does not throw; should it ever, the call still gets its result.
        settled = unserialisable(call, error);
      }
    }
    this.#dispatch({ type: 'call-settled', toolCallId: call.toolCallId, result: settled, output, cancelled, at: this.#now() });
  }

  #renewAbort(): void {
    if (this.#abort.signal.aborted) this.#abort = new AbortController();
  }

  #tools(): ToolSet {
    return this.#getOptions().tools;
  }

  #now(): number {
    return this.#getOptions().now();
  }
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

function unserialisable(call: ToolCall, error: unknown): ToolCallResult {
  return { ...call, ok: false, error: `The output of tool "${call.toolName}" could not be serialised: ${errorMessage(error)}` };
}
