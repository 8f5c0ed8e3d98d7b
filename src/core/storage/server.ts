import { CHAT_RECORD_VERSION, type ChatRecord, type ChatStorage, type ChatSummary } from './types';
import type { UIMessage } from 'ai';
import { underEndpoint } from '../http/endpoint-path';
import { onThreadChange } from './thread-changes';

/** A `ChatStorage` whose threads can also be renamed (what a list of threads offers). */
export interface ThreadStorage extends ChatStorage {
  rename(chatId: string, title: string): Promise<void>;
  /**
   * Calls `listener` when a thread changes elsewhere in the page (a chat on this endpoint got
   * a new message): a list of threads reads them again. Returns the unsubscribe.
   */
  subscribe?(listener: () => void): () => void;
}

export interface ServerStorageOptions {
  /**
   * The chat endpoint of a `createChatHandler` with a `store`; its thread routes live under it.
   * @default '/api/chat'
   */
  api?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Headers of every request (an auth token), or a function giving them anew each time. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** @default 'same-origin' */
  credentials?: RequestCredentials;
}

/** The server answered with an error status. */
export class ServerStorageError extends Error {
  override name = 'ServerStorageError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

interface ThreadBody {
  chatId: string;
  title: string;
  updatedAt: string;
  messages: UIMessage[];
}

/**
 * The conversations a `createChatHandler({ store })` keeps, through its thread routes
 * (`GET …/threads`, `GET | PATCH | DELETE …/threads/:id`), so `listChats` and `load` work for
 * server threads. `save` writes nothing: the handler stores each message as it is sent and
 * answered (the client sends only what is new), so the browser never uploads a whole thread.
 * A chat with no thread yet loads as nothing (the server answers `204`, never an error status).
 * `subscribe` hears of the messages a `ServerConversationTransport` of the same endpoint sends.
 */
export function serverStorage(options: ServerStorageOptions = {}): ThreadStorage {
  const api = options.api ?? '/api/chat';
  const request = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const headers = { ...(typeof options.headers === 'function' ? options.headers() : options.headers) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const fetchImpl = options.fetch ?? globalThis.fetch;
    return fetchImpl(underEndpoint(api, path), {
      method,
      headers,
      credentials: options.credentials ?? 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  const fail = async (response: Response, what: string): Promise<never> => {
    let message = `${what} failed: HTTP ${response.status}`;
    try {
      const json = (await response.json()) as { error?: { message?: unknown } };
      if (typeof json.error?.message === 'string') message = `${what} failed: ${json.error.message}`;
    } catch {
      // not JSON: the status says enough
    }
    throw new ServerStorageError(message, response.status);
  };
  const thread = (chatId: string) => `/threads/${encodeURIComponent(chatId)}`;

  return {
    async load(chatId) {
      const response = await request('GET', thread(chatId));
      // 204: no thread yet (a new chat); 404 from a server before it.
      if (response.status === 204 || response.status === 404) return undefined;
      if (!response.ok) return fail(response, 'Loading the chat');
      const body = (await response.json()) as ThreadBody;
      const record: ChatRecord = {
        version: CHAT_RECORD_VERSION,
        chatId: body.chatId,
        // The server's thread only grows between reads; its length orders them.
        revision: body.messages.length,
        updatedAt: body.updatedAt,
        title: body.title,
        messages: body.messages,
      };
      return record;
    },
    save() {
      // The handler stores every message itself.
    },
    async remove(chatId) {
      const response = await request('DELETE', thread(chatId));
      if (!response.ok && response.status !== 404) await fail(response, 'Deleting the chat');
    },
    async list(): Promise<ChatSummary[]> {
      const response = await request('GET', '/threads');
      if (!response.ok) return fail(response, 'Listing the chats');
      const body = (await response.json()) as { threads: ChatSummary[] };
      return body.threads.map(({ chatId, title, updatedAt }) => ({ chatId, title, updatedAt }));
    },
    async rename(chatId, title) {
      const response = await request('PATCH', thread(chatId), { title });
      if (!response.ok) await fail(response, 'Renaming the chat');
    },
    subscribe: (listener) => onThreadChange(api, () => listener()),
  };
}
