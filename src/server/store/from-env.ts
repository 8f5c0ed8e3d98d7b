import { memoryStreams } from '../streams/memory';
import { redisStreams } from '../streams/redis';
import type { ChatStreams } from '../streams/types';
import { requireOptionalPeer } from '../optional-peer';
import { pgliteStore } from './pglite';
import { postgresStore } from './postgres';
import type { ConversationStore } from './types';

/**
 * The store and the kept answers an app's environment asks for, to spread into
 * `createChatHandler`: PostgreSQL at `DATABASE_URL`, else the embedded PGlite (in
 * `TOOLCHAT_DATA_DIR`, created with its parents, else in memory); Redis at `REDIS_URL`, else
 * this process's memory. Each needs its package (`pg`; `@electric-sql/pglite`; `redis` and
 * `resumable-stream`): one that is not installed is an error here, naming it and its install
 * command.
 * @param env @default process.env where it exists
 */
export function conversationsFromEnv(env: Record<string, string | undefined> = readProcessEnv()): {
  store: ConversationStore;
  streams: ChatStreams;
} {
  const via = 'conversationsFromEnv';
  if (env.DATABASE_URL) requireOptionalPeer('pg', `${via} (DATABASE_URL is set: PostgreSQL)`);
  else requireOptionalPeer('@electric-sql/pglite', `${via} (DATABASE_URL is not set: the embedded PGlite store)`);
  if (env.REDIS_URL) {
    requireOptionalPeer('redis', `${via} (REDIS_URL is set)`);
    requireOptionalPeer('resumable-stream', `${via} (REDIS_URL is set)`);
  }
  const store = env.DATABASE_URL
    ? postgresStore({ connectionString: env.DATABASE_URL })
    : pgliteStore(env.TOOLCHAT_DATA_DIR ? { dataDir: env.TOOLCHAT_DATA_DIR } : {});
  const streams = env.REDIS_URL ? redisStreams({ url: env.REDIS_URL }) : memoryStreams();
  return { store, streams };
}

function readProcessEnv(): Record<string, string | undefined> {
  const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return runtime.process?.env ?? {};
}
