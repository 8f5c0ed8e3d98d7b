import type { UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { createToolChat, memoryGrants, type ToolChat } from 'toolchat/core';
import { createChatHandler, memoryConversationStore } from 'toolchat/server';
import { serverConversations } from 'toolchat/transports';
import { textResponse } from '../../support/mock-models';
import { getUserId } from './support';

// A failed request then Retry on a chat the server keeps: every version stays (on the page and
// in the store), whether the request never reached the server or the model failed there.

const text = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
const texts = (messages: readonly UIMessage[]) => messages.map(text);
const idle = (chat: ToolChat) => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));

function serverChat() {
  let answers = 0;
  let modelFails = false;
  const model = new MockLanguageModelV4({
    doStream: async () => {
      if (modelFails) throw new Error('The provider is overloaded');
      return textResponse(`Answer ${++answers}`);
    },
  });
  const store = memoryConversationStore();
  const handler = createChatHandler({ model, store, getUserId });
  let networkDown = false;
  const browserFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (networkDown && request.method === 'POST') throw new TypeError('Failed to fetch');
    request.headers.set('x-user', 'erin');
    return handler(request);
  }) as typeof globalThis.fetch;
  const open = async () => {
    const chat = createToolChat({ id: 'erin-chat', grants: memoryGrants(), ...serverConversations({ api: 'http://localhost/api/chat', fetch: browserFetch }) });
    await chat.ready;
    await idle(chat);
    return chat;
  };
  return {
    open,
    stored: async () => (await store.loadThread('erin', 'erin-chat'))!,
    network: (down: boolean) => void (networkDown = down),
    model: (fails: boolean) => void (modelFails = fails),
  };
}

/** Every version of the conversation, as text: the path through each version of `messageId`. */
async function versionsOf(chat: ToolChat, at: number) {
  const seen: string[][] = [];
  const { count } = chat.getBranches(chat.getState().messages[at]!.id);
  for (let index = 0; index < count; index++) {
    await chat.switchBranch(chat.getState().messages[at]!.id, index);
    seen.push(texts(chat.getState().messages));
  }
  return seen;
}

describe('given a server-kept chat with versions, a failed request then Retry', () => {
  for (const failure of ['the network', 'the model'] as const) {
    it(`keeps every version when an edit fails (${failure}) and Retry sends it`, async () => {
      const chat = serverChat();
      const page = await chat.open();
      await page.sendMessage('One');
      await idle(page);
      await page.regenerate();
      await idle(page);
      const one = page.getState().messages[0]!.id;

      if (failure === 'the network') chat.network(true);
      else chat.model(true);
      await page.editMessage(one, 'One, edited');
      await vi.waitFor(() => expect(page.getState().error).toBeDefined());
      chat.network(false);
      chat.model(false);
      await page.retry();
      await idle(page);
      expect(page.getState().error).toBeUndefined();
      expect(texts(page.getState().messages)).toEqual(['One, edited', 'Answer 3']);
      expect(page.getBranches(one)).toEqual({ index: 1, count: 2 });
      expect(texts((await chat.stored()).messages)).toEqual(['One, edited', 'Answer 3']);
      page.dispose();

      // After a reload: both questions, and both answers of the first.
      const reloaded = await chat.open();
      expect(await versionsOf(reloaded, 0)).toEqual([
        ['One', 'Answer 2'],
        ['One, edited', 'Answer 3'],
      ]);
      await reloaded.switchBranch(reloaded.getState().messages[0]!.id, 0);
      expect(await versionsOf(reloaded, 1)).toEqual([
        ['One', 'Answer 1'],
        ['One', 'Answer 2'],
      ]);
      reloaded.dispose();
    });

    it(`keeps the earlier answer once when a regenerate fails (${failure}) and Retry answers`, async () => {
      const chat = serverChat();
      const page = await chat.open();
      await page.sendMessage('One');
      await idle(page);
      if (failure === 'the network') chat.network(true);
      else chat.model(true);
      await page.regenerate();
      await vi.waitFor(() => expect(page.getState().error).toBeDefined());
      chat.network(false);
      chat.model(false);
      await page.retry();
      await idle(page);
      expect(page.getState().error).toBeUndefined();
      expect(texts(page.getState().messages)).toEqual(['One', 'Answer 2']);
      expect(page.getBranches(page.getState().messages[1]!.id)).toEqual({ index: 1, count: 2 });
      page.dispose();

      const reloaded = await chat.open();
      expect(await versionsOf(reloaded, 1)).toEqual([
        ['One', 'Answer 1'],
        ['One', 'Answer 2'],
      ]);
      reloaded.dispose();
    });

    it(`keeps the other branch when a send after a switch fails (${failure}) and Retry sends it`, async () => {
      const chat = serverChat();
      const page = await chat.open();
      await page.sendMessage('One');
      await idle(page);
      await page.regenerate();
      await idle(page);
      await page.switchBranch(page.getState().messages[1]!.id, 0);
      if (failure === 'the network') chat.network(true);
      else chat.model(true);
      await page.sendMessage('Two').catch(() => {});
      await vi.waitFor(() => expect(page.getState().error).toBeDefined());
      chat.network(false);
      chat.model(false);
      await page.retry();
      await idle(page);
      expect(texts(page.getState().messages)).toEqual(['One', 'Answer 1', 'Two', 'Answer 3']);
      page.dispose();

      const reloaded = await chat.open();
      expect(texts(reloaded.getState().messages)).toEqual(['One', 'Answer 1', 'Two', 'Answer 3']);
      expect(await versionsOf(reloaded, 1)).toEqual([
        ['One', 'Answer 1', 'Two', 'Answer 3'],
        ['One', 'Answer 2'],
      ]);
      reloaded.dispose();
    });
  }

  it('answers an edit that changes nothing again, with the same versions on the page and after a reload', async () => {
    const chat = serverChat();
    const page = await chat.open();
    await page.sendMessage('One');
    await idle(page);
    await page.editMessage(page.getState().messages[0]!.id, 'One');
    await idle(page);
    expect(texts(page.getState().messages)).toEqual(['One', 'Answer 2']);
    expect(page.getBranches(page.getState().messages[0]!.id)).toEqual({ index: 0, count: 1 });
    expect(page.getBranches(page.getState().messages[1]!.id)).toEqual({ index: 1, count: 2 });
    page.dispose();

    const reloaded = await chat.open();
    expect(reloaded.getBranches(reloaded.getState().messages[0]!.id)).toEqual({ index: 0, count: 1 });
    expect(await versionsOf(reloaded, 1)).toEqual([
      ['One', 'Answer 1'],
      ['One', 'Answer 2'],
    ]);
    reloaded.dispose();
  });

  it('makes a Regenerate after a switch a sibling in the branch shown, on the server too', async () => {
    const chat = serverChat();
    const page = await chat.open();
    await page.sendMessage('One');
    await idle(page);
    await page.sendMessage('Two');
    await idle(page);
    await page.editMessage(page.getState().messages[2]!.id, 'Two, edited');
    await idle(page);
    await page.switchBranch(page.getState().messages[2]!.id, 0);
    expect(texts(page.getState().messages)).toEqual(['One', 'Answer 1', 'Two', 'Answer 2']);
    await page.regenerate();
    await idle(page);
    expect(texts(page.getState().messages)).toEqual(['One', 'Answer 1', 'Two', 'Answer 4']);
    expect(page.getBranches(page.getState().messages[3]!.id)).toEqual({ index: 1, count: 2 });
    page.dispose();

    const reloaded = await chat.open();
    expect(await versionsOf(reloaded, 3)).toEqual([
      ['One', 'Answer 1', 'Two', 'Answer 2'],
      ['One', 'Answer 1', 'Two', 'Answer 4'],
    ]);
    expect(await versionsOf(reloaded, 2)).toEqual([
      ['One', 'Answer 1', 'Two', 'Answer 4'],
      ['One', 'Answer 1', 'Two, edited', 'Answer 3'],
    ]);
    reloaded.dispose();
  });
});
