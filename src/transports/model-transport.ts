import type { ChatTransport, LanguageModel, UIMessage, UIMessageChunk } from 'ai';
import { toMarkerRequest } from '../core/model/marker-request';
import { streamChat } from '../core/model/stream-chat';
import type { ToolChatRequestBody } from '../core/tools/types';

/** How a {@link modelTransport} writes the request for its model. */
export interface ModelTransportOptions {
  /** The model calls tools with `###:` markers in its text (a text-only model). */
  toolMarkers?: boolean;
  /** With `toolMarkers`: the form of the tools' system prompt (see `toolMarkerPrompt`). */
  toolMarkerPrompt?: 'full' | 'compact';
}

/**
 * A language model answering in the page's process: the same `streamChat` path as
 * `createChatHandler`, with the tools and the final-round flag of toolchat's request body, so
 * the loop behaves as it would against the real endpoint. The demo transport and the testing
 * kit's scripted transport are this, with their own model.
 */
export function modelTransport(model: LanguageModel, options: ModelTransportOptions = {}): ChatTransport<UIMessage> {
  return {
    async sendMessages({ messages, abortSignal, body }): Promise<ReadableStream<UIMessageChunk>> {
      const request = (body ?? {}) as ToolChatRequestBody;
      const tools = {
        ...(request.tools === undefined ? {} : { tools: request.tools }),
        ...(request.toolsDisabled === undefined ? {} : { toolsDisabled: request.toolsDisabled }),
      };
      return streamChat({
        model,
        messages,
        // In marker mode the model writes `###:` markers; `toolMarkers="on"` in the hook parses them.
        ...(options.toolMarkers
          ? toMarkerRequest({ messages, ...tools, ...(options.toolMarkerPrompt ? { promptStyle: options.toolMarkerPrompt } : {}) })
          : tools),
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
    },
    async reconnectToStream() {
      return null;
    },
  };
}
