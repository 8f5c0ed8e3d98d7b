import { newChatId } from '../../core/chat-id';
import type { Answer, AnswerInput } from '../answer';
import { jsonError, storeUnavailable } from '../json-error';
import { CHAT_ID } from '../request/chat-id';
import { quoteClientText } from '../request/client-text';
import type { ChatRequest } from '../request-body';
import type { ChatStreams } from '../streams/types';
import { createAnswersInFlight } from './answers-in-flight';
import { applyIntent, type TurnPlan } from './apply-intent';
import { intentOf } from '../../core/chat-intent';
import { ANSWER_CLAIM_MS, storedAnswer, type ClaimedTurn } from './stored-answer';
import { matchRoute, notFound, RESERVED_CHAT_IDS, threadRoute } from './thread-routes';
import type { ConversationStore } from './types';

/** The options of `createChatHandler` that keep conversations on the server. */
export interface ServerConversationOptions {
  /**
   * Keeps every chat on the server, per user, as its only owner: a request carries an intent
   * (a new message, tool results, an edit, a regenerate), never a history; the handler answers
   * the stored conversation, stores the answer, and serves the thread routes (`GET …/threads`,
   * `GET | PATCH | DELETE …/threads/:id`, `GET | DELETE …/:id/stream`). One answer per chat at a
   * time, on any number of instances. Requires `getUserId`.
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
  /** Ids of new answers and of their claims (and kept streams). @default newChatId (128 random bits) */
  generateId?: () => string;
}

interface ConversationsOptions extends ServerConversationOptions {
  store: ConversationStore;
  /** The pipeline that answers a conversation (the stateless handler's). */
  answer: (input: AnswerInput) => Promise<Answer>;
  /** Reads and validates a chat request's body (the stateless handler's first step). */
  read: (request: Request) => Promise<{ ok: true; request: ChatRequest } | { ok: false; response: Response }>;
  isServerTool: (toolName: string) => boolean;
  now: () => number;
}

/** Claims taken by another request while this one read the thread: it reads again, this often. */
const CLAIM_ATTEMPTS = 3;

/**
 * The handler of a store: the thread routes, and chat requests answered on the stored thread.
 * It wraps the stateless pipeline (`answer`), handing it the stored conversation with the
 * request's intent applied.
 */
export function createConversations(options: ConversationsOptions): (request: Request) => Promise<Response> {
  const { store, streams, now } = options;
  const generateId = options.generateId ?? newChatId;
  if (!options.getUserId) throw new TypeError('createChatHandler: a store needs getUserId, to keep each user to their own chats');
  const getUserId = options.getUserId;
  const answers = createAnswersInFlight(streams);

  const userOf = async (request: Request): Promise<string | undefined> => {
    const id = await getUserId(request);
    return typeof id === 'string' && id !== '' ? id : undefined;
  };

  /** Reads the thread, applies the intent and claims the thread for the answer, in one write. */
  async function claim(userId: string, chatId: string, request: ChatRequest): Promise<{ ok: true; turn: ClaimedTurn; plan: TurnPlan } | { ok: false; response: Response }> {
    const intent = intentOf(request);
    if ('error' in intent) return refused(400, intent.error);
    // PostgreSQL's jsonb cannot hold U+0000: refused alike on every store.
    if (JSON.stringify(request.messages).includes('\\u0000')) return refused(400, 'Invalid messages: they hold a NUL character (U+0000), which a chat cannot keep');
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      let thread;
      try {
        thread = await store.loadThread(userId, chatId);
      } catch (error) {
        return { ok: false, response: storeUnavailable('The chat could not be loaded', error) };
      }
      if (thread?.activeAnswerId) return busy();
      const plan = applyIntent({ intent, stored: thread?.messages ?? [], sent: request.messages, isServerTool: options.isServerTool });
      if (!plan.ok) return { ok: false, response: jsonError(plan.status, plan.message, plan.retryable === undefined ? {} : { retryable: plan.retryable }) };
      const answerId = generateId();
      let outcome;
      try {
        outcome = await store.writeThread(userId, chatId, {
          expectedVersion: thread?.version ?? 0,
          after: plan.write.after,
          messages: plan.write.messages,
          answer: { start: answerId, expiresAt: new Date(now() + ANSWER_CLAIM_MS) },
        });
      } catch (error) {
        return { ok: false, response: storeUnavailable('Your message could not be saved', error) };
      }
      if (outcome.ok) {
        const { path, continued } = plan;
        const turn: ClaimedTurn = {
          userId,
          chatId,
          answerId,
          version: outcome.version,
          after: continued ? (path.at(-2)?.id ?? null) : (path.at(-1)?.id ?? null),
          messageId: continued?.id ?? generateId(),
          ...(continued ? { continued } : {}),
        };
        return { ok: true, turn, plan };
      }
      if (outcome.reason === 'not-found') return { ok: false, response: notFound() };
      if (outcome.reason === 'busy') return busy();
      // Another request wrote the thread since it was read: read it again.
    }
    return refused(409, 'This chat changed while your request was handled: reload it and try again');
  }

  /** A model call that never started: the claim ends, the user's message stays stored. */
  async function release(turn: ClaimedTurn, plan: TurnPlan): Promise<void> {
    await store
      .writeThread(turn.userId, turn.chatId, { expectedVersion: turn.version, after: plan.path.at(-1)?.id ?? null, messages: [], answer: { end: turn.answerId } })
      .catch((error: unknown) => console.error('toolchat: the claim of an answer that never started could not be ended; it lapses by itself', error));
  }

  return async (request) => {
    const userId = await userOf(request);
    if (!userId) return jsonError(401, 'Sign in to use the chat');
    // No thread route takes a POST, so a POST is always a chat request: an endpoint mounted at a
    // path ending in `threads` or `…/stream` still answers its chat requests.
    const route = request.method === 'POST' ? undefined : matchRoute(new URL(request.url).pathname);
    if (route) return threadRoute(route, request, { userId, store, streams, answers });

    const read = await options.read(request);
    if (!read.ok) return read.response;
    const chatId = read.request.chatId;
    if (chatId === undefined || !CHAT_ID.test(chatId)) return jsonError(400, 'Invalid request body: id must be a chat id (1 to 128 letters, digits, _ or -)');
    if (RESERVED_CHAT_IDS.has(chatId)) return jsonError(400, `Invalid request body: id ${quoteClientText(chatId)} names a route of the endpoint; choose another chat id (newChatId())`);

    const claimed = await claim(userId, chatId, read.request);
    if (!claimed.ok) return claimed.response;
    const { turn, plan } = claimed;
    const { tools, toolsDisabled } = read.request;
    const stored = storedAnswer({ store, streams, answers, now }, turn);
    const answered = await options.answer({
      chatId,
      messages: plan.path,
      tools,
      toolsDisabled,
      // The store keeps the calls of a text-only model's markers as the browser holds them.
      parseMarkers: true,
      stage: stored.stage,
      onEnd: stored.onEnd,
      // Kept answers outlive their request: a reload resumes them, only a stop ends them.
      ...(streams ? {} : { signal: request.signal }),
    });
    if (!answered.ok) {
      stored.abandon();
      await release(turn, plan);
      return answered.response;
    }
    return stored.respond(answered);
  };
}

function refused(status: number, message: string): { ok: false; response: Response } {
  return { ok: false, response: jsonError(status, message) };
}

function busy(): { ok: false; response: Response } {
  return { ok: false, response: jsonError(409, 'An answer is in progress in this chat: wait for it to end (or stop it), then send again', { retryable: true }) };
}
