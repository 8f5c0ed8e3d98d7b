import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import * as z from 'zod';
import { jsonError, storeUnavailable } from '../json-error';
import { CHAT_ID } from '../request/chat-id';
import { readBody } from '../request/read-body';
import type { ChatStreams } from '../streams/types';
import { readStopMessage, type AnswersInFlight } from './answers-in-flight';
import { stopAnswer } from './stop-answer';
import type { ConversationStore } from './types';

/** The longest title a rename keeps. */
export const MAX_TITLE_LENGTH = 200;

/** A stop's body (how much the client had shown) is small. */
const MAX_STOP_BODY_BYTES = 4096;

const renameBody = z.object({ title: z.string().trim().min(1).max(MAX_TITLE_LENGTH) });

/**
 * Names a route of the endpoint takes: a chat of that id would have routes that mean something
 * else (`…/threads/stream`), so a chat request naming one is refused.
 */
export const RESERVED_CHAT_IDS: ReadonlySet<string> = new Set(['threads', 'stream']);

type Route =
  | { kind: 'threads' }
  | { kind: 'thread'; chatId: string }
  | { kind: 'stream'; chatId: string }
  | { kind: 'invalid-id' };

/**
 * The routes under the chat endpoint: `…/threads`, `…/threads/:id`, and the AI SDK's
 * `…/:id/stream` (resume, and stop). `undefined` for the chat endpoint itself. No chat id is
 * `threads` or `stream` (see `RESERVED_CHAT_IDS`), so each address means one route.
 */
export function matchRoute(pathname: string): Route | undefined {
  const parts = pathname.split('/').filter(Boolean);
  const last = parts.at(-1);
  const before = parts.at(-2);
  const id = (raw: string): Route | string => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return { kind: 'invalid-id' };
    }
    return CHAT_ID.test(decoded) && !RESERVED_CHAT_IDS.has(decoded) ? decoded : { kind: 'invalid-id' };
  };
  if (last === 'threads') return { kind: 'threads' };
  if (before === 'threads' && last !== undefined) {
    const chatId = id(last);
    return typeof chatId === 'string' ? { kind: 'thread', chatId } : chatId;
  }
  if (last === 'stream' && before !== undefined) {
    const chatId = id(before);
    return typeof chatId === 'string' ? { kind: 'stream', chatId } : chatId;
  }
  return undefined;
}

/** The same answer for a thread that does not exist and one another user owns. */
export function notFound(): Response {
  return jsonError(404, 'No such thread');
}

/** Nothing here for this user: a new chat (no thread yet) reads as empty, without an error status. */
function nothing(): Response {
  return new Response(null, { status: 204 });
}

function notAllowed(method: string, allowed: string): Response {
  return jsonError(405, `Method ${method.slice(0, 16)} not allowed here: use ${allowed}`, { headers: { allow: allowed } });
}

export interface ThreadRouteContext {
  userId: string;
  store: ConversationStore;
  streams: ChatStreams | undefined;
  answers: AnswersInFlight;
}

/** Answers a thread route for the context's user; a store that fails is a `503`. */
export async function threadRoute(route: Route, request: Request, context: ThreadRouteContext): Promise<Response> {
  const { userId, store, streams, answers } = context;
  switch (route.kind) {
    case 'invalid-id':
      return request.method === 'GET' ? nothing() : notFound();
    case 'threads': {
      if (request.method !== 'GET') return notAllowed(request.method, 'GET');
      try {
        return Response.json({ threads: await store.listThreads(userId) });
      } catch (error) {
        return storeUnavailable('The chats could not be listed', error);
      }
    }
    case 'thread': {
      const { chatId } = route;
      if (request.method === 'GET') {
        try {
          const thread = await store.loadThread(userId, chatId);
          // 204 for a chat with no thread yet, and alike for another user's: nothing to load.
          if (!thread) return nothing();
          const { chatId: id, title, createdAt, updatedAt, messages } = thread;
          return Response.json({ chatId: id, title, createdAt, updatedAt, messages });
        } catch (error) {
          return storeUnavailable('The chat could not be loaded', error);
        }
      }
      if (request.method === 'PATCH') {
        let body: unknown;
        try {
          body = await request.json();
        } catch {
          return jsonError(400, 'Invalid request body: not JSON');
        }
        const parsed = renameBody.safeParse(body);
        if (!parsed.success) return jsonError(400, `Invalid request body: title must be 1 to ${MAX_TITLE_LENGTH} characters`);
        try {
          const renamed = await store.renameThread(userId, chatId, parsed.data.title);
          return renamed ? Response.json(renamed) : notFound();
        } catch (error) {
          return storeUnavailable('The chat could not be renamed', error);
        }
      }
      if (request.method === 'DELETE') {
        try {
          const thread = await store.loadThread(userId, chatId);
          if (!thread || !(await store.deleteThread(userId, chatId))) return notFound();
          // Deleted first, then stopped: the answer's end finds the thread gone and writes nothing.
          if (thread.activeAnswerId) await answers.stop(thread.activeAnswerId).catch(() => {});
          return new Response(null, { status: 204 });
        } catch (error) {
          return storeUnavailable('The chat could not be deleted', error);
        }
      }
      return notAllowed(request.method, 'GET, PATCH, DELETE');
    }
    case 'stream': {
      const { chatId } = route;
      if (request.method === 'DELETE') {
        // Stop, from whichever instance; how much the client had shown comes in the body.
        const body = await readBody(request, MAX_STOP_BODY_BYTES);
        try {
          await stopAnswer(store, answers, userId, chatId, readStopMessage(body.ok ? body.text : undefined));
        } catch (error) {
          return storeUnavailable('The answer could not be stopped', error);
        }
        return nothing();
      }
      if (request.method !== 'GET') return notAllowed(request.method, 'GET, DELETE');
      let sse: ReadableStream<string> | null;
      try {
        const answerId = (await store.loadThread(userId, chatId))?.activeAnswerId;
        sse = answerId && streams ? await streams.resume(answerId) : null;
      } catch (error) {
        return storeUnavailable('The answer could not be resumed', error);
      }
      // 204: nothing in flight (the AI SDK's reconnectToStream then resolves to null).
      if (!sse) return nothing();
      return new Response(sse.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
    }
  }
}
