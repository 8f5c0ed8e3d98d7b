import {
  conversationsFromEnv,
  createChatHandler,
  createDemoModel,
  memoryConversationStore,
  memoryStreams,
  type ConversationStore,
  type ChatStreams,
} from 'toolchat/server';
import { anonymousUsers } from './anonymous-user';

type Handler = (request: Request) => Promise<Response>;

/**
 * The demo's endpoint: a real model when `OPENAI_API_KEY` is set (with optional
 * `OPENAI_BASE_URL` and `OPENAI_MODEL`), else the embedded demo model at a readable pace.
 * `?toolMarkers=on` (the page's marker switch) serves a text-only model: the tools are described
 * in the system prompt and called with `###:` markers, as `createChatHandler({ toolMarkers: true })`
 * does for models without function calling.
 *
 * The conversations are kept on the server, per browser (an anonymous cookie: see
 * `anonymousUsers`), under `/api/chat/threads`, and an answer in flight survives a reload
 * (`/api/chat/:id/stream`). Both modes share one store and one set of answers in flight: a chat
 * may switch mode between messages.
 */
export function createDemoHandler(): Handler {
  const conversations = demoConversations();
  const users = anonymousUsers();
  const native = createHandler(false, conversations, users.getUserId);
  const markers = createHandler(true, conversations, users.getUserId);
  return users.withUser((request) => (usesToolMarkers(request) ? markers : native)(request));
}

/** Whether a request comes from the page in marker mode. */
export function usesToolMarkers(request: Request): boolean {
  return new URL(request.url).searchParams.get('toolMarkers') === 'on';
}

interface Conversations {
  store: ConversationStore;
  streams: ChatStreams;
}

/**
 * In this process's memory, so that `npm start` needs nothing (gone at a restart);
 * `TOOLCHAT_DATA_DIR` (the embedded PGlite in that directory) or `DATABASE_URL` (PostgreSQL)
 * keep them, and `REDIS_URL` keeps answers in flight in Redis.
 */
function demoConversations(env: Record<string, string | undefined> = process.env): Conversations {
  if (env.TOOLCHAT_DATA_DIR || env.DATABASE_URL || env.REDIS_URL) {
    const fromEnv = conversationsFromEnv(env);
    return env.TOOLCHAT_DATA_DIR || env.DATABASE_URL ? fromEnv : { ...fromEnv, store: memoryConversationStore() };
  }
  return { store: memoryConversationStore(), streams: memoryStreams() };
}

function createHandler(toolMarkers: boolean, conversations: Conversations, getUserId: (request: Request) => string | undefined): Handler {
  const options = { toolMarkers, ...conversations, getUserId };
  if (process.env.OPENAI_API_KEY) return createChatHandler(options);
  // Unset or empty: the demo's own pace.
  const delayMs = Number(process.env.TOOLCHAT_DEMO_DELAY_MS || 25);
  return createChatHandler({ ...options, model: createDemoModel({ delayMs, toolMarkers }) });
}
