import type { Publisher, Subscriber } from 'resumable-stream/generic';
import type { ChatStreams } from './types';
import { mapStream } from '../../core/streams/map-stream';
import { importOptionalPeer, requireOptionalPeer } from '../optional-peer';

/** A node-redis (`redis` package) client, as far as this module uses it. */
export interface RedisClientLike {
  connect(): Promise<unknown>;
  publish(channel: string, message: string): Promise<unknown>;
  set(key: string, value: string, options?: { EX?: number }): Promise<unknown>;
  get(key: string): Promise<string | null | unknown>;
  incr(key: string): Promise<number>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  duplicate(): RedisClientLike;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
  isOpen?: boolean;
}

export interface RedisStreamsOptions {
  /** `redis://host:6379`. @default env.REDIS_URL */
  url?: string;
  /** A connected node-redis client of the app's own; a duplicate of it subscribes. `url` is then ignored. */
  client?: RedisClientLike;
  /** Prefix of every key and channel. @default 'toolchat' */
  keyPrefix?: string;
}

/**
 * Answers in flight kept in Redis through the `resumable-stream` package: any instance can
 * resume an answer another one produces, and a stop reaches the instance producing it (Redis
 * pub/sub: one channel every instance listens on, so an answer costs no subscription of its
 * own). Uses two connections (one subscribes). `redis` and `resumable-stream` are loaded on
 * first use.
 */
export function redisStreams(options: RedisStreamsOptions = {}): ChatStreams {
  requireOptionalPeer('resumable-stream', 'redisStreams');
  if (!options.client) requireOptionalPeer('redis', 'redisStreams');
  const prefix = options.keyPrefix ?? 'toolchat';
  const stopChannel = `${prefix}:stop`;
  /** This instance's answers in flight: who stops each. */
  const stops = new Map<string, (message?: string) => void>();
  let opened: Promise<{ publisher: RedisClientLike; subscriber: RedisClientLike; context: import('resumable-stream/generic').ResumableStreamContext }> | undefined;
  const open = () =>
    (opened ??= (async () => {
      let publisher = options.client;
      if (!publisher) {
        const url = options.url ?? readEnv('REDIS_URL');
        if (!url) throw new Error('redisStreams needs a url (or REDIS_URL)');
        const { createClient } = await importOptionalPeer<typeof import('redis')>('redis', 'redisStreams');
        publisher = createClient({ url }) as unknown as RedisClientLike;
        await publisher.connect();
      }
      const subscriber = publisher.duplicate();
      await subscriber.connect();
      // Every stop reaches every instance; the one producing that answer acts on it.
      await subscriber.subscribe(stopChannel, (text) => {
        const split = text.indexOf('\n');
        const streamId = split === -1 ? text : text.slice(0, split);
        stops.get(streamId)?.(split === -1 ? undefined : text.slice(split + 1));
      });
      const { createResumableStreamContext } = await importOptionalPeer<typeof import('resumable-stream/generic')>('resumable-stream/generic', 'redisStreams');
      const context = createResumableStreamContext({
        keyPrefix: prefix,
        waitUntil: null,
        publisher: publisher as unknown as Publisher,
        subscriber: subscriber as unknown as Subscriber,
      });
      return { publisher, subscriber, context };
    })());

  return {
    async keep(streamId, sse, stop) {
      const { context } = await open();
      stops.set(streamId, stop);
      // The package reads the stream eagerly (and buffers what it returns, which nobody reads:
      // it goes with the answer); its end is the answer's.
      await context.createNewResumableStream(streamId, () =>
        mapStream(sse, (chunk) => chunk, {
          end: () => (stops.delete(streamId), []),
          cancel: () => stops.delete(streamId),
        }),
      );
    },
    async resume(streamId) {
      const { context } = await open();
      return (await context.resumeExistingStream(streamId)) ?? null;
    },
    async stop(streamId, message) {
      const local = stops.get(streamId);
      if (local) return local(message);
      const { publisher } = await open();
      await publisher.publish(stopChannel, message === undefined ? streamId : `${streamId}\n${message}`);
    },
    async close() {
      if (!opened) return;
      const { publisher, subscriber } = await opened;
      await quit(subscriber);
      if (!options.client) await quit(publisher);
    },
  };
}

async function quit(client: RedisClientLike): Promise<void> {
  await (client.close ?? client.quit)?.call(client).catch(() => {});
}

function readEnv(name: string): string | undefined {
  const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return runtime.process?.env?.[name] || undefined;
}
