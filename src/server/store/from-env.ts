import { memoryStreams } from '../streams/memory';
import { redisStreams } from '../streams/redis';
import type { ChatStreams } from '../streams/types';
import { pgliteStore } from './pglite';
import { postgresStore } from './postgres';
import type { ConversationStore } from './types';

/**
 * The store and the kept answers an app's environment asks for, to spread into
 * `createChatHandler`: PostgreSQL at `DATABASE_URL`, else the embedded PGlite (in
 * `TOOLCHAT_DATA_DIR`, else in memory); Redis at `REDIS_URL`, else this process's memory.
 * @param env @default process.env where it exists
 */
export function conversationsFromEnv(env: Record<string, string | undefined> = readProcessEnv()): {
  store: ConversationStore;
  streams: ChatStreams;
} {
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
