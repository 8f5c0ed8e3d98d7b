import type { ChatRequestOptions, ChatTransport, HttpChatTransportInitOptions, UIMessage, UIMessageChunk } from 'ai';
import { intentOf } from '../core/chat-intent';
import { underEndpoint } from '../core/http/endpoint-path';
import { serverStorage, type ServerStorageOptions, type ThreadStorage } from '../core/storage/server';
import { threadChanged } from '../core/storage/thread-changes';
import { ToolChatEndpointTransport } from './ai-sdk-endpoint';

/**
 * The body of a request to an endpoint that keeps the conversation: only the last message (the
 * new user message, the edited one, or the answer carrying the browser's tool results), whatever
 * the length of the thread, and the request's `intent` read from the AI SDK's `trigger` and
 * `messageId` (see `ChatIntent`). The server holds the rest. For a `prepareSendMessagesRequest`
 * of one's own: `({ id, messages, body, trigger, messageId }) => ({ body: sendOnlyNewMessages({ ...body, id, messages, trigger, messageId }) })`.
 */
export function sendOnlyNewMessages<T extends object>(body: T): T {
  const { messages, trigger, messageId, intent } = body as { messages?: unknown; trigger?: unknown; messageId?: unknown; intent?: unknown };
  if (!Array.isArray(messages)) return body;
  const last = messages.slice(-1) as UIMessage[];
  const derived =
    intent ??
    intentOf({
      messages: last,
      ...(typeof trigger === 'string' ? { trigger } : {}),
      ...(typeof messageId === 'string' ? { messageId } : {}),
    });
  return { ...body, messages: last, ...('error' in (derived as object) ? {} : { intent: derived }) };
}

/**
 * The chat endpoint's transport for a handler that keeps the conversation
 * (`createChatHandler({ store })`): each request carries only the chat's last message and its
 * intent, a reload resumes the answer in flight from `{api}/{chatId}/stream` (the AI SDK's
 * `reconnectToStream`), and `stopOnServer` stops it. Lists of the endpoint's threads hear of a
 * chat's new message (`ThreadList` updates itself). Its own module, so that apps without a
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

  override async sendMessages(options: Parameters<ChatTransport<UIMessage>['sendMessages']>[0]): Promise<ReadableStream<UIMessageChunk>> {
    const stream = await super.sendMessages(options);
    // The server has stored the user's message (the answer follows): the thread is listed, first.
    if (options.trigger === 'submit-message' && options.messages.at(-1)?.role === 'user') threadChanged(this.#apiOf.get(options.chatId) ?? this.api, options.chatId);
    return stream;
  }

  /**
   * Stops the answer the server keeps for this chat (`DELETE {api}/{chatId}/stream`), on
   * whichever instance produces it: a resumed answer too. Aborting the request does not stop an
   * answer the server keeps, since a reload aborts it as well: call this with the chat's `stop()`.
   * With the chat's `messages` as the page shows them, the server keeps the stopped answer as
   * shown (it sends the last message's id, its number of parts and the length of its last text);
   * the answer's calls still open end as cancelled.
   */
  async stopOnServer(chatId: string, messages?: readonly UIMessage[]): Promise<void> {
    const shown = messages && shownOf(messages);
    const api = this.#apiOf.get(chatId) ?? this.api;
    const fetchImpl = this.fetch ?? globalThis.fetch;
    const headers = toRecord(await (typeof this.headers === 'function' ? this.headers() : this.headers));
    const credentials = await (typeof this.credentials === 'function' ? this.credentials() : this.credentials);
    if (shown !== undefined) headers['content-type'] = 'application/json';
    await fetchImpl(streamAddress(api, chatId), {
      method: 'DELETE',
      // The page may be closing.
      keepalive: true,
      headers,
      ...(shown === undefined ? {} : { body: JSON.stringify({ shown }) }),
      ...(credentials === undefined ? {} : { credentials }),
    }).catch(() => {});
  }
}

/** How much of its last message the page shows: what a stop keeps of the answer on the server. */
function shownOf(messages: readonly UIMessage[]): { messageId: string; parts: number; textLength?: number } | undefined {
  const last = messages.at(-1);
  if (!last) return undefined;
  const part = last.parts.at(-1);
  return { messageId: last.id, parts: last.parts.length, ...(part && (part.type === 'text' || part.type === 'reasoning') ? { textLength: part.text.length } : {}) };
}

function toRecord(headers: ChatRequestOptions['headers'] | undefined): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return { ...headers } as Record<string, string>;
}

/** `{api}/{chatId}/stream`, before any query of `api`. */
function streamAddress(api: string, chatId: string): string {
  return underEndpoint(api, `/${encodeURIComponent(chatId)}/stream`);
}

/** Options of {@link serverConversations}: one endpoint, reached the same way by both halves. */
export type ServerConversationsOptions = ServerStorageOptions;

/** What a chat on a store-backed handler needs: spread it into `ChatWrapper` or `useToolChat`. */
export interface ServerConversations {
  /** The user's threads on the server (`serverStorage`): give it to `ThreadList` too. */
  storage: ThreadStorage;
  /** Sends only the new message and its intent, resumes an answer in flight, stops it on the server. */
  transport: ServerConversationTransport;
}

/**
 * The storage and the transport of a chat whose conversations the server keeps
 * (`createChatHandler({ store })`), on one endpoint with the same `fetch`, `headers` and
 * `credentials`: `<ChatWrapper {...conversations} id={chatId} tools={tools} />`. Make it once
 * (at module level): the transport remembers where each chat's answer can be resumed.
 */
export function serverConversations(options: ServerConversationsOptions = {}): ServerConversations {
  const api = options.api ?? '/api/chat';
  const credentials = options.credentials ?? 'same-origin';
  return {
    storage: serverStorage({ ...options, api, credentials }),
    transport: new ServerConversationTransport({
      api,
      credentials,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    }),
  };
}
