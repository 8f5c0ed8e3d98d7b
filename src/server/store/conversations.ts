import { JsonToSseTransformStream, readUIMessageStream, UI_MESSAGE_STREAM_HEADERS, type UIMessage, type UIMessageChunk } from 'ai';
import { newChatId } from '../../core/chat-id';
import { chatIdOf } from '../request/chat-id';
import type { ChatStreams } from '../streams/types';
import { mergeSent } from './merge';
import { matchRoute, notFound, threadRoute } from './thread-routes';
import { ThreadNotFoundError, type ConversationStore } from './types';

/** The options of `createChatHandler` that keep conversations on the server. */
export interface ServerConversationOptions {
  /**
   * Keeps every chat on the server, per user: the client sends only its new message, the
   * handler loads the rest, stores the answer, and serves the thread routes (`GET …/threads`,
   * `GET | PATCH | DELETE …/threads/:id`). Requires `getUserId`.
   * @default none: the stateless handler, the client sends the whole conversation
   */
  store?: ConversationStore;
  /**
   * The signed-in user of a request (the app's auth: a session cookie, a verified token).
   * `undefined` (or an empty string) refuses the request with a `401`. Every read and write of
   * the store is scoped to this id.
   */
  getUserId?: (request: Request) => string | undefined | null | Promise<string | undefined | null>;
  /**
   * Keeps each answer in flight, so a client that reloads resumes it (`GET …/:id/stream`) and
   * a stop (`DELETE …/:id/stream`) reaches it from any instance: `memoryStreams()` for one
   * process, `redisStreams()` for several. With it, a client that disconnects does not stop
   * the answer: only a stop does. Requires `store`.
   * @default none: an answer ends with its request
   */
  streams?: ChatStreams;
  /** Ids of new answers and streams. @default newChatId (128 random bits) */
  generateId?: () => string;
}

/** What the handler needs to answer one chat request on a stored thread. */
export interface StoredTurn {
  userId: string;
  chatId: string;
  messages: UIMessage[];
  /** Position where the answer is stored (the continued assistant message, or the next one). */
  answerAt: number;
}

export type TurnStart = { ok: true; turn: StoredTurn } | { ok: false; response: Response };

export interface Conversations {
  /** With `streams`, the client's disconnect does not stop the model. */
  readonly keepsAnswers: boolean;
  /**
   * Answers a thread or stream route, or a `401` without a user; for a chat request (a POST to
   * the endpoint), the id of its user.
   */
  route(request: Request): Promise<Response | string>;
  /** Loads the thread, merges what was sent, stores the new message. */
  begin(userId: string, body: string, sent: UIMessage[]): Promise<TurnStart>;
  /** Streams the answer to the client while it is stored (and kept for resuming). */
  respond(turn: StoredTurn, messages: UIMessage[], stream: ReadableStream<UIMessageChunk>, stop: () => void): Promise<Response>;
}

function jsonError(status: number, message: string): Response {
  return Response.json({ error: { message } }, { status });
}

export function createConversations(options: ServerConversationOptions & { store: ConversationStore }): Conversations {
  const { store, streams } = options;
  const generateId = options.generateId ?? newChatId;
  if (!options.getUserId) throw new TypeError('createChatHandler: a store needs getUserId, to keep each user to their own chats');
  const getUserId = options.getUserId;

  const userOf = async (request: Request): Promise<string | undefined> => {
    const id = await getUserId(request);
    return typeof id === 'string' && id !== '' ? id : undefined;
  };
  const unauthorized = () => jsonError(401, 'Sign in to use the chat');

  return {
    keepsAnswers: streams !== undefined,

    async route(request) {
      const userId = await userOf(request);
      if (!userId) return unauthorized();
      const route = matchRoute(new URL(request.url).pathname);
      return route ? threadRoute(route, request, userId, store, streams) : userId;
    },

    async begin(userId, body, sent) {
      const chatId = chatIdOf(body);
      if (!chatId) return { ok: false, response: jsonError(400, 'Invalid request body: id must be a chat id (1 to 128 letters, digits, _ or -)') };
      const thread = await store.loadThread(userId, chatId);
      const { messages, from } = mergeSent(thread?.messages ?? [], sent);
      try {
        await store.saveMessages(userId, chatId, { from, messages: sent });
      } catch (error) {
        if (error instanceof ThreadNotFoundError) return { ok: false, response: notFound() };
        throw error;
      }
      const answerAt = messages.at(-1)?.role === 'assistant' ? messages.length - 1 : messages.length;
      return { ok: true, turn: { userId, chatId, messages, answerAt } };
    },

    async respond(turn, messages, stream, stop) {
      const last = messages.at(-1);
      const continued = last?.role === 'assistant' ? last : undefined;
      // The client and the store must name the answer alike, across the rounds of a tool loop.
      const answerId = continued?.id ?? generateId();
      const [toClient, toStore] = withMessageId(stream, answerId).tee();
      const streamId = streams ? generateId() : undefined;
      if (streamId) await store.setActiveStream(turn.userId, turn.chatId, streamId);
      const stored = storeAnswer(toStore, continued).then(
        (answer) => finish(answer),
        (error: unknown) => {
          console.error(error);
          return finish(undefined);
        },
      ).catch((error: unknown) => console.error('toolchat: the answer could not be stored', error));
      async function finish(answer: UIMessage | undefined): Promise<void> {
        try {
          if (answer) await store.saveMessages(turn.userId, turn.chatId, { from: turn.answerAt, messages: [answer] });
        } finally {
          if (streamId) await store.setActiveStream(turn.userId, turn.chatId, null, streamId);
        }
      }

      // The response ends once the answer is stored: the client's next request (the tool
      // results of this round) must find it.
      const sse = closeAfter(toClient, stored).pipeThrough(new JsonToSseTransformStream());
      if (!streams || !streamId) {
        // Without kept answers, the client giving up the response stops the model, as before.
        return new Response(onCancel(sse, stop).pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
      }
      const [forClient, kept] = sse.tee();
      await streams.keep(streamId, kept, stop);
      return new Response(forClient.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
    },
  };
}

/** The answer as it ends (complete, stopped or failed), built by the AI SDK's own reader. */
async function storeAnswer(stream: ReadableStream<UIMessageChunk>, continued: UIMessage | undefined): Promise<UIMessage | undefined> {
  let answer: UIMessage | undefined;
  for await (const message of readUIMessageStream({
    ...(continued ? { message: structuredClone(continued) } : {}),
    stream,
    onError: () => {},
  })) {
    answer = message;
  }
  return answer;
}

function withMessageId(stream: ReadableStream<UIMessageChunk>, messageId: string): ReadableStream<UIMessageChunk> {
  const reader = stream.getReader();
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      controller.enqueue(value.type === 'start' && value.messageId === undefined ? { ...value, messageId } : value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function closeAfter<T>(stream: ReadableStream<T>, done: Promise<unknown>): ReadableStream<T> {
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(controller) {
      const { done: ended, value } = await reader.read();
      if (!ended) return controller.enqueue(value);
      await done;
      controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function onCancel<T>(stream: ReadableStream<T>, cancelled: () => void): ReadableStream<T> {
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      cancelled();
      await reader.cancel(reason).catch(() => {});
    },
  });
}
