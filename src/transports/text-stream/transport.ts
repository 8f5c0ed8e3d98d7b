import {
  HttpChatTransport,
  createIdGenerator,
  type ChatTransport,
  type HttpChatTransportInitOptions,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { createToolMarkerTransform } from '../../core/marker/transform';
import { toTextOnlyMessages } from '../../core/marker/text-only-messages';
import { toToolClients } from '../../core/marker/tool-clients';
import type { ToolSchemas } from '../../core/tools/types';
import { createTextToChunksTransform } from './text-to-chunks';

export interface TextStreamTransportOptions<UI_MESSAGE extends UIMessage = UIMessage>
  extends Pick<HttpChatTransportInitOptions<UI_MESSAGE>, 'headers' | 'body' | 'fetch' | 'credentials' | 'prepareSendMessagesRequest'> {
  /**
   * The endpoint; it answers the POSTed conversation with a plain text stream.
   * @default '/api/chat'
   */
  api?: string;
  /**
   * Turn `###:{json}` markers in the text into tool calls (hidden from the text).
   * @default true
   */
  toolMarkers?: boolean;
  /**
   * Send the conversation as text only: tool calls as their markers, results as user lines
   * (see `toTextOnlyMessages`), for endpoints whose model cannot read tool messages.
   * @default the value of `toolMarkers`
   */
  textOnlyMessages?: boolean;
  /**
   * Also send the body's `tools` as `toolClients` in the legacy component's format (see
   * `toToolClients`), for backends written for it.
   * @default false
   */
  legacyToolClients?: boolean;
  /**
   * Makes the ids of text parts and of tool calls found in the text.
   * @default random ids
   */
  generateId?: () => string;
}

type Resolvable<T> = T | PromiseLike<T> | (() => T | PromiseLike<T>);

class TextStreamTransport<UI_MESSAGE extends UIMessage> extends HttpChatTransport<UI_MESSAGE> {
  readonly #toolMarkers: boolean;
  readonly #textOnlyMessages: boolean;
  readonly #legacyToolClients: boolean;
  readonly #generateId: () => string;

  constructor({ toolMarkers = true, textOnlyMessages, legacyToolClients = false, generateId, ...options }: TextStreamTransportOptions<UI_MESSAGE>) {
    super(options);
    this.#toolMarkers = toolMarkers;
    this.#textOnlyMessages = textOnlyMessages ?? toolMarkers;
    this.#legacyToolClients = legacyToolClients;
    this.#generateId = generateId ?? createIdGenerator({ size: 16 });
  }

  override async sendMessages(options: Parameters<ChatTransport<UI_MESSAGE>['sendMessages']>[0]): Promise<ReadableStream<UIMessageChunk>> {
    const messages = this.#textOnlyMessages ? toTextOnlyMessages(options.messages) : options.messages;
    let body = options.body;
    if (this.#legacyToolClients) {
      const merged = { ...(await resolve(this.body as Resolvable<object> | undefined)), ...body } as { tools?: ToolSchemas };
      if (merged.tools) body = { ...body, toolClients: toToolClients(merged.tools) };
    }
    return super.sendMessages({ ...options, messages, ...(body === undefined ? {} : { body }) });
  }

  protected override processResponseStream(stream: ReadableStream<Uint8Array<ArrayBufferLike>>): ReadableStream<UIMessageChunk> {
    const chunks = stream
      // The DOM typings want an ArrayBuffer-backed view; the decoder takes any bytes.
      .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array<ArrayBufferLike>>)
      .pipeThrough(createTextToChunksTransform(`text-${this.#generateId()}`));
    return this.#toolMarkers ? chunks.pipeThrough(createToolMarkerTransform({ generateId: this.#generateId })) : chunks;
  }
}

async function resolve<T>(value: Resolvable<T> | undefined): Promise<T | undefined> {
  return typeof value === 'function' ? (value as () => T | PromiseLike<T>)() : value;
}

/**
 * A transport for endpoints that stream plain text (like the AI SDK's
 * `TextStreamChatTransport`), with the `###:` marker turned into tool calls, so a text-only
 * model or prompt platform can still call the browser's tools.
 *
 * @example
 * useToolChat({ transport: createTextStreamTransport({ api: '/api/legacy-chat' }), tools });
 */
export function createTextStreamTransport<UI_MESSAGE extends UIMessage = UIMessage>(
  options: TextStreamTransportOptions<UI_MESSAGE> = {},
): ChatTransport<UI_MESSAGE> {
  return new TextStreamTransport(options);
}
