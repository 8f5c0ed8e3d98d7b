import type { ReplayClaim, ReplayOutcome, ReplayStore } from './replay-store';

/**
 * The one command {@link redisReplayStore} sends, `EVAL`, as node-redis (`redis` 4 to 6) spells
 * it: pass the client your app creates and connects (`createClient({ url })`). Typed
 * structurally, so toolchat does not import `redis`. For ioredis, adapt it in one line:
 * `{ eval: (script, { keys, arguments: args }) => ioredis.eval(script, keys.length, ...keys, ...args) }`.
 */
export interface RedisReplayClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
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

// Claim and read in one round trip, atomic as every script is: the key's value if it exists,
// else set it with its time to live and answer 1: an integer, the same reply to every client
// and protocol, so that only this answer can mean "claimed". Lua runs on every Redis since 2.6,
// where `SET … NX GET` needs 7.0.
const CLAIM = "local v = redis.call('GET', KEYS[1]) if v then return v end redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1";
const RECORD = "redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1";

/**
 * A {@link ReplayStore} on Redis, for handlers on many instances. A claim is one script: read the
 * key, and set it with `PX ttl` when it is absent (atomic in Redis, so of any number of concurrent
 * copies on any instances one wins, and the others get the recorded outcome in the same reply).
 * The outcome replaces the claim with the same time to live. One command each.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * export const POST = createChatHandler({ model, tools, replayStore: redisReplayStore(redis) });
 */
export function redisReplayStore(client: RedisReplayClient, options: RedisReplayStoreOptions = {}): ReplayStore {
  const prefix = options.prefix ?? 'toolchat:replay:';
  const px = (ttlMs: number) => String(Math.max(1, Math.ceil(ttlMs)));
  return {
    async claim(key, ttlMs): Promise<ReplayClaim> {
      const reply = await send(client, CLAIM, prefix + key, [RUNNING, px(ttlMs)]);
      // Only the script's own 1 is a claim: a reply this store cannot read means "already ran".
      if (reply === 1) return { claimed: true };
      return { claimed: false, outcome: parseOutcome(reply) };
    },
    async record(key, outcome, ttlMs) {
      await send(client, RECORD, prefix + key, [JSON.stringify(outcome), px(ttlMs)]);
    },
  };
}

/**
 * One `EVAL`, its failure told by name: node-redis's command timeout (5 s by default in
 * node-redis 6) rejects with a `TimeoutError` that has no message.
 */
async function send(client: RedisReplayClient, script: string, key: string, args: string[]): Promise<unknown> {
  try {
    return await client.eval(script, { keys: [key], arguments: args });
  } catch (error) {
    if (!(error instanceof Error) || error.message !== '') throw error;
    const name = error.constructor.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
    throw new Error(`Redis: ${name === 'TimeoutError' ? 'the command timed out' : name}`, { cause: error });
  }
}

/** A recorded outcome; `undefined` for a running claim, or anything this store did not write. */
function parseOutcome(value: unknown): ReplayOutcome | undefined {
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
}
