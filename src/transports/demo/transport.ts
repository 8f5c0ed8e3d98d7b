import type { ChatTransport, UIMessage } from 'ai';
import { modelTransport } from '../model-transport';
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
  return modelTransport(createDemoModel(options), {
    ...(options.toolMarkers === undefined ? {} : { toolMarkers: options.toolMarkers }),
    ...(options.toolMarkerPrompt === undefined ? {} : { toolMarkerPrompt: options.toolMarkerPrompt }),
  });
}
