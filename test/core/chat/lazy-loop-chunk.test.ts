import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answer, callTools, deferred, scriptedTransport, toolPartsOf } from './script';

// What a loop needs for responses and calls (running tools, approval, the call identity of a
// response) is its own chunk, src/core/loop/loop-chunk.ts, fetched when a chat starts. The one
// rule: it is loaded before any call can exist, since every request waits for it. Here it is
// held back: the first request waits for it, nothing is lost.
const CHUNK = '../../../src/core/loop/loop-chunk';

async function withChunkHeld() {
  const gate = deferred<void>();
  let failures = 0;
  vi.resetModules();
  vi.doMock(CHUNK, async (importOriginal) => {
    await gate.promise;
    if (failures > 0) {
      failures--;
      throw new Error('Failed to fetch dynamically imported module');
    }
    return importOriginal();
  });
  const core = await import('toolchat/core');
  return {
    ...core,
    release: () => gate.resolve(),
    /** The next `count` loads fail (as offline), then it loads. */
    failNext: (count: number) => {
      failures = count;
      gate.resolve();
    },
  };
}

afterEach(() => {
  vi.doUnmock(CHUNK);
  vi.resetModules();
});

describe('a chat whose loop chunk has not loaded yet', () => {
  it('sends the first request once it is there, and reads its answer and runs its calls', async () => {
    const { createToolChat, defineTool, memoryGrants, release } = await withChunkHeld();
    const ran: number[] = [];
    const tools = {
      careful: defineTool({ inputSchema: z.object({ n: z.number() }), needsApproval: true, execute: ({ n }) => (ran.push(n), { n }) }),
      quick: defineTool({ inputSchema: z.object({ n: z.number() }), execute: ({ n }) => (ran.push(n), { n }) }),
    };
    const { transport, requests } = scriptedTransport([
      callTools(
        { toolCallId: 'c1', toolName: 'careful', input: { n: 1 } },
        { toolCallId: 'c2', toolName: 'careful', input: { n: 2 } },
        { toolCallId: 'c3', toolName: 'quick', input: { n: 3 } },
      ),
      answer('Done.'),
    ]);
    const events: string[] = [];
    const chat = createToolChat({ transport, tools, grants: memoryGrants(), onEvent: (event) => events.push(event.type) });
    void chat.sendMessage('Go');
    await new Promise((resolve) => setImmediate(resolve));
    expect(requests).toHaveLength(0);
    // The message is in the conversation at once, and the chat reads as busy meanwhile.
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user']);
    expect(chat.getState().busy).toBe(true);
    expect(events).toEqual([]);
    release();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toHaveProperty('tools.careful');
    await vi.waitFor(() => expect(toolPartsOf(chat.getState().messages).get('c2')?.state).toBe('approval-requested'));
    chat.approve('c1');
    chat.deny('c2', 'no');
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(ran.sort()).toEqual([1, 3]);
    const sent = toolPartsOf(requests[1]!.messages);
    expect(sent.get('c1')).toMatchObject({ state: 'output-available', output: { n: 1 } });
    expect(sent.get('c2')).toMatchObject({ state: 'output-error', errorText: 'The user denied running tool "careful": no' });
    expect(sent.get('c3')).toMatchObject({ state: 'output-available', output: { n: 3 } });
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    expect(chat.getState().messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Done.' }));
    expect(events.slice(0, 4)).toEqual(['round-start', 'tool-call-start', 'tool-call-start', 'tool-call-start']);
    expect(events.filter((type) => type === 'tool-call-end')).toHaveLength(3);
    expect(events.at(-1)).toBe('loop-end');
    chat.dispose();
  });

  it("sends the user's message after a conversation given with an open call once it is there, the call answered as cancelled", async () => {
    const { createToolChat, memoryGrants, release } = await withChunkHeld();
    const { transport, requests } = scriptedTransport([answer('Fine.'), answer('Fine.')]);
    const chat = createToolChat({
      transport,
      grants: memoryGrants(),
      initialMessages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Search' }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-search', toolCallId: 'c1', state: 'input-available', input: { q: 'x' } }] },
      ],
    });
    // Settling the open call is the chunk's: the message waits for it (a conversation without calls does not).
    const sent = chat.sendMessage('Never mind');
    await new Promise((resolve) => setImmediate(resolve));
    expect(requests).toHaveLength(0);
    release();
    await sent;
    expect(toolPartsOf(requests[0]!.messages).get('c1')).toMatchObject({ state: 'output-error', errorText: 'Tool "search" was cancelled by the user' });
    expect(requests[0]!.messages.at(-1)?.parts).toEqual([{ type: 'text', text: 'Never mind' }]);
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    chat.dispose();
  });

  it('fails the answer readably when the chunk cannot load, keeps the message, and Retry sends it again', async () => {
    const { createToolChat, memoryGrants, failNext } = await withChunkHeld();
    const { transport, requests } = scriptedTransport([answer('Hello.')]);
    const onError = vi.fn();
    const chat = createToolChat({ transport, grants: memoryGrants(), onError });
    void chat.sendMessage('Hi');
    failNext(1);
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('error'));
    expect(requests).toHaveLength(0);
    expect(onError).toHaveBeenCalled();
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user']);
    await chat.retry();
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    // The request that failed never left: the one Retry sends is the first the server sees.
    expect(requests).toHaveLength(1);
    expect(chat.getState().messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Hello.' }));
    chat.dispose();
  });

  it('takes Stop, the user\'s grants and a new message before it is there (the loop\'s reducer loads with it); a stopped request never leaves', async () => {
    const { createToolChat, memoryGrants, release } = await withChunkHeld();
    const { transport, requests } = scriptedTransport([answer('Hello.')]);
    const grants = memoryGrants();
    const chat = createToolChat({ transport, grants });
    void chat.sendMessage('Hi');
    chat.stop();
    expect(chat.getState().loop.control).toBe('stopped');
    await chat.alwaysAllow('search');
    expect(chat.getState().loop.grants).toEqual([expect.objectContaining({ toolName: 'search' })]);
    const sent = chat.sendMessage('Hi again');
    release();
    await sent;
    expect(chat.getState().loop.control).toBe('active');
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    // The message Stop caught waiting never left alone: it goes with the next one.
    expect(requests.map((request) => request.messages.map((message) => message.parts))).toEqual([
      [[{ type: 'text', text: 'Hi' }], [{ type: 'text', text: 'Hi again' }]],
    ]);
    expect(chat.getState().messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Hello.' }));
    chat.dispose();
  });
});
