import { createOpenAI } from '@ai-sdk/openai';
import { createUIMessageStreamResponse, type LanguageModel, type ToolSet as AIToolSet } from 'ai';
import { toMarkerRequest } from '../core/model/marker-request';
import { streamChat } from '../core/model/stream-chat';
import { createDemoModel } from '../transports/demo/model';
import { parseChatRequest } from './request-body';

/** Options of {@link createChatHandler}. */
export interface ChatHandlerOptions {
  /**
   * The model that answers. Without it: `OPENAI_API_KEY` (with optional `OPENAI_BASE_URL` and
   * `OPENAI_MODEL`) picks an OpenAI-compatible chat model, and otherwise the embedded demo model.
   */
  model?: LanguageModel;
  /** Instructions for the model. */
  system?: string;
  /** Server-side tools (with `execute`), beside the browser's. */
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
  /** Environment to read the OpenAI settings from. @default process.env where it exists */
  env?: Record<string, string | undefined>;
}

/**
 * A web `Request` → `Response` handler for the chat endpoint: validates the body (400 with a
 * JSON error naming the problem), gives the model the browser's tools without `execute` (so
 * their calls come back to the browser), none when the client disabled them for the final
 * round, and streams the answer in the AI SDK's UI message stream protocol.
 */
export function createChatHandler(options: ChatHandlerOptions = {}): (request: Request) => Promise<Response> {
  const model = options.model ?? modelFromEnv(options.env ?? readProcessEnv());
  return async (request) => {
    if (request.method !== 'POST') return jsonError(405, `Method ${request.method} not allowed: POST a chat request`);
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return jsonError(400, 'Invalid request body: not JSON');
    }
    const parsed = await parseChatRequest(body);
    if (!parsed.ok) return jsonError(400, parsed.message);
    const { messages, tools, toolsDisabled } = parsed.request;
    const markers = options.toolMarkers
      ? toMarkerRequest({ messages, tools, toolsDisabled, ...(options.system === undefined ? {} : { system: options.system }) })
      : undefined;
    const stream = await streamChat({
      model,
      messages,
      ...(markers ? markers : { tools, toolsDisabled }),
      ...(markers || options.system === undefined ? {} : { system: options.system }),
      ...(options.tools === undefined ? {} : { serverTools: options.tools }),
      ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
      abortSignal: request.signal,
    });
    return createUIMessageStreamResponse({ stream });
  };
}

function jsonError(status: number, message: string): Response {
  return Response.json({ error: { message } }, { status });
}

function readProcessEnv(): Record<string, string | undefined> {
  // Not every runtime of web handlers has `process`.
  const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return runtime.process?.env ?? {};
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
