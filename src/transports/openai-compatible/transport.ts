import { generateId as defaultGenerateId, type ChatTransport, type UIMessage } from 'ai';
import { requestToolNames } from '../tool-names';
import { chunksFromCompletion } from './completion';
import { httpFailure, networkFailure } from '../../core/loop/http-errors';
import { openAIMessages, openAITools } from './request';
import { createOpenAIChatStreamTransform } from './stream-transform';

/** Options of {@link createOpenAICompatibleTransport}. */
export interface OpenAICompatibleTransportOptions {
  /**
   * The API root; requests go to `{baseURL}/chat/completions`.
   * @example 'http://localhost:11434/v1' (Ollama), 'https://api.openai.com/v1', '/api/llm' (your proxy)
   */
  baseURL: string;
  /** The model name the server knows, e.g. `'gpt-4o-mini'` or `'qwen2.5:7b'`. */
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>`. Leave out behind a proxy that adds the key. */
  apiKey?: string;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /**
   * The fetch to use (a proxy-aware one, or a test double).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /** Extra fields merged into every request body, e.g. `{ temperature: 0 }`. */
  body?: Record<string, unknown>;
  /**
   * Ask for a stream (`stream: true`, SSE) or for one `chat.completion` JSON answer.
   * @default true
   */
  stream?: boolean;
  /**
   * Ask for the usage chunk at the end of a stream (`stream_options.include_usage`).
   * @default true
   */
  includeUsage?: boolean;
  /** A system prompt sent first in every request. */
  system?: string;
  /**
   * Ids for text parts, and for tool calls a server sends without one.
   * @default `generateId` from `ai`
   */
  generateId?: () => string;
}

/**
 * A `ChatTransport` that talks to an OpenAI-compatible Chat Completions endpoint directly
 * (OpenAI, Ollama, LM Studio, vLLM, llama.cpp, Groq, Mistral, OpenRouter…) or through your own
 * proxy of one. It sends the conversation as OpenAI messages and the tools from toolchat's
 * request body (none on the forced final round), and turns the answer into UI message chunks:
 * calls to those tools are `tool-<name>` parts, as through the AI SDK endpoint; calls to names
 * the browser does not have are `dynamic-tool` parts.
 *
 * A failed request rejects with a `ChatRequestError` (an `APICallError` too): the status, the
 * server's own message, and whether Retry can help (not for a bad key or a wrong address).
 *
 * @example
 * const transport = createOpenAICompatibleTransport({ baseURL: 'http://localhost:11434/v1', model: 'qwen2.5:7b' });
 */
export function createOpenAICompatibleTransport(options: OpenAICompatibleTransportOptions): ChatTransport<UIMessage> {
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const stream = options.stream ?? true;
  const generateId = options.generateId ?? defaultGenerateId;

  return {
    async sendMessages({ messages, abortSignal, body, headers }) {
      const tools = openAITools(body);
      const toolNames = requestToolNames(body);
      const requestBody = {
        model: options.model,
        messages: openAIMessages(options.system, messages),
        ...(tools && { tools }),
        stream,
        ...(stream && (options.includeUsage ?? true) && { stream_options: { include_usage: true } }),
        ...options.body,
      };
      const fetchImpl = options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: requestHeaders(options, stream, headers),
          body: JSON.stringify(requestBody),
          ...(abortSignal && { signal: abortSignal }),
        });
      } catch (error) {
        // "Failed to fetch" says neither where nor why: a browser talking to a server directly
        // most often meets a server that is down or one that does not allow its origin (CORS).
        if (abortSignal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
        throw networkFailure(url, error);
      }
      if (!response.ok) throw await httpFailure(response, url);

      const contentType = response.headers.get('content-type') ?? '';
      // A server may answer a stream request with one JSON document (a proxy that does not
      // stream, or an error page with status 200): read it whole rather than as SSE.
      if (stream && response.body && !contentType.includes('application/json')) {
        return response.body.pipeThrough(createOpenAIChatStreamTransform({ generateId, toolNames }));
      }
      const text = await response.text();
      return arrayStream(chunksFromCompletion(text, { generateId, toolNames }));
    },
    async reconnectToStream() {
      return null;
    },
  };
}

/** Later sources win: defaults, then the transport's headers, then the request's. */
function requestHeaders(options: OpenAICompatibleTransportOptions, stream: boolean, perRequest: HeadersInit | undefined): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: stream ? 'text/event-stream' : 'application/json' });
  if (options.apiKey !== undefined) headers.set('Authorization', `Bearer ${options.apiKey}`);
  for (const source of [options.headers, perRequest]) {
    new Headers(source).forEach((value, key) => headers.set(key, value));
  }
  return headers;
}

function arrayStream<T>(items: readonly T[]): ReadableStream<T> {
  return new ReadableStream<T>({
    start(controller) {
      for (const item of items) controller.enqueue(item);
      controller.close();
    },
  });
}

