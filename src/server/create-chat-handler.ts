import { createOpenAI } from '@ai-sdk/openai';
import { createUIMessageStreamResponse, wrapLanguageModel, type LanguageModel, type ToolSet as AIToolSet } from 'ai';
import { createDemoModel } from '../core/model/demo/model';
import { createAnswerer } from './answer';
import { readChatRequest } from './chat-request';
import { jsonError } from './json-error';
import { providerErrorMiddleware } from './provider-error';
import { processReplayStore, type ReplayStore } from './replay/replay-store';
import { checkSettings } from './settings';
import { createConversations, type ServerConversationOptions } from './store/conversations';
import { toolInputLimitMiddleware } from './tool-input-limits';
import type { ApprovalPolicy } from '../core/loop/approval-policy';
import { approvalDescriber, type ServerGrantScopes } from './trust/server-approvals';
import { createToolSigner } from './trust/tool-signature';
import type { UnverifiedToolPart } from './trust/verify-tool-parts';

/** 8 MB: see `maxBodyBytes`. */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** 24 hours: see `approvalTtlMs`. */
const DEFAULT_APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;

/** Options of {@link createChatHandler}. */
export interface ChatHandlerOptions extends ServerConversationOptions {
  /**
   * The model that answers. Without it: `OPENAI_API_KEY` (with optional `OPENAI_BASE_URL` and
   * `OPENAI_MODEL`) picks an OpenAI-compatible chat model; with neither, in production
   * (`NODE_ENV=production`) creating the handler throws, and in development the embedded demo
   * model answers (with a warning). Choose the demo model with `model: createDemoModel()`.
   */
  model?: LanguageModel;
  /** Instructions for the model. The client cannot send any: its `system` messages get a 400. */
  system?: string;
  /**
   * Server-side tools (with `execute`), beside the browser's. Their calls are signed as they
   * stream; a call, approval or result of them that comes back unverified is dropped.
   */
  tools?: AIToolSet;
  /**
   * Model steps per request (server-side tools can take several).
   * @default 5
   */
  maxSteps?: number;
  /**
   * For text-only models: the tools are described in the system prompt and called with the
   * legacy `###:{"toolName":…,"parameters":…}` marker (use `toolMarkers="on"` in the browser),
   * and the conversation reaches the model as text. No native tools are sent.
   * @default false
   */
  toolMarkers?: boolean;
  /**
   * With `toolMarkers`: the form of the tools' system prompt (see `toolMarkerPrompt`).
   * `'compact'` states the protocol once and lists each tool as a one-line signature, for small
   * local models whose whole context is a few thousand tokens.
   * @default 'full'
   */
  toolMarkerPrompt?: 'full' | 'compact';
  /**
   * Key (at least 32 characters) of the HMAC-SHA256 signatures on the server-tool calls and
   * results this handler streams. Give every instance the same one. Without it, a random key
   * per process: after a restart, or on another instance, earlier server-tool calls no longer
   * verify and are dropped from what the model sees. In production, server tools that need
   * approval without a secret are an error at creation.
   * @default env.TOOLCHAT_SECRET, else a random key per process
   */
  secret?: string;
  /**
   * Where approved server-tool calls are recorded as they run, so that each runs at most once
   * however often its approval arrives (a resent request, concurrent copies). The memory store
   * holds for one process; give every instance one shared store (`redisReplayStore(client)`)
   * when there are several.
   * @default one memoryReplayStore() shared by the handlers of this process
   */
  replayStore?: ReplayStore;
  /**
   * How long after the model made a server-tool call the user may approve it; a later approval
   * gets an error result ("approvals expire"), not a run. Calls are recorded this long (plus a
   * minute) in `replayStore`.
   * @default 24 * 60 * 60 * 1000 (24 hours)
   */
  approvalTtlMs?: number;
  /**
   * Largest request body, in bytes, counted as it arrives; a larger one gets a `413`. The
   * whole conversation comes with every request, images as base64 data URLs (4/3 of their
   * size): 8 MB holds a few phone photos with the talk around them.
   * @default 8 * 1024 * 1024
   */
  maxBodyBytes?: number;
  /**
   * The app's rule for the server tools' calls, asked before the user is (the browser's
   * `approvalPolicy` covers its own tools): `'allow'` runs a call without asking and `'deny'`
   * refuses it, each reaching the browser as the AI SDK's automatic decision with the reason;
   * `'ask'` asks the user; `undefined` leaves it to the tool's `needsApproval`. Sync or async.
   * One that throws, rejects, answers nonsense or takes over 10 s asks the user (told why):
   * a failing policy never runs a tool unasked.
   * @default none: each tool's `needsApproval` decides
   */
  approvalPolicy?: ApprovalPolicy;
  /**
   * Told when `approvalPolicy` failed (the user was asked instead).
   * @default console.warn
   */
  onApprovalPolicyError?: (error: Error) => void;
  /**
   * The scope of a server tool's call, from its input, by tool name (as `defineTool`'s
   * `grantScope` for browser tools): "Allow for this chat" and "Always allow" on its card then
   * cover only calls of the same scope, and the card shows it before the user commits. One that
   * throws or gives no string makes the call approvable once only.
   * @default none: a grant covers every call of the tool
   */
  grantScopes?: ServerGrantScopes;
  /** Told about each server-tool part of a request that did not verify and was dropped (to log it). */
  onUnverifiedToolPart?: (part: UnverifiedToolPart) => void;
  /** Environment to read `NODE_ENV`, `OPENAI_*` and `TOOLCHAT_SECRET` from. @default process.env where it exists */
  env?: Record<string, string | undefined>;
  /**
   * The clock, in ms since the epoch: when calls are signed and approvals expire (for tests).
   * @default Date.now
   */
  now?: () => number;
}

/**
 * A web `Request` → `Response` handler for the chat endpoint. It validates the body (a `400`
 * with a JSON error naming the problem, a `413` past `maxBodyBytes`), gives the model the
 * browser's tools without `execute` (so their calls come back to the browser), none when the
 * client disabled them for the final round, runs server-side tools only for calls it made
 * itself, and streams the answer in the AI SDK's UI message stream protocol. The model call is
 * aborted when the request's `signal` aborts or the response body is cancelled. A model call
 * that fails before any output is answered with the provider's message as an HTTP error
 * (`429` with `Retry-After` for a rate limit, `502` otherwise). An approved server-tool call
 * runs at most once (see `replayStore`). Throws at creation on settings unsafe in production
 * (no model, or approvals without a secret).
 */
export function createChatHandler(options: ChatHandlerOptions = {}): (request: Request) => Promise<Response> {
  const env = options.env ?? readProcessEnv();
  checkSettings(options, env);
  const approvalTtlMs = options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS;
  if (!(approvalTtlMs > 0) || !Number.isFinite(approvalTtlMs)) {
    throw new Error('createChatHandler: approvalTtlMs must be a positive, finite number of milliseconds');
  }
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const serverTools = options.tools ?? {};
  const isServerTool = (name: string) => Object.hasOwn(serverTools, name);
  const answer = createAnswerer({
    model: withProviderErrors(options.model ?? modelFromEnv(env)),
    ...(options.system === undefined ? {} : { system: options.system }),
    ...(options.tools === undefined ? {} : { serverTools: options.tools }),
    ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
    ...(options.toolMarkers === undefined ? {} : { toolMarkers: options.toolMarkers }),
    ...(options.toolMarkerPrompt === undefined ? {} : { toolMarkerPrompt: options.toolMarkerPrompt }),
    signer: createToolSigner(options.secret ?? (env.TOOLCHAT_SECRET || undefined)),
    replayStore: options.replayStore ?? processReplayStore(),
    approvalTtlMs,
    now,
    isServerTool,
    ...(options.onUnverifiedToolPart === undefined ? {} : { onUnverifiedToolPart: options.onUnverifiedToolPart }),
    ...(options.approvalPolicy === undefined ? {} : { approvalPolicy: options.approvalPolicy }),
    onApprovalPolicyError: options.onApprovalPolicyError ?? ((error: Error) => console.warn(`toolchat: ${error.message}`)),
    describeApproval: approvalDescriber(serverTools, options.grantScopes),
  });

  // The stateless handler: the client sends the whole conversation with each request.
  const stateless = async (request: Request): Promise<Response> => {
    const read = await readChatRequest(request, { maxBodyBytes, isServerTool });
    if (!read.ok) return read.response;
    const { chatId, messages, tools, toolsDisabled } = read.request;
    const answered = await answer({ chatId: chatId ?? '', messages, tools, toolsDisabled, signal: request.signal });
    return answered.ok ? createUIMessageStreamResponse({ stream: answered.stream }) : answered.response;
  };

  // With a store, the conversations wrap the same pipeline: they own the history it answers.
  if (options.streams && !options.store) throw new TypeError('createChatHandler: streams need a store');
  const handle = options.store
    ? createConversations({
        ...options,
        store: options.store,
        answer,
        now,
        isServerTool,
        read: (request) => readChatRequest(request, { maxBodyBytes, isServerTool, minMessages: 0 }),
      })
    : stateless;

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      // Whatever the runtime: an answer, never a rejection.
      console.error(error);
      return jsonError(500, 'Internal server error');
    }
  };
}

function readProcessEnv(): Record<string, string | undefined> {
  // Not every runtime of web handlers has `process`.
  const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return runtime.process?.env ?? {};
}

/** Provider errors with the provider's message and an honest `isRetryable` (see provider-error.ts). */
function withProviderErrors(model: LanguageModel): LanguageModel {
  // A model id string resolves through the AI Gateway, which classifies its own errors.
  if (typeof model === 'string') return model;
  return wrapLanguageModel({ model, middleware: [providerErrorMiddleware, toolInputLimitMiddleware] });
}

function modelFromEnv(env: Record<string, string | undefined>): LanguageModel {
  if (!env.OPENAI_API_KEY) return createDemoModel();
  const openai = createOpenAI({
    apiKey: env.OPENAI_API_KEY,
    ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
  });
  // Chat Completions is what OpenAI-compatible servers (Ollama, LM Studio, vLLM) speak.
  return openai.chat(env.OPENAI_MODEL ?? 'gpt-4o-mini');
}
