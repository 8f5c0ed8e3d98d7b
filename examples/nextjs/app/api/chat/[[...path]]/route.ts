import {
  conversationsFromEnv,
  createChatHandler,
  createDemoModel,
  memoryConversationStore,
  memoryStreams,
} from 'toolchat/server';
import { anonymousUsers } from '../anonymous-user';

// One handler for the chat (POST /api/chat) and the routes under it: the user's threads
// (GET /api/chat/threads, GET | PATCH | DELETE /api/chat/threads/:id) and the answer in flight
// (GET | DELETE /api/chat/:id/stream), which a reload resumes.

// DATABASE_URL (PostgreSQL, `npm install pg`) or TOOLCHAT_DATA_DIR (the embedded PGlite,
// `npm install @electric-sql/pglite`) keep the chats; REDIS_URL (`npm install redis
// resumable-stream`) shares answers in flight between instances. With none of them, this
// process's memory: nothing to install, gone at a restart.
const env = process.env;
const conversations =
  env.DATABASE_URL || env.TOOLCHAT_DATA_DIR || env.REDIS_URL
    ? conversationsFromEnv()
    : { store: memoryConversationStore(), streams: memoryStreams() };

const users = anonymousUsers();

// OPENAI_API_KEY (with optional OPENAI_BASE_URL, OPENAI_MODEL) picks a real model; without it the
// embedded demo model answers, chosen here by name: in production (`next build`, `next start`)
// a handler with no model at all is an error. Or pass one: { model: openai.chat('gpt-4o-mini') }.
const handler = users.withUser(
  createChatHandler({
    ...(env.OPENAI_API_KEY ? {} : { model: createDemoModel() }),
    ...conversations,
    getUserId: users.getUserId,
  }),
);

// Every request reads the user's cookie: never prerendered or cached.
export const dynamic = 'force-dynamic';

export { handler as GET, handler as POST, handler as PATCH, handler as DELETE };
