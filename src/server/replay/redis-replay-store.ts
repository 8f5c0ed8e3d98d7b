import type { ReplayStore } from './replay-store';

/**
 * The commands {@link redisReplayStore} uses, as node-redis (`redis` 4 to 6) spells them: pass the
 * client your app creates and connects (`createClient({ url })`). Typed structurally, so toolchat
 * does not import `redis`; another client fits behind a small object with these two methods.
 */
export interface RedisReplayClient {
  set(
    key: string,
    value: string,
    options: { condition?: 'NX' | 'XX'; expiration: { type: 'PX'; value: number } },
  ): Promise<unknown>;
  get(key: string): Promise<unknown>;
}

/** Options of {@link redisReplayStore}. */
export interface RedisReplayStoreOptions {
  /**
   * Prefix of the keys, to share a Redis database with other data.
   * @default 'toolchat:replay:'
   */
  prefix?: string;
}

// A claimed call that has not finished: the key exists, with no outcome yet.
const RUNNING = '{"running":true}';

/**
 * A {@link ReplayStore} on Redis, for handlers on many instances: a claim is `SET key … NX PX ttl`
 * (atomic in Redis, so of any number of concurrent copies on any instances one wins), and the
 * outcome replaces it with the same time to live.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * export const POST = createChatHandler({ model, tools, replayStore: redisReplayStore(redis) });
 */
export function redisReplayStore(client: RedisReplayClient, options: RedisReplayStoreOptions = {}): ReplayStore {
  const prefix = options.prefix ?? 'toolchat:replay:';
  const px = (ttlMs: number) => ({ type: 'PX' as const, value: Math.max(1, Math.ceil(ttlMs)) });
  const store: ReplayStore = {
    async claim(key, ttlMs) {
      const reply = await client.set(prefix + key, RUNNING, { condition: 'NX', expiration: px(ttlMs) });
      return reply === 'OK';
    },
    async record(key, outcome, ttlMs) {
      await client.set(prefix + key, JSON.stringify(outcome), { expiration: px(ttlMs) });
    },
    async outcome(key) {
      const value = await client.get(prefix + key);
      if (typeof value !== 'string') return undefined;
      try {
        const parsed = JSON.parse(value) as unknown;
        if (typeof parsed !== 'object' || parsed === null) return undefined;
        if (Object.hasOwn(parsed, 'output')) return { output: (parsed as { output: unknown }).output };
        if (Object.hasOwn(parsed, 'errorText') && typeof (parsed as { errorText: unknown }).errorText === 'string') {
          return { errorText: (parsed as { errorText: string }).errorText };
        }
        return undefined;
      } catch {
        return undefined;
      }
    },
  };
  return store;
}
