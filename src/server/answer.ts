import type { LanguageModel, ToolSet as AIToolSet, UIMessage, UIMessageChunk } from 'ai';
import { createToolMarkerTransform } from '../core/marker/transform';
import { toMarkerRequest } from '../core/model/marker-request';
import { streamChat } from '../core/model/stream-chat';
import { withinInputLimits } from '../core/tools/input-limits';
import type { ToolSchemas } from '../core/tools/types';
import { awaitAnswerStart } from './answer-start';
import { jsonError } from './json-error';
import { describeProviderError, type ProviderFailure } from './provider-error';
import type { ReplayStore } from './replay/replay-store';
import { runOnceTools } from './replay/run-once';
import type { ApprovalPolicy } from '../core/loop/approval-policy';
import { requestApprovals } from './trust/request-approvals';
import type { ApprovalDescriber } from './trust/server-approvals';
import { createChunkSigner } from './trust/sign-tool-chunks';
import type { ToolSigner } from './trust/tool-signature';
import { verifyToolParts, type UnverifiedToolPart } from './trust/verify-tool-parts';

/** What the model answers: a conversation, the browser's tools, and the chat it belongs to. */
export interface AnswerInput {
  /** The chat the calls are signed for (a stateless client's `id`, or the stored thread's). */
  chatId: string;
  /** The conversation: the client's (stateless), or the stored path. */
  messages: UIMessage[];
  tools: ToolSchemas;
  toolsDisabled: boolean;
  /** Stops the model when it aborts: the client's request, when the answer ends with it. */
  signal?: AbortSignal;
  /**
   * With `toolMarkers`: the `###:` markers in the answer become tool calls here, as the browser
   * would make them, so that what is stored is what the browser holds (a store's answers).
   * @default false: the browser reads the markers
   */
  parseMarkers?: boolean;
  /** One more stage for each chunk, after signing (the conversations name the answer with it). */
  stage?: (chunk: UIMessageChunk) => UIMessageChunk;
  /** Told once when the answer's stream ends, read to its end or cancelled. */
  onEnd?: () => void;
}

/** An answer under way, or the error response of a model call that failed before any output. */
export type Answer =
  | {
      ok: true;
      /** The answer's chunks; cancelling it stops the model. */
      stream: ReadableStream<UIMessageChunk>;
      /** Stops the model (a Stop, a deleted thread); the stream then ends. */
      stop: (reason?: unknown) => void;
    }
  | { ok: false; response: Response };

export interface AnswererOptions {
  model: LanguageModel;
  system?: string;
  serverTools?: AIToolSet;
  maxSteps?: number;
  toolMarkers?: boolean;
  toolMarkerPrompt?: 'full' | 'compact';
  signer: ToolSigner;
  replayStore: ReplayStore;
  approvalTtlMs: number;
  now: () => number;
  isServerTool: (toolName: string) => boolean;
  onUnverifiedToolPart?: (part: UnverifiedToolPart) => void;
  /** The app's rule for the server tools' calls (`createChatHandler`'s `approvalPolicy`). */
  approvalPolicy?: ApprovalPolicy;
  onApprovalPolicyError: (error: Error) => void;
  /** What a server tool's approval request tells the browser (its schema, a grant's scope). */
  describeApproval: ApprovalDescriber;
}

/**
 * The one pipeline from a conversation to an answer, shared by the stateless handler and the
 * conversations kept on the server: the server-tool parts verified, approved calls claimed once,
 * the model called (or the marker prompt), its first output awaited (so a failed call is an HTTP
 * error), each chunk checked and signed. Its cleanup lives here, once: the model stopped and the
 * claims' records written, whichever way the answer ends.
 */
export function createAnswerer(options: AnswererOptions): (input: AnswerInput) => Promise<Answer> {
  const { isServerTool, signer } = options;
  return async (input) => {
    // A chat's calls verify only in that chat: a signed call pasted into another does not.
    const verified = await verifyToolParts(input.messages, { chatId: input.chatId, isServerTool, signer });
    if (options.onUnverifiedToolPart) for (const part of verified.dropped) options.onUnverifiedToolPart(part);
    const { messages } = verified;
    // The user's edits of approved server calls, checked again here, and the app's policy.
    const approvals = await requestApprovals({
      verified,
      tools: options.serverTools ?? {},
      policy: options.approvalPolicy,
      chatId: input.chatId,
      onPolicyError: options.onApprovalPolicyError,
    });

    const abort = new AbortController();
    const stop = (reason?: unknown) => {
      if (!abort.signal.aborted) abort.abort(reason);
    };
    const { signal } = input;
    if (signal?.aborted) stop(signal.reason);
    else signal?.addEventListener('abort', () => stop(signal.reason), { once: true });

    // Approved server-tool calls are claimed now, before any stream of the request exists.
    const runOnce =
      options.serverTools === undefined
        ? undefined
        : await runOnceTools(options.serverTools, { approved: approvals.runnable, store: options.replayStore, ttlMs: options.approvalTtlMs, now: options.now });
    let ended: Promise<void> | undefined;
    /** Once, however the answer ends: the records of the claimed calls written. */
    const end = () => (ended ??= (runOnce ? runOnce.end() : Promise.resolve()).finally(() => input.onEnd?.()));
    const fail = async (response: Response): Promise<Answer> => {
      stop();
      await end();
      return { ok: false, response };
    };

    let failure: ProviderFailure | undefined;
    let stream: ReadableStream<UIMessageChunk>;
    try {
      const markers = options.toolMarkers
        ? toMarkerRequest({
            messages: approvals.modelMessages ?? messages,
            tools: input.tools,
            toolsDisabled: input.toolsDisabled,
            ...(options.toolMarkerPrompt ? { promptStyle: options.toolMarkerPrompt } : {}),
            ...(options.system === undefined ? {} : { system: options.system }),
          })
        : undefined;
      stream = await streamChat({
        model: options.model,
        messages,
        ...(markers
          ? markers
          : { tools: input.tools, toolsDisabled: input.toolsDisabled, ...(approvals.modelMessages ? { modelMessages: approvals.modelMessages } : {}) }),
        ...(markers || options.system === undefined ? {} : { system: options.system }),
        ...(runOnce === undefined ? {} : { serverTools: approvals.wrapTools(runOnce.tools) }),
        ...(approvals.toolApproval === undefined ? {} : { toolApproval: approvals.toolApproval }),
        ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
        abortSignal: abort.signal,
        onError: (error) => {
          failure = describeProviderError(error);
          return failure.message;
        },
      });
    } catch {
      // Before the model is called, only turning the messages into the model's prompt can fail:
      // a part the conversion cannot read.
      return fail(jsonError(400, 'Invalid messages: they cannot be converted for the model'));
    }
    if (markersParsedHere(options, input)) {
      stream = stream.pipeThrough(createToolMarkerTransform({ toolNames: Object.keys(input.tools) }));
    }
    const sign = createChunkSigner({ chatId: input.chatId, isServerTool, signer, calls: verified.calls, now: options.now, describeApproval: options.describeApproval });
    const { stage } = input;
    const started = await awaitAnswerStart(stream, {
      // A call's input past the limits would fail the stream here (it cannot be written) or
      // every later request (the handler refuses to read it): an input error for that call.
      transform: (chunk) => {
        const signed = sign(withinInputLimits(chunk));
        if (!stage) return signed;
        return signed instanceof Promise ? signed.then(stage) : stage(signed);
      },
      onCancel: stop,
      onEnd: end,
    }).catch((error: unknown) => ({ ok: false as const, thrown: error }));
    if (!started.ok) {
      if ('thrown' in started) {
        console.error(started.thrown);
        return fail(jsonError(500, 'Internal server error'));
      }
      return fail(failureResponse(failure ?? { message: started.errorText, retryable: true, provider: false }));
    }
    return { ok: true, stream: started.stream, stop };
  };
}

function markersParsedHere(options: AnswererOptions, input: AnswerInput): boolean {
  return options.toolMarkers === true && input.parseMarkers === true;
}

/** A model call that failed before any output, as an HTTP error the client can act on. */
function failureResponse(failure: ProviderFailure): Response {
  const status = failure.status === 429 ? 429 : failure.provider ? 502 : 500;
  const headers: Record<string, string> = failure.retryAfterMs === undefined ? {} : { 'retry-after': String(Math.ceil(failure.retryAfterMs / 1000)) };
  return jsonError(status, failure.message, { retryable: failure.retryable, headers });
}
