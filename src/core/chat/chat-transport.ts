import type { ChatTransport, UIMessage } from 'ai';
import { withHttpErrors } from '../loop/with-http-errors';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { withLoop } from '../loop/loop-transport';
import { toRequestMessages } from './request-messages';
import { ToolChatEndpointTransport } from './endpoint-transport';
import type { ResolvedToolChatOptions } from './options';

export interface ChatTransportContext {
  loop: ToolLoopCore;
  /** The chat's options now: `api`, `fetch`, `transport` and `toolMarkers` are read at each request. */
  options: () => ResolvedToolChatOptions;
  /** Saves the conversation a request carries before it leaves (the storage lifecycle). */
  beforeRequest: (messages: readonly UIMessage[]) => Promise<void> | undefined;
}

/**
 * The transport a chat's AI SDK chat uses: the app's (or the default endpoint at `api`), with
 * the loop's request body (tools, the final round), the marker stage when `toolMarkers` is on,
 * and the loop's chunk stage. An option that changes applies to the next request, never
 * silently ignored. Part of the loop's chunk: the chat makes it with its first request, which
 * waits for the chunk (see `loopChunk`).
 */
export function createChatTransport({ loop, options, beforeRequest }: ChatTransportContext): ChatTransport<UIMessage> {
  let endpoint: ToolChatEndpointTransport | undefined;
  const base = () =>
    options().transport ??
    (endpoint ??= new ToolChatEndpointTransport({
      prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({
        api: options().api,
        body: { ...body, id, messages, trigger, messageId },
      }),
      // Failures become readable errors (status, message, Retry-After).
      fetch: withHttpErrors((input, init) => (options().fetch ?? globalThis.fetch)(input, init)),
    }));
  return withLoop(
    {
      sendMessages: async (request) => {
        await beforeRequest(request.messages);
        // A browser tool's approval goes to the server as the call's result or error.
        return base().sendMessages({ ...request, messages: toRequestMessages(request.messages) });
      },
      reconnectToStream: (request) => base().reconnectToStream(request),
    },
    {
      // The tools' schemas (converted, checked as the handler will) load with the first request.
      requestBody: async (messages) => {
        const { checkedToolSchemas } = await import('../tools/tool-schemas');
        const body = loop.requestBodyWith(messages, checkedToolSchemas);
        if (!options().legacyToolClients || !body.tools) return body;
        const { toToolClients } = await import('../marker/tool-clients');
        return { ...body, toolClients: toToolClients(body.tools) };
      },
      // Loaded on demand: apps without text-only models never download the marker parser. The
      // request's tool names give its calls of the browser's tools static `tool-<name>` parts.
      transformResponse: async (toolNames) =>
        options().toolMarkers === 'on' ? (await import('../marker/transform')).createToolMarkerTransform({ toolNames }) : undefined,
      chunkStage: (messages) => loop.chunkStage(messages),
    },
  );
}
