import { tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { memoryReplayStore, type ReplayStore } from 'toolchat/server';
import { textResponse, toolCallResponse } from '../support/mock-models';
import { assistantMessage, chatRequest, readChunks } from './chat-stream';
import { approvalBody, deleteFilesTool, handlerWith, resultOf } from './approved-call';

const send = async (handler: (request: Request) => Promise<Response>, body: unknown) => readChunks(await handler(chatRequest(body)));

describe('an approved server-tool call runs at most once', () => {
  it('the same approval resent (a Retry after the connection dropped): the recorded output, no second run', async () => {
    const { tools, deleted } = deleteFilesTool();
    const handler = handlerWith({ tools, replayStore: memoryReplayStore() });
    const body = await approvalBody(handler, 'chat-a');

    const first = await send(handler, body);
    const again = await send(handler, body);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(resultOf(first)).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(resultOf(again)).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    // The replayed output is signed like the first: the conversation goes on with it.
    const message = await assistantMessage(again, body.messages[1]);
    expect(message.parts.find((part) => 'toolCallId' in part)).toMatchObject({ state: 'output-available', resultProviderMetadata: { toolchat: { result: expect.any(String) } } });
  });

  it('twenty copies at once: one run, and every copy gets its output or "already ran"', async () => {
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { tools, deleted } = deleteFilesTool({ slow });
    // Released once every copy has claimed: none can arrive after the record, under any load.
    const store = memoryReplayStore();
    let claims = 0;
    const counting: ReplayStore = {
      claim: (key, ttlMs) => {
        claims++;
        return store.claim(key, ttlMs);
      },
      record: (key, outcome, ttlMs) => store.record(key, outcome, ttlMs),
    };
    const handler = handlerWith({ tools, replayStore: counting });
    const body = await approvalBody(handler, 'chat-a');

    const copies = Array.from({ length: 20 }, () => send(handler, body));
    await vi.waitFor(() => expect(claims).toBe(20), { timeout: 30_000 });
    await vi.waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
    release();
    const results = (await Promise.all(copies)).map(resultOf);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(results.filter((result) => result?.output !== undefined)).toHaveLength(1);
    for (const result of results.filter((r) => r?.output === undefined)) {
      expect(result?.errorText).toMatch(/^Tool "deleteFiles" already ran for this call \(or is running now\): it was not run again\.$/);
    }
  });

  it('a store that answers every claim at once on a later turn, as a network client reads many replies: one run, every copy answered', async () => {
    const { tools, deleted } = deleteFilesTool();
    const store = memoryReplayStore();
    // The first twenty claims wait until all have arrived, then are answered in one callback.
    const waiting: (() => void)[] = [];
    let claims = 0;
    const batching: ReplayStore = {
      claim: (key, ttlMs) =>
        new Promise((resolve, reject) => {
          waiting.push(() => store.claim(key, ttlMs).then(resolve, reject));
          if (++claims >= 20) setTimeout(() => waiting.splice(0).forEach((answer) => answer()), 0);
        }),
      record: async (key, outcome, ttlMs) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return store.record(key, outcome, ttlMs);
      },
    };
    const handler = handlerWith({ tools, replayStore: batching });
    const body = await approvalBody(handler, 'chat-a');

    const results = (await Promise.all(Array.from({ length: 20 }, () => send(handler, body)))).map(resultOf);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(results.filter((result) => result?.output !== undefined)).toHaveLength(1);
    expect(results.filter((result) => result?.errorText?.includes('already ran'))).toHaveLength(19);
    // A resend after the record: the recorded output, still no run.
    expect(resultOf(await send(handler, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('a run that failed is not tried again: the replay gets its error', async () => {
    const { tools, deleted } = deleteFilesTool();
    deleted.mockRejectedValueOnce(new Error('disk is read-only'));
    const handler = handlerWith({ tools, replayStore: memoryReplayStore() });
    const body = await approvalBody(handler, 'chat-a');
    expect(resultOf(await send(handler, body))).toEqual({ errorText: 'disk is read-only' });
    expect(resultOf(await send(handler, body))).toEqual({ errorText: 'disk is read-only' });
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('the signed call pasted into another conversation does not verify there', async () => {
    const { tools, deleted } = deleteFilesTool();
    const dropped: unknown[] = [];
    const handler = handlerWith({ tools, replayStore: memoryReplayStore(), onUnverifiedToolPart: (part) => dropped.push(part) });
    const body = await approvalBody(handler, 'chat-a');
    await send(handler, body);
    const inB = await send(handler, { ...body, id: 'chat-b' });
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(resultOf(inB)).toBeUndefined();
    expect(dropped).toEqual([{ toolCallId: 'call_del', toolName: 'deleteFiles', failed: 'call' }]);
  });

  it('each call of the model is its own: a new call with the same id runs', async () => {
    const { tools, deleted } = deleteFilesTool();
    const handler = handlerWith({ tools, replayStore: memoryReplayStore() });
    await send(handler, await approvalBody(handler, 'chat-a'));
    await send(handler, await approvalBody(handler, 'chat-a'));
    expect(deleted).toHaveBeenCalledTimes(2);
  });

  it('an approval after approvalTtlMs gets an error the model reads, not a run', async () => {
    let time = 1_000_000;
    const { tools, deleted } = deleteFilesTool();
    const handler = handlerWith({ tools, replayStore: memoryReplayStore({ now: () => time }), approvalTtlMs: 60_000, now: () => time });
    const body = await approvalBody(handler, 'chat-a');
    time += 60_001;
    expect(resultOf(await send(handler, body))?.errorText).toMatch(/^Tool "deleteFiles" was not run: it was approved more than 1 min after the call was made, and approvals expire\./);
    expect(deleted).not.toHaveBeenCalled();
  });

  it('a store that fails: the call is not run, and the model hears why', async () => {
    const { tools, deleted } = deleteFilesTool();
    const broken: ReplayStore = {
      claim: async () => {
        throw new Error('connection refused');
      },
      record: async () => {},
    };
    const handler = handlerWith({ tools, replayStore: broken });
    const result = resultOf(await send(handler, await approvalBody(handler, 'chat-a')));
    expect(result?.errorText).toBe('Tool "deleteFiles" was not run: its run could not be recorded (connection refused), so it cannot be sure to run only once.');
    expect(deleted).not.toHaveBeenCalled();
  });

  it('claims the approved call before the model call starts; the output does not wait for its record', async () => {
    const { tools, deleted } = deleteFilesTool();
    const store = memoryReplayStore();
    const steps: string[] = [];
    let releaseRecord = () => {};
    const recordHeld = new Promise<void>((resolve) => {
      releaseRecord = resolve;
    });
    const watched: ReplayStore = {
      claim: async (key, ttlMs) => {
        steps.push(`claim (ran: ${deleted.mock.calls.length})`);
        return store.claim(key, ttlMs);
      },
      record: async (key, outcome, ttlMs) => {
        steps.push('record');
        await recordHeld;
        return store.record(key, outcome, ttlMs);
      },
    };
    const handler = handlerWith({ tools, replayStore: watched });
    const body = await approvalBody(handler, 'chat-a');
    const response = await handler(chatRequest(body));
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    // The output streams while its record is still being written.
    while (!text.includes('tool-output-available')) text += (await reader.read()).value ?? '';
    expect(steps).toEqual(['claim (ran: 0)', 'record']);
    // The answer's end waits for the record.
    const rest = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += value;
      }
    })();
    releaseRecord();
    await rest;
    expect(resultOf(await send(handler, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('a request aborted while the store answers its claim: the approved call runs once, and a resend gets its output', async () => {
    // The AI SDK runs an approved call as the answer starts, even when the request is aborted:
    // the claim taken before it is the one that counts, and nothing runs twice.
    const { tools, deleted } = deleteFilesTool();
    const store = memoryReplayStore();
    const client = new AbortController();
    const handler = handlerWith({
      tools,
      replayStore: {
        claim: async (key, ttlMs) => {
          const claim = await store.claim(key, ttlMs);
          client.abort();
          return claim;
        },
        record: (key, outcome, ttlMs) => store.record(key, outcome, ttlMs),
      },
    });
    const body = await approvalBody(handler, 'chat-a');
    const response = await handler(new Request(chatRequest(body), { signal: client.signal }));
    await response.text().catch(() => {});
    expect(resultOf(await send(handler, body))).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('server tools that need no approval run on every call the model makes', async () => {
    const looked = vi.fn(async () => ({ status: 'shipped' }));
    const model = new MockLanguageModelV4({
      doStream: async ({ prompt }) =>
        prompt.some((message) => message.role === 'tool') ? textResponse('Shipped.') : toolCallResponse([{ toolCallId: 'call_o', toolName: 'lookupOrder', input: {} }]),
    });
    const handler = handlerWith({ model, tools: { lookupOrder: tool({ inputSchema: z.object({}), execute: looked }) } });
    const body = { id: 'chat-a', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Order?' }] }] };
    await send(handler, body);
    await send(handler, body);
    expect(looked).toHaveBeenCalledTimes(2);
  });
});
