import type { HttpChatTransportInitOptions, UIMessage } from 'ai';
import { underEndpoint } from '../core/http/endpoint-path';
import { ToolChatEndpointTransport } from './ai-sdk-endpoint';

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
 * The chat endpoint's transport for a handler that keeps the conversation
 * (`createChatHandler({ store })`): each request carries only the chat's last message, a
 * reload resumes the answer in flight from `{api}/{chatId}/stream` (the AI SDK's
 * `reconnectToStream`), and `stopOnServer` stops it. Its own module, so that apps without a
 * server store do not download it.
 */
export class ServerConversationTransport extends ToolChatEndpointTransport {
  /** The address of the last request per chat: where its resume and stop go. */
  readonly #apiOf = new Map<string, string>();

  constructor(options: HttpChatTransportInitOptions<UIMessage> = {}) {
    super(options);
    const prepare = this.prepareSendMessagesRequest;
    this.prepareSendMessagesRequest = async (request) => {
      const prepared = prepare
        ? await prepare(request)
        : { body: { ...request.body, id: request.id, messages: request.messages, trigger: request.trigger, messageId: request.messageId } };
      this.#apiOf.set(request.id, prepared.api ?? request.api);
      return { ...prepared, body: sendOnlyNewMessages(prepared.body) };
    };
    if (!this.prepareReconnectToStreamRequest) {
      // The AI SDK's resume address, under the address the chat last posted to (its query kept).
      this.prepareReconnectToStreamRequest = ({ id, api }) => ({ api: streamAddress(this.#apiOf.get(id) ?? api, id) });
    }
  }

  /**
   * Stops the answer the server keeps for this chat (`DELETE {api}/{chatId}/stream`), on
   * whichever instance produces it: a resumed answer too. Aborting the request does not stop an
   * answer the server keeps, since a reload aborts it as well: call this with the chat's `stop()`.
   */
  async stopOnServer(chatId: string): Promise<void> {
    const api = this.#apiOf.get(chatId) ?? this.api;
    const fetchImpl = this.fetch ?? globalThis.fetch;
    const headers = await (typeof this.headers === 'function' ? this.headers() : this.headers);
    const credentials = await (typeof this.credentials === 'function' ? this.credentials() : this.credentials);
    await fetchImpl(streamAddress(api, chatId), {
      method: 'DELETE',
      // The page may be closing.
      keepalive: true,
      ...(headers === undefined ? {} : { headers }),
      ...(credentials === undefined ? {} : { credentials }),
    }).catch(() => {});
  }
}

/** `{api}/{chatId}/stream`, before any query of `api`. */
function streamAddress(api: string, chatId: string): string {
  return underEndpoint(api, `/${encodeURIComponent(chatId)}/stream`);
}
