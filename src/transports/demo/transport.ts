import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { toMarkerRequest } from '../../core/model/marker-request';
import { streamChat } from '../../core/model/stream-chat';
import type { ToolChatRequestBody } from '../../core/tools/types';
import { createDemoModel, type DemoModelOptions } from '../../core/model/demo/model';

/**
 * Options of {@link createDemoTransport}. With `toolMarkers: true` the model calls tools with
 * the legacy `###:` text marker, as a text-only model would: pair it with `toolMarkers="on"`.
 */
export type DemoTransportOptions = DemoModelOptions & {
  /**
   * With `toolMarkers`: the form of the tools' system prompt (see `toolMarkerPrompt`).
   * @default 'full'
   */
  toolMarkerPrompt?: 'full' | 'compact';
};

/**
 * The embedded demo model, answering in the browser: no server, no key, no network. It runs
 * the same `streamText` path as `createChatHandler`, so the loop behaves as it would against
 * the real endpoint.
 */
export function createDemoTransport(options: DemoTransportOptions = {}): ChatTransport<UIMessage> {
  const model = createDemoModel(options);
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
