import { tool, type UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants, type ToolChat, type ToolSet } from 'toolchat/core';
import { createChatHandler, memoryConversationStore, memoryStreams, type ChatHandlerOptions } from 'toolchat/server';
import { serverConversations } from 'toolchat/transports';
import { deferred, getUserId, steppedModel, type Step } from './support';

// What the branch documents for a switch while the chat works (docs/ui.md, "Versions"): what runs
// stops first, each open call ending with exactly one result (cancelled) in the branch it was
// made in, never run or sent again. These tests hold a server-kept chat to it: the stop reaches
// the server, the server's copy of the branch left ends the same way, and a reload agrees.

const text = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
const texts = (messages: readonly UIMessage[]) => messages.map(text);
const idle = (chat: ToolChat) => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
const turns = async (count = 20) => {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const toolParts = (messages: readonly UIMessage[]) => messages.flatMap((message) => message.parts.filter((part) => 'toolCallId' in part)) as unknown as { toolCallId: string; state: string; errorText?: string }[];

/** A server-kept chat on a handler in-process: `open()` is a page (load), `posts` what reached the endpoint. */
function serverChat(steps: Step[], { tools, server }: { tools?: ToolSet; server?: Partial<ChatHandlerOptions> } = {}) {
  const { model, prompts, aborted } = steppedModel(steps);
  const store = memoryConversationStore();
  const handler = createChatHandler({ model, store, streams: memoryStreams(), getUserId, ...server });
  const posts: { intent?: { type: string } }[] = [];
  const browserFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    request.headers.set('x-user', 'erin');
    if (request.method === 'POST') posts.push((await request.clone().json()) as { intent?: { type: string } });
    return handler(request);
  }) as typeof globalThis.fetch;
  const open = async () => {
    const chat = createToolChat({ id: 'erin-chat', grants: memoryGrants(), ...(tools ? { tools } : {}), ...serverConversations({ api: 'http://localhost/api/chat', fetch: browserFetch }) });
    await chat.ready;
    await idle(chat);
    return chat;
  };
  const stored = async () => (await store.loadThread('erin', 'erin-chat'))!;
  return { open, prompts, aborted, posts, stored, store };
}

describe('given a server-kept chat switched while it works, what runs stops with exactly one result, in its own branch', () => {
  it('stops a streaming answer: the server stops the model, keeps what was shown in the branch left, and takes the switch', async () => {
    const gate = deferred();
    const { open, prompts, aborted, stored } = serverChat(['Answer 1', 'Answer 2', { gated: 'Hello, world', gate: gate.promise }]);
    const chat = await open();
    await chat.sendMessage('One');
    await idle(chat);
    await chat.sendMessage('Two');
    await idle(chat);
    const two = chat.getState().messages[2]!.id;
    void chat.editMessage(two, 'Two, edited');
    await vi.waitFor(() => expect(texts(chat.getState().messages).at(-1)).toBe('Hel'));

    await chat.switchBranch(two, 0);
    expect(texts(chat.getState().messages)).toEqual(['One', 'Answer 1', 'Two', 'Answer 2']);
    expect(aborted).toEqual(['Hello, world']);
    gate.resolve();
    await turns();
    const thread = await stored();
    expect(thread.activeAnswerId).toBeUndefined();
    expect(texts(thread.messages)).toEqual(['One', 'Answer 1', 'Two', 'Answer 2']);

    // The branch left kept what the page showed, stopped; the model was asked nothing more.
    await chat.switchBranch(chat.getState().messages[2]!.id, 1);
    const left = chat.getState().messages;
    expect(texts(left)).toEqual(['One', 'Answer 1', 'Two, edited', 'Hel']);
    expect(left[3]!.metadata).toMatchObject({ ending: 'stopped' });
    expect(prompts).toHaveLength(3);
    chat.dispose();

    const reloaded = await open();
    expect(texts(reloaded.getState().messages)).toEqual(['One', 'Answer 1', 'Two, edited', 'Hel']);
    expect(reloaded.getBranches(two)).toEqual({ index: 1, count: 2 });
    expect(prompts).toHaveLength(3);
    reloaded.dispose();
  });

  it('stops a browser tool that runs: its call ends cancelled once, on the page and on the server, and is never run or sent again', async () => {
    const started = deferred();
    const finish = deferred();
    let runs = 0;
    const lookup = defineTool({
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }) => {
        runs++;
        started.resolve();
        // Ignores the signal: a tool that finishes anyway must not get its result through.
        await finish.promise;
        return { found: q };
      },
    });
    const { open, prompts, posts, stored } = serverChat(['Answer 1', { calls: [{ toolCallId: 'c1', toolName: 'lookup', input: { q: 'x' } }] }], { tools: { lookup } });
    const chat = await open();
    await chat.sendMessage('One');
    await idle(chat);
    const first = chat.getState().messages[1]!.id;
    void chat.regenerate();
    await started.promise;
    const calling = chat.getState().messages[1]!.id;
    expect(chat.getBranches(calling)).toEqual({ index: 1, count: 2 });

    await chat.switchBranch(calling, 0);
    expect(texts(chat.getState().messages)).toEqual(['One', 'Answer 1']);
    finish.resolve();
    await turns();
    expect(posts.map((post) => post.intent?.type)).toEqual(['send', 'regenerate', 'switch']);

    // The branch left: the call has one result, cancelled, on the page and on the server.
    await chat.switchBranch(first, 1);
    expect(toolParts(chat.getState().messages)).toEqual([expect.objectContaining({ toolCallId: 'c1', state: 'output-error' })]);
    expect(toolParts((await stored()).messages)).toEqual([expect.objectContaining({ toolCallId: 'c1', state: 'output-error', errorText: toolParts(chat.getState().messages)[0]!.errorText })]);
    await turns();
    expect(runs).toBe(1);
    expect(prompts).toHaveLength(2);
    expect(posts.map((post) => post.intent?.type)).toEqual(['send', 'regenerate', 'switch', 'switch']);
    chat.dispose();

    // After a reload the call still has its one result: nothing runs it again.
    const reloaded = await open();
    expect(toolParts(reloaded.getState().messages)).toEqual([expect.objectContaining({ toolCallId: 'c1', state: 'output-error' })]);
    await turns();
    expect(runs).toBe(1);
    expect(prompts).toHaveLength(2);
    reloaded.dispose();
  });

  it('stops a browser call awaiting approval: approving it afterwards runs nothing, on the page or the server', async () => {
    let runs = 0;
    const deleteFile = defineTool({
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => {
        runs++;
        return { deleted: path };
      },
    });
    const { open, prompts, stored } = serverChat(['Answer 1', { calls: [{ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } }] }], { tools: { deleteFile } });
    const chat = await open();
    await chat.sendMessage('One');
    await idle(chat);
    void chat.regenerate();
    await vi.waitFor(() => expect(chat.getToolCall('c1')?.phase).toBe('awaiting-approval'));
    const asking = chat.getState().messages[1]!.id;
    await chat.switchBranch(asking, 0);
    chat.approve('c1');
    await turns();
    await chat.switchBranch(chat.getState().messages[1]!.id, 1);
    await turns();
    expect(runs).toBe(0);
    expect(toolParts(chat.getState().messages)).toEqual([expect.objectContaining({ toolCallId: 'c1', state: 'output-error' })]);
    expect(toolParts((await stored()).messages)).toEqual([expect.objectContaining({ toolCallId: 'c1', state: 'output-error' })]);
    expect(prompts).toHaveLength(2);
    chat.dispose();
  });

  it('stops a server tool that runs: the server aborts it, and its call ends cancelled once in the branch left', async () => {
    const started = deferred();
    const signals: AbortSignal[] = [];
    const search = tool({
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }, { abortSignal }) => {
        if (abortSignal) signals.push(abortSignal);
        started.resolve();
        await new Promise((resolve) => abortSignal?.addEventListener('abort', resolve, { once: true }));
        return { found: q };
      },
    });
    const { open, prompts, stored } = serverChat(['Answer 1', { calls: [{ toolCallId: 's1', toolName: 'search', input: { q: 'x' } }] }, 'After the search.'], {
      server: { tools: { search }, maxSteps: 3 },
    });
    const chat = await open();
    await chat.sendMessage('One');
    await idle(chat);
    void chat.regenerate();
    await started.promise;
    await vi.waitFor(() => expect(chat.getState().messages).toHaveLength(2));
    const searching = chat.getState().messages[1]!.id;

    await chat.switchBranch(searching, 0);
    expect(texts(chat.getState().messages)).toEqual(['One', 'Answer 1']);
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    await turns();
    expect((await stored()).activeAnswerId).toBeUndefined();

    await chat.switchBranch(chat.getState().messages[1]!.id, 1);
    const calls = toolParts(chat.getState().messages);
    expect(calls).toEqual([expect.objectContaining({ toolCallId: 's1', state: 'output-error' })]);
    expect(toolParts((await stored()).messages)).toEqual([expect.objectContaining({ toolCallId: 's1', state: 'output-error' })]);
    // The step after the tool was never asked for.
    expect(prompts).toHaveLength(2);
    chat.dispose();
  });
});
