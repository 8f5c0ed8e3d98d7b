import type { Context, RunAgentInput } from '@ag-ui/core';
import { generateId as defaultGenerateId, type ChatTransport, type UIMessage } from 'ai';
import { ChatRequestError } from '../../core/loop/chat-request-error';
import { withHttpErrors } from '../../core/loop/with-http-errors';
import { requestToolNames } from '../tool-names';
import type { AgUiStreamOptions, AgUiSubscribable } from './event-stream';
import { agUiRunInput } from './run-input';
import { latestAgUiState } from './state';

/**
 * An AG-UI agent in the same process: `AbstractAgent` of `@ag-ui/client` (`HttpAgent`, a
 * framework's adapter such as `MastraAgent` or `LangGraphAgent`) or anything with its `run`.
 * Only `run(input)` is used: the chat, not the agent object, keeps the messages and the state.
 */
export interface AgUiAgent {
  run(input: RunAgentInput): AgUiSubscribable;
}

interface AgUiTransportSharedOptions {
  /** Extra headers for every request (the `url` form). */
  headers?: Record<string, string>;
  /**
   * The fetch to use (the `url` form): a proxy-aware one, or a test double.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * The agent's state before it sends any: the first run's `state`. Later runs send the newest
   * state the agent streamed (`STATE_SNAPSHOT` / `STATE_DELTA`), kept in the messages as a
   * `data-agui-state` part.
   * @default {}
   */
  state?: unknown;
  /** `context` of every run: what the app wants the agent to know (`{ description, value }`). */
  context?: Context[];
  /**
   * `forwardedProps` of every run, or a function called per run.
   * @default {}
   */
  forwardedProps?: Record<string, unknown> | (() => Record<string, unknown>);
  /**
   * Ids for runs, and text and reasoning parts.
   * @default `generateId` from `ai`
   */
  generateId?: () => string;
}

/** Options of {@link createAgUiTransport}: an agent's `url`, or an `agent` object. */
export type AgUiTransportOptions = AgUiTransportSharedOptions &
  (
    | {
        /** The agent's endpoint: `RunAgentInput` is POSTed as JSON, the answer read as SSE events. */
        url: string;
        agent?: undefined;
      }
    | {
        /** An agent object whose `run(input)` gives the events (no HTTP). */
        agent: AgUiAgent;
        url?: undefined;
      }
  );

/**
 * A `ChatTransport` to an AG-UI agent (Pydantic AI, LangGraph, Mastra, CrewAI, Agno, LlamaIndex
 * or your own server speaking the protocol). One chat is one AG-UI thread (the chat's id is the
 * `threadId`) and each request one run, with the conversation as AG-UI messages, the browser's
 * tools as frontend tools with their JSON Schemas (none on the forced final round), and the state
 * the agent last sent. The run's events become UI message chunks: text, reasoning, tool calls,
 * the agent's own tool results, `data-agui-state`, `data-agui-activity` and `data-agui-custom`
 * parts, and readable errors. Calls to the browser's tools run in the browser, and the next run
 * carries their results as AG-UI tool messages.
 *
 * An HTTP failure rejects with a `ChatRequestError` (status, the server's message, `Retry-After`).
 *
 * @example
 * const transport = createAgUiTransport({ url: 'http://localhost:8000/agent' });
 * <ChatWrapper transport={transport} tools={tools} />
 */
export function createAgUiTransport(options: AgUiTransportOptions): ChatTransport<UIMessage> {
  const generateId = options.generateId ?? defaultGenerateId;
  return {
    async sendMessages({ chatId, messages, abortSignal, body, headers }) {
      const forwardedProps = typeof options.forwardedProps === 'function' ? options.forwardedProps() : options.forwardedProps;
      const state = latestAgUiState(messages, options.state ?? {});
      const input = agUiRunInput({
        threadId: chatId,
        runId: generateId(),
        messages,
        body,
        state,
        context: options.context ?? [],
        forwardedProps,
      });
      const streamOptions: AgUiStreamOptions = { generateId, toolNames: new Set(requestToolNames(body)), state };
      // The event stages (and `@ag-ui/core`'s schemas) load with the first run, not with the page.
      const { agentEventStream, createAgUiEventStream } = await import('./event-stream');
      if (options.agent) return agentEventStream(options.agent.run(input), streamOptions, abortSignal);

      const url = options.url;
      const fetchImpl = withHttpErrors(options.fetch ?? globalThis.fetch);
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: requestHeaders(options.headers, headers),
        body: JSON.stringify(input),
        ...(abortSignal && { signal: abortSignal }),
      });
      const contentType = response.headers.get('content-type') ?? '';
      if (!response.body || (contentType !== '' && !contentType.includes('text/event-stream'))) {
        const text = await response.text().catch(() => '');
        throw new ChatRequestError(
          `The agent at ${url} did not answer with an AG-UI event stream (content-type ${contentType || 'none'}): ${text.slice(0, 200)}`,
          response.status,
          undefined,
          false,
        );
      }
      return response.body.pipeThrough(createAgUiEventStream(streamOptions));
    },
    async reconnectToStream() {
      return null;
    },
  };
}

/** Later sources win: defaults, then the transport's headers, then the request's. */
function requestHeaders(transportHeaders: Record<string, string> | undefined, perRequest: HeadersInit | undefined): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  for (const source of [transportHeaders, perRequest]) {
    new Headers(source).forEach((value, key) => headers.set(key, value));
  }
  return headers;
}
