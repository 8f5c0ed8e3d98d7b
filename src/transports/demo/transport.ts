import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { streamChat } from '../../core/model/stream-chat';
import type { ToolChatRequestBody } from '../../core/tools/types';
import { createDemoModel, type DemoModelOptions } from './model';

/** Options of {@link createDemoTransport}. */
export type DemoTransportOptions = DemoModelOptions;

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
      return streamChat({
        model,
        messages,
        ...(request.tools === undefined ? {} : { tools: request.tools }),
        ...(request.toolsDisabled === undefined ? {} : { toolsDisabled: request.toolsDisabled }),
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
    },
    async reconnectToStream() {
      return null;
    },
  };
}
