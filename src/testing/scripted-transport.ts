import type { ChatTransport, UIMessage } from 'ai';
import type { ToolChatRequestBody, ToolSchemas } from '../core/tools/types';
import { modelTransport } from '../transports/model-transport';
import type { ModelScript } from './script';
import { scriptedModel, type ScriptedModel, type ScriptedModelOptions } from './scripted-model';

/** One request a chat sent to a {@link scriptedTransport}, as a route would receive it. */
export interface ScriptedRequest {
  /** The conversation the request carries (a copy: later changes of the chat do not show). */
  messages: UIMessage[];
  /** The browser's tools, as JSON Schemas; none on the forced final round. */
  tools: ToolSchemas;
  /** `true` on the forced final round (the round limit or the token budget). */
  toolsDisabled: boolean;
  /** `'submit-message'` for a send, a tool round or Retry; `'regenerate-message'` for Regenerate. */
  trigger: 'submit-message' | 'regenerate-message';
}

/** A transport that answers from a script, in the page's process. */
export interface ScriptedTransport extends ChatTransport<UIMessage> {
  /** The model answering: its `calls` tell what each call was asked. */
  readonly model: ScriptedModel;
  /** Every request the chat sent, in order. */
  readonly requests: readonly ScriptedRequest[];
}

/**
 * A chat transport whose model answers from a script, with no server and no network: the
 * browser's tools run as they would against `createChatHandler`, through the same AI SDK path
 * (`streamText`), round after round. Pass it as `transport` to `ChatWrapper`, `useToolChat` or
 * `createToolChat`. Takes a script, or a `scriptedModel` to share one between transports.
 *
 * @example
 * const transport = scriptedTransport([
 *   { toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] },
 *   "It's 17°C and foggy in Paris.",
 * ]);
 */
export function scriptedTransport(script: ModelScript | ScriptedModel, options: ScriptedModelOptions = {}): ScriptedTransport {
  const model = Array.isArray(script) ? scriptedModel(script, options) : (script as ScriptedModel);
  const inner = modelTransport(model);
  const requests: ScriptedRequest[] = [];
  return {
    model,
    requests,
    sendMessages(request) {
      const body = (request.body ?? {}) as ToolChatRequestBody;
      requests.push({
        messages: structuredClone(request.messages),
        tools: body.tools ?? {},
        toolsDisabled: body.toolsDisabled ?? false,
        trigger: request.trigger,
      });
      return inner.sendMessages(request);
    },
    reconnectToStream: (request) => inner.reconnectToStream(request),
  };
}
