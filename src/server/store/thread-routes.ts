import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import * as z from 'zod';
import { CHAT_ID } from '../request/chat-id';
import type { ChatStreams } from '../streams/types';
import type { ConversationStore } from './types';

/** The longest title a rename keeps. */
export const MAX_TITLE_LENGTH = 200;

const renameBody = z.object({ title: z.string().trim().min(1).max(MAX_TITLE_LENGTH) });

type Route =
  | { kind: 'threads' }
  | { kind: 'thread'; chatId: string }
  | { kind: 'stream'; chatId: string }
  | { kind: 'invalid-id' };

/**
 * The routes under the chat endpoint: `…/threads`, `…/threads/:id`, and the AI SDK's
 * `…/:id/stream` (resume, and stop). `undefined` for the chat endpoint itself.
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
    return CHAT_ID.test(decoded) ? decoded : { kind: 'invalid-id' };
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

function json(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

export function notFound(): Response {
  // The same answer for a thread that does not exist and one another user owns.
  return json(404, { error: { message: 'No such thread' } });
}

function notAllowed(method: string, allowed: string): Response {
  return new Response(JSON.stringify({ error: { message: `Method ${method.slice(0, 16)} not allowed here: use ${allowed}` } }), {
    status: 405,
    headers: { 'content-type': 'application/json', allow: allowed },
  });
}

/** Answers a thread route for `userId`. */
export async function threadRoute(
  route: Route,
  request: Request,
  userId: string,
  store: ConversationStore,
  streams: ChatStreams | undefined,
): Promise<Response> {
  switch (route.kind) {
    case 'invalid-id':
      return notFound();
    case 'threads':
      if (request.method !== 'GET') return notAllowed(request.method, 'GET');
      return json(200, { threads: await store.listThreads(userId) });
    case 'thread': {
      if (request.method === 'GET') {
        const thread = await store.loadThread(userId, route.chatId);
        if (!thread) return notFound();
        const { activeStreamId: _active, ...rest } = thread;
        return json(200, rest);
      }
      if (request.method === 'PATCH') {
        let body: unknown;
        try {
          body = await request.json();
        } catch {
          return json(400, { error: { message: 'Invalid request body: not JSON' } });
        }
        const parsed = renameBody.safeParse(body);
        if (!parsed.success) return json(400, { error: { message: `Invalid request body: title must be 1 to ${MAX_TITLE_LENGTH} characters` } });
        const renamed = await store.renameThread(userId, route.chatId, parsed.data.title);
        return renamed ? json(200, renamed) : notFound();
      }
      if (request.method === 'DELETE') {
        const thread = await store.loadThread(userId, route.chatId);
        if (!thread) return notFound();
        // An answer still streaming into a deleted thread would be lost work: stop it.
        if (thread.activeStreamId && streams) await streams.stop(thread.activeStreamId);
        return (await store.deleteThread(userId, route.chatId)) ? new Response(null, { status: 204 }) : notFound();
      }
      return notAllowed(request.method, 'GET, PATCH, DELETE');
    }
    case 'stream': {
      if (request.method !== 'GET' && request.method !== 'DELETE') return notAllowed(request.method, 'GET, DELETE');
      const thread = await store.loadThread(userId, route.chatId);
      if (!thread) return notFound();
      const streamId = thread.activeStreamId;
      if (request.method === 'DELETE') {
        // Stop, from whichever instance: the producer stops the model and stores what it has.
        if (streamId && streams) await streams.stop(streamId);
        return new Response(null, { status: 204 });
      }
      const sse = streamId && streams ? await streams.resume(streamId) : null;
      // 204: nothing in flight (the AI SDK's reconnectToStream then resolves to null).
      if (!sse) return new Response(null, { status: 204 });
      return new Response(sse.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
    }
  }
}
