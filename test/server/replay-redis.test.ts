import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisReplayStore, type RedisReplayClient } from 'toolchat/server';
import { tool, type UIMessage } from 'ai';
import { z } from 'zod';
import { startRedisServer, type RedisServer } from '../support/redis-server';
import { approvalBody, deleteFilesTool, handlerWith, resultOf } from './approved-call';
import { chatRequest, readChunks } from './chat-stream';

// A real redis-server (Debian's package, installed by scripts/ensure-services.sh), two handler
// instances with their own connections to it, as two servers behind a load balancer have.
let redis: RedisServer;
const clients: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
}, 30_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await redis?.stop();
});

async function connected(options: { RESP?: 2 | 3 } = {}) {
  const client = createClient({ url: redis.url, ...options });
  clients.push(client);
  await client.connect();
  return client;
}

const send = async (handler: (request: Request) => Promise<Response>, body: unknown) => readChunks(await handler(chatRequest(body)));

describe('two instances sharing a Redis replay store', () => {
  it('twenty copies of one approval at once, across both: one run', async () => {
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { tools, deleted } = deleteFilesTool({ slow });
    // Released once every copy has its claim's answer: none can arrive after the record.
    let answered = 0;
    const counted = (client: RedisReplayClient): RedisReplayClient => ({
      eval: async (script, options) => {
        const reply = await client.eval(script, options);
        answered++;
        return reply;
      },
    });
    const a = handlerWith({ tools, replayStore: redisReplayStore(counted(await connected())) });
    const b = handlerWith({ tools, replayStore: redisReplayStore(counted(await connected())) });
    const body = await approvalBody(a, 'chat-twenty');

    const copies = Array.from({ length: 20 }, (_, i) => send(i % 2 === 0 ? a : b, body));
    await vi.waitFor(() => expect(answered).toBe(20), { timeout: 30_000 });
    await vi.waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
    release();
    const results = (await Promise.all(copies)).map(resultOf);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(results.filter((result) => result?.output !== undefined)).toHaveLength(1);
    expect(results.filter((result) => result?.errorText?.includes('already ran'))).toHaveLength(19);
  });

  it('an approval resent to the other instance gets the recorded output, without a run', async () => {
    const { tools, deleted } = deleteFilesTool();
    const a = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const b = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const body = await approvalBody(a, 'chat-resent');
    expect(resultOf(await send(a, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(resultOf(await send(b, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('keeps its records under the prefix, with the time to live', async () => {
    const client = await connected();
    const { tools } = deleteFilesTool();
    const handler = handlerWith({ tools, replayStore: redisReplayStore(client, { prefix: 'app1:' }), approvalTtlMs: 10 * 60_000 });
    await send(handler, await approvalBody(handler, 'chat-ttl'));
    const keys = await client.keys('app1:*');
    expect(keys).toHaveLength(1);
    const ttl = await client.pTTL(keys[0]!);
    expect(ttl).toBeGreaterThan(10 * 60_000);
    expect(ttl).toBeLessThanOrEqual(11 * 60_000);
    expect(JSON.parse((await client.get(keys[0]!)) ?? 'null')).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
  });

  it('Redis gone: the call is not run, and the model hears why', async () => {
    const client = createClient({ url: redis.url.replace(/:\d+$/, ':1'), socket: { reconnectStrategy: false } });
    client.on('error', () => {});
    const { tools, deleted } = deleteFilesTool();
    // A client that never connected rejects every command.
    const handler = handlerWith({ tools, replayStore: redisReplayStore(client) });
    const result = resultOf(await send(handler, await approvalBody(handler, 'chat-down')));
    expect(result?.errorText).toMatch(/^Tool "deleteFiles" was not run: its run could not be recorded \(.+\), so it cannot be sure to run only once\.$/);
    expect(deleted).not.toHaveBeenCalled();
  });

  it('one command per step: the claim, the record, and a replay (claim and read at once)', async () => {
    const client = await connected();
    const sent: string[][] = [];
    const counting: RedisReplayClient = {
      eval: (script, options) => {
        sent.push(options.keys);
        return client.eval(script, options);
      },
    };
    const { tools, deleted } = deleteFilesTool();
    const handler = handlerWith({ tools, replayStore: redisReplayStore(counting) });
    const body = await approvalBody(handler, 'chat-round-trips');
    expect(resultOf(await send(handler, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(sent).toHaveLength(2);
    expect(resultOf(await send(handler, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.flat()).size).toBe(1);
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it("a replay of a run that failed gets that run's error, without a second run", async () => {
    const failing = vi.fn(async (_input: { path: string }): Promise<unknown> => {
      throw new Error('disk is read-only');
    });
    const tools = { deleteFiles: tool({ description: 'Delete files', inputSchema: z.object({ path: z.string() }), needsApproval: true, execute: failing }) };
    const handler = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const body = await approvalBody(handler, 'chat-failed');
    expect(resultOf(await send(handler, body))?.errorText).toContain('disk is read-only');
    expect(resultOf(await send(handler, body))?.errorText).toContain('disk is read-only');
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('an ioredis-shaped client behind the one-line adapter (EVAL script numkeys key… arg…)', async () => {
    const client = await connected();
    // ioredis spells it `eval(script, numkeys, ...keysAndArgs)`; a raw command stands in for it here.
    const ioredisLike = { eval: (script: string, numkeys: number, ...rest: string[]) => client.sendCommand(['EVAL', script, String(numkeys), ...rest]) };
    const adapted: RedisReplayClient = { eval: (script, { keys, arguments: args }) => ioredisLike.eval(script, keys.length, ...keys, ...args) };
    const { tools, deleted } = deleteFilesTool();
    const a = handlerWith({ tools, replayStore: redisReplayStore(adapted) });
    const b = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const body = await approvalBody(a, 'chat-ioredis');
    expect(resultOf(await send(a, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(resultOf(await send(b, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(resultOf(await send(a, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(deleted).toHaveBeenCalledTimes(1);
  });
});

describe('the approval vocabulary on two instances', () => {
  /** The approval body of `approvalBody`, with the user's edit on the approval (what `answerApproval` with `edit` sends). */
  const edited = (body: { id: string; messages: UIMessage[] }, input: unknown) => ({
    ...body,
    messages: body.messages.map((message) => ({
      ...message,
      parts: message.parts.map((part) =>
        'approval' in part && part.approval ? ({ ...part, approval: { ...part.approval, descriptor: { toolchat: { editedInput: input } } } } as UIMessage['parts'][number]) : part,
      ),
    })),
  });

  it('an edited approval sent to both, ten times: one run, with the edit', async () => {
    const { tools, deleted } = deleteFilesTool();
    const a = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const b = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const body = edited(await approvalBody(a, 'chat-edited'), { path: '/tmp/cache/old' });
    const results = (await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 === 0 ? a : b, body)))).map(resultOf);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(deleted.mock.calls[0]![0]).toEqual({ path: '/tmp/cache/old' });
    expect(results.filter((result) => result?.output !== undefined).length + results.filter((result) => result?.errorText?.includes('already ran')).length).toBe(10);
  });

  it("an approval (a chat grant's, say) is bound to its chat: posted in another chat, it runs on neither instance", async () => {
    const { tools, deleted } = deleteFilesTool();
    const a = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const b = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const body = await approvalBody(a, 'chat-granted');
    await send(b, { ...body, id: 'chat-other' });
    await send(a, { ...body, id: 'chat-other' });
    expect(deleted).not.toHaveBeenCalled();
    expect(resultOf(await send(b, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(deleted).toHaveBeenCalledTimes(1);
  });
});

describe('the protocol', () => {
  it('a RESP3 connection claims, records and replays as RESP2 does', async () => {
    const { tools, deleted } = deleteFilesTool();
    const a = handlerWith({ tools, replayStore: redisReplayStore(await connected({ RESP: 3 })) });
    const b = handlerWith({ tools, replayStore: redisReplayStore(await connected()) });
    const body = await approvalBody(a, 'chat-resp3');
    expect(resultOf(await send(a, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(resultOf(await send(a, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(resultOf(await send(b, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(deleted).toHaveBeenCalledTimes(1);
  });
});

describe('a Redis client that fails', () => {
  it('a command timeout without a message: the model reads that Redis timed out, and nothing runs', async () => {
    class TimeoutError extends Error {}
    const timingOut: RedisReplayClient = { eval: async () => Promise.reject(new TimeoutError()) };
    const { tools, deleted } = deleteFilesTool();
    const handler = handlerWith({ tools, replayStore: redisReplayStore(timingOut) });
    const result = resultOf(await send(handler, await approvalBody(handler, 'chat-timeout')));
    expect(result?.errorText).toBe('Tool "deleteFiles" was not run: its run could not be recorded (Redis: the command timed out), so it cannot be sure to run only once.');
    expect(deleted).not.toHaveBeenCalled();
  });
});
