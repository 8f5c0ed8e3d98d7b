import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createToolChat, memoryGrants, type ToolChat } from 'toolchat/core';
import { createChatHandler, memoryConversationStore, redisStreams, type ChatStreams } from 'toolchat/server';
import { serverConversations } from 'toolchat/transports';
import { startRedisServer, type RedisServer } from '../../support/redis-server';
import { deferred, getUserId, steppedModel } from './support';

// Answers in flight belong to their branch: two instances of the app share a real Redis (and a
// store), a page is reloaded onto the other instance mid-answer, switches away and back, and
// every resume shows the answer of the branch it was made in, never another branch's.

let redis: RedisServer;
let streams: ChatStreams[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
}, 60_000);
afterAll(async () => {
  await Promise.all(streams.map((kept) => kept.close()));
  await redis?.stop();
});

const text = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
const texts = (chat: ToolChat) => chat.getState().messages.map(text);
const idle = (chat: ToolChat) => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));

describe('given a server-kept chat on two instances sharing Redis', () => {
  it('resumes the answer of the branch it was made in, after a reload onto the other instance, a switch away and back, and another reload', async () => {
    const first = deferred();
    const second = deferred();
    const { model, prompts, aborted } = steppedModel(['Answer 1', { gated: 'Hello, world', gate: first.promise }, { gated: 'Twenty-two', gate: second.promise }]);
    const store = memoryConversationStore();
    streams = [redisStreams({ url: redis.url }), redisStreams({ url: redis.url })];
    const instances = streams.map((kept) => createChatHandler({ model, store, streams: kept, getUserId }));
    const served: number[] = [];
    /** A page whose requests reach instance `at` (the load balancer's pick for this page). */
    const open = async (at: number) => {
      const browserFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        request.headers.set('x-user', 'erin');
        served.push(at);
        return instances[at]!(request);
      }) as typeof globalThis.fetch;
      const chat = createToolChat({ id: 'erin-chat', grants: memoryGrants(), ...serverConversations({ api: 'http://localhost/api/chat', fetch: browserFetch }) });
      await chat.ready;
      return chat;
    };

    // Instance 0 answers, then answers again (Regenerate): the second answer is in flight there.
    const page = await open(0);
    await page.sendMessage('One');
    await idle(page);
    void page.regenerate();
    await vi.waitFor(() => expect(texts(page)).toEqual(['One', 'Hel']));
    const answerId = page.getState().messages[1]!.id;
    page.dispose();

    // Reloaded onto instance 1: the thread, then the answer in flight, in its branch.
    const reloaded = await open(1);
    await vi.waitFor(() => expect(texts(reloaded)).toEqual(['One', 'Hel']));
    expect(reloaded.getState().messages[1]!.id).toBe(answerId);
    expect(reloaded.getBranches(answerId)).toEqual({ index: 1, count: 2 });

    // Away to the first answer: instance 1's stop reaches instance 0 through Redis, and the
    // switch goes once the stopped answer is written.
    await reloaded.switchBranch(answerId, 0);
    expect(texts(reloaded)).toEqual(['One', 'Answer 1']);
    expect(aborted).toEqual(['Hello, world']);
    first.resolve();
    expect((await store.loadThread('erin', 'erin-chat'))?.activeAnswerId).toBeUndefined();

    // And back: the answer stopped as it was shown, nothing more streamed into it.
    await reloaded.switchBranch(reloaded.getState().messages[1]!.id, 1);
    expect(texts(reloaded)).toEqual(['One', 'Hel']);
    expect(reloaded.getState().messages[1]).toMatchObject({ id: answerId, metadata: { ending: 'stopped' } });
    reloaded.dispose();

    // A reload finds nothing in flight: the stopped answer's kept stream is not replayed.
    const again = await open(0);
    await idle(again);
    expect(texts(again)).toEqual(['One', 'Hel']);
    expect(again.getBranches(answerId)).toEqual({ index: 1, count: 2 });

    // An answer in flight in the other branch, then a reload onto the other instance mid-answer.
    await again.switchBranch(answerId, 0);
    void again.sendMessage('Two');
    await vi.waitFor(() => expect(texts(again)).toEqual(['One', 'Answer 1', 'Two', 'Twe']));
    const twoAnswerId = again.getState().messages[3]!.id;
    again.dispose();
    const resumed = await open(1);
    await vi.waitFor(() => expect(texts(resumed)).toEqual(['One', 'Answer 1', 'Two', 'Twe']));
    expect(resumed.getState().messages[3]!.id).toBe(twoAnswerId);
    expect(resumed.getBranches(resumed.getState().messages[1]!.id)).toEqual({ index: 0, count: 2 });
    second.resolve();
    await idle(resumed);
    expect(texts(resumed)).toEqual(['One', 'Answer 1', 'Two', 'Twenty-two']);

    // Each branch holds its own answer; the model was asked three times, with its own path each.
    const stored = (await store.loadThread('erin', 'erin-chat'))!;
    expect(stored.messages.map(text)).toEqual(['One', 'Answer 1', 'Two', 'Twenty-two']);
    await resumed.switchBranch(resumed.getState().messages[1]!.id, 1);
    expect(texts(resumed)).toEqual(['One', 'Hel']);
    expect(prompts).toHaveLength(3);
    expect(prompts[2]).toContain('Answer 1');
    expect(prompts[2]).not.toContain('Hel');
    expect(new Set(served)).toEqual(new Set([0, 1]));
    resumed.dispose();
  });
});
