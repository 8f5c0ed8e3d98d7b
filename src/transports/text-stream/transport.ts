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
import { withHttpErrors } from '../../core/loop/with-http-errors';
import { requestToolNames } from '../tool-names';
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
    // Failures read as every transport's do: status, the server's message, Retry only where it helps.
    const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    super({ ...options, fetch: withHttpErrors(fetchImpl) });
    this.#toolMarkers = toolMarkers;
    this.#textOnlyMessages = textOnlyMessages ?? toolMarkers;
    this.#legacyToolClients = legacyToolClients;
    this.#generateId = generateId ?? createIdGenerator({ size: 16 });
  }

  override async sendMessages(options: Parameters<ChatTransport<UI_MESSAGE>['sendMessages']>[0]): Promise<ReadableStream<UIMessageChunk>> {
    const messages = this.#textOnlyMessages ? toTextOnlyMessages(options.messages) : options.messages;
    let body = options.body;
    // The tools come with the request (toolchat's chat), or else with the transport's own `body`.
    const merged = ((body as { tools?: ToolSchemas } | undefined)?.tools
      ? body
      : { ...(await resolve(this.body as Resolvable<object> | undefined)), ...body }) as { tools?: ToolSchemas };
    if (this.#legacyToolClients && merged.tools) body = { ...body, toolClients: toToolClients(merged.tools) };
    const chunks = await super.sendMessages({ ...options, messages, ...(body === undefined ? {} : { body }) });
    return this.#markers(chunks, requestToolNames(merged));
  }

  override async reconnectToStream(
    options: Parameters<ChatTransport<UI_MESSAGE>['reconnectToStream']>[0],
  ): Promise<ReadableStream<UIMessageChunk> | null> {
    const chunks = await super.reconnectToStream(options);
    return chunks && this.#markers(chunks, requestToolNames(await resolve(this.body as Resolvable<object> | undefined)));
  }

  #markers(chunks: ReadableStream<UIMessageChunk>, toolNames: string[]): ReadableStream<UIMessageChunk> {
    return this.#toolMarkers ? chunks.pipeThrough(createToolMarkerTransform({ generateId: this.#generateId, toolNames })) : chunks;
  }

  protected override processResponseStream(stream: ReadableStream<Uint8Array<ArrayBufferLike>>): ReadableStream<UIMessageChunk> {
    return (
      stream
        // The DOM typings want an ArrayBuffer-backed view; the decoder takes any bytes.
        .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array<ArrayBufferLike>>)
        .pipeThrough(createTextToChunksTransform(`text-${this.#generateId()}`))
    );
  }
}

async function resolve<T>(value: Resolvable<T> | undefined): Promise<T | undefined> {
  return typeof value === 'function' ? (value as () => T | PromiseLike<T>)() : value;
}

/**
 * A transport for endpoints that stream plain text (like the AI SDK's
 * `TextStreamChatTransport`), with the `###:` marker turned into tool calls, so a text-only
 * model or prompt platform can still call the browser's tools. Calls to the tools of the request
 * body are `tool-<name>` parts, as through the AI SDK endpoint; other names are `dynamic-tool`.
 *
 * @example
 * useToolChat({ transport: createTextStreamTransport({ api: '/api/legacy-chat' }), tools });
 */
export function createTextStreamTransport<UI_MESSAGE extends UIMessage = UIMessage>(
  options: TextStreamTransportOptions<UI_MESSAGE> = {},
): ChatTransport<UI_MESSAGE> {
  return new TextStreamTransport(options);
}
