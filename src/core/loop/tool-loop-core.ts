import type { ChatStatus, FinishReason, UIMessage, UIMessageChunk } from 'ai';
import { getToolName } from '../chat/ui-part';
import type { ToolSet } from '../tools/define-tool';
import { errorMessage } from '../tools/errors';
import type { CheckedToolSchemas } from '../tools/tool-schemas';
import type { ToolCall, ToolCallResult, ToolChatRequestBody } from '../tools/types';
import { createListeners } from '../chat/listeners';
import { sameReach } from '../chat/grant-reach';
import type { ToolGrant, ToolGrantReach } from '../chat/grants';
import type { ApprovalAnswer, ApprovalResult } from './approval';
import type { LoopEndReason } from './events';
import type { LoopRunner } from './load-loop-chunk';
import type { LoopCalls, RunToolCallRequest } from './loop-calls';
import { lastStepResults, rememberLastDecision, type LoopDecision } from './loop-policy';
import { initialLoopState, type AnswerEnding, type LoopState } from './loop-state';
import type { LoopAction } from './reduce';
import { reduceControl } from './reduce-control';
import { lastStepToolParts } from './rounds';
import type { ResolvedLoopOptions } from './tool-loop-options';

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
  /** What runs calls and answers their approvals: made with the first call, from the loop's chunk. */
  #calls: LoopCalls | undefined;
  /** Where a grant the user makes goes (the chat's grant book); none: grants last for this loop. */
  #grantSink: ((reach: ToolGrantReach) => void) | undefined;
  #listeners = createListeners();
  #decideNext = rememberLastDecision();

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

  /** The calls: there once the chunk is, which every call waits for. */
  #callsOf(): LoopCalls {
    return (this.#calls ??= new (this.#chunk().LoopCalls)({
      state: () => this.#state,
      dispatch: (action) => this.#dispatch(action),
      options: () => this.#getOptions(),
      chat: () => this.#chat,
      signal: () => this.#abort.signal,
      decide: (messages) => this.decide(messages),
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
    this.#callsOf().onToolCall(toolCall);
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
   * the tools' schemas from `check` (`checkedToolSchemas`). From the loop's chunk.
   * @internal
   */
  requestBodyWith(messages: readonly UIMessage[], check: (tools: ToolSet) => CheckedToolSchemas): ToolChatRequestBody {
    return this.#callsOf().requestBody(messages, check);
  }

  /**
   * For each response, the stage every chunk passes: unique call ids, repeated calls and
   * made-up results dropped, and the usage the model reports counted against the budget and
   * summed over the answer's responses. From the loop's chunk.
   */
  chunkStage(messages: readonly UIMessage[]): (chunk: UIMessageChunk) => UIMessageChunk | undefined {
    return this.#callsOf().chunkStage(messages);
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
    // answers) holds: counted as a round, it would send those results again, forever. (Every
    // request is made by the calls, in the loop's chunk; one stopped before it left has none.)
    const empty = this.#calls?.responseEnded(message, ended === 'complete') ?? false;
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
    this.#calls?.cancelAll();
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
    return this.#callsOf().answerApproval(toolCallId, answer);
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
    // No calls yet: none waiting.
    this.#calls?.granted(grants);
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
    return this.#callsOf().runToolCall(request);
  }

  /** The result of a tool the app runs itself; ignored for any other call, or once answered. */
  addToolResult(result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }): void {
    // No calls yet: no call of the app's to answer.
    this.#calls?.addToolResult(result);
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
    this.#calls?.answerCallers(action);
    this.#listeners.emit();
  }

  #renewAbort(): void {
    if (this.#abort.signal.aborted) this.#abort = new AbortController();
  }

  #now(): number {
    return this.#getOptions().now();
  }
}

export type { RunToolCallRequest } from './loop-calls';
