import { EventSourceParserStream } from 'eventsource-parser/stream';
import { DefaultChatTransport, uiMessageChunkSchema, type HttpChatTransportInitOptions, type UIMessage, type UIMessageChunk } from 'ai';
import { FORBIDDEN_KEY_MESSAGE, hasForbiddenKey, mayReachPrototype } from '../core/tools/safe-json';

export interface ToolChatEndpointTransportOptions extends HttpChatTransportInitOptions<UIMessage> {
  /**
   * The endpoint keeps the conversation (`createChatHandler({ store })`): each request carries
   * only the chat's last message (see `sendOnlyNewMessages`), a reload resumes the answer in
   * flight from `{api}/{chatId}/stream`, and `stopOnServer` stops it.
   * @default false
   */
  serverConversations?: boolean;
}

/**
 * The body of a request to an endpoint that keeps the conversation: only the last message (the
 * new user message, or the assistant message carrying the browser's tool results), whatever
 * the length of the thread. The server loads the rest. For a `prepareSendMessagesRequest` of
 * one's own: `({ id, messages, body }) => ({ body: sendOnlyNewMessages({ ...body, id, messages }) })`.
 */
export function sendOnlyNewMessages<T extends object>(body: T): T {
  const messages = (body as { messages?: unknown }).messages;
  return Array.isArray(messages) ? { ...body, messages: messages.slice(-1) } : body;
}

/**
 * The AI SDK's default transport (`POST` the messages, read the UI message stream), reading the
 * stream so that one hostile chunk cannot end the response: the AI SDK's parser fails the
 * whole stream on JSON with a `__proto__` key. Here such keys are dropped, and a tool call whose
 * input had one becomes an input error for that call alone, which the model reads and can fix.
 */
export class ToolChatEndpointTransport extends DefaultChatTransport<UIMessage> {
  /** The address of the last request per chat: where its stop goes. */
  readonly #apiOf = new Map<string, string>();
  readonly #serverConversations: boolean;

  constructor(options: ToolChatEndpointTransportOptions = {}) {
    const { serverConversations = false, ...init } = options;
    super(init);
    this.#serverConversations = serverConversations;
    const prepare = this.prepareSendMessagesRequest;
    this.prepareSendMessagesRequest = async (request) => {
      const prepared = prepare
        ? await prepare(request)
        : { body: { ...request.body, id: request.id, messages: request.messages, trigger: request.trigger, messageId: request.messageId } };
      this.#apiOf.set(request.id, prepared.api ?? request.api);
      return serverConversations ? { ...prepared, body: sendOnlyNewMessages(prepared.body) } : prepared;
    };
    if (serverConversations && !this.prepareReconnectToStreamRequest) {
      // The AI SDK's resume address, under the address the chat last posted to.
      this.prepareReconnectToStreamRequest = ({ id, api }) => ({ api: `${this.#apiOf.get(id) ?? api}/${encodeURIComponent(id)}/stream` });
    }
  }

  /**
   * Stops the answer the server keeps for this chat (`DELETE {api}/{chatId}/stream`), from
   * whichever instance produces it: a resumed answer too. Aborting the request alone does not
   * stop an answer the server keeps, since a reload aborts it as well. Call it with the chat's
   * `stop()` when `serverConversations` is on; without it, it does nothing.
   */
  async stopOnServer(chatId: string): Promise<void> {
    if (!this.#serverConversations) return;
    const api = this.#apiOf.get(chatId) ?? this.api;
    const fetchImpl = this.fetch ?? globalThis.fetch;
    const headers = await (typeof this.headers === 'function' ? this.headers() : this.headers);
    const credentials = await (typeof this.credentials === 'function' ? this.credentials() : this.credentials);
    await fetchImpl(`${api}/${encodeURIComponent(chatId)}/stream`, {
      method: 'DELETE',
      // The page may be closing.
      keepalive: true,
      ...(headers === undefined ? {} : { headers }),
      ...(credentials === undefined ? {} : { credentials }),
    }).catch(() => {});
  }

  protected override processResponseStream(stream: ReadableStream<Uint8Array<ArrayBufferLike>>): ReadableStream<UIMessageChunk> {
    return stream
      .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
      .pipeThrough(new EventSourceParserStream())
      .pipeThrough(
        new TransformStream<{ data: string }, UIMessageChunk>({
          async transform({ data }, controller) {
            if (data === '[DONE]') return;
            const { value, stripped } = parseChunk(data);
            const result = await chunkSchema().validate?.(value);
            if (result && !result.success) throw result.error;
            const chunk = (result ? result.value : value) as UIMessageChunk;
            controller.enqueue(stripped ? refuseToolInput(chunk) : chunk);
          },
        }),
      );
  }
}

let schema: ReturnType<typeof uiMessageChunkSchema> | undefined;
/** The AI SDK's own chunk schema, built once on first use. */
function chunkSchema(): ReturnType<typeof uiMessageChunkSchema> {
  schema ??= uiMessageChunkSchema();
  return schema;
}

/** JSON without keys that reach a prototype; `stripped` says whether any were removed. */
function parseChunk(text: string): { value: unknown; stripped: boolean } {
  const plain: unknown = JSON.parse(text);
  if (!mayReachPrototype(text) || !hasForbiddenKey(plain)) return { value: plain, stripped: false };
  let stripped = false;
  const value: unknown = JSON.parse(text, (key, item: unknown) => {
    const reachesPrototype =
      key === '__proto__' || (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype'));
    if (!reachesPrototype) return item;
    stripped = true;
    return undefined;
  });
  return { value, stripped };
}

/** A call whose input lost a key cannot run as the model meant it: it fails, readably. */
function refuseToolInput(chunk: UIMessageChunk): UIMessageChunk {
  if (chunk.type !== 'tool-input-available') return chunk;
  return { ...chunk, type: 'tool-input-error', errorText: `Invalid input for tool "${chunk.toolName}": ${FORBIDDEN_KEY_MESSAGE}.` };
}
