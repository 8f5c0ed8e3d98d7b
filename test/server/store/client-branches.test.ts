import type { UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { createToolChat, memoryGrants, type ToolChat } from 'toolchat/core';
import { createChatHandler, memoryConversationStore } from 'toolchat/server';
import { serverConversations } from 'toolchat/transports';
import { textResponse } from '../../support/mock-models';

const getUserId = (request: Request) => request.headers.get('x-user');
const text = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
const texts = (chat: ToolChat) => chat.getState().messages.map(text);
const idle = (chat: ToolChat) => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));

/** The browser's fetch, reaching the handler in-process, signed in as `user`. */
function browserFetch(handler: (request: Request) => Promise<Response>, user: string) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    request.headers.set('x-user', user);
    return handler(request);
  }) as typeof fetch;
}

describe('given a chat whose conversation the server keeps', () => {
  it('keeps its versions on the server: the picker counts, a switch is the server\'s, and a reload restores both', async () => {
    const prompts: string[] = [];
    let answers = 0;
    const model = new MockLanguageModelV4({
      doStream: async ({ prompt }) => {
        prompts.push(JSON.stringify(prompt));
        return textResponse(`Answer ${++answers}`);
      },
    });
    const store = memoryConversationStore();
    const handler = createChatHandler({ model, store, getUserId });
    const fetch = browserFetch(handler, 'erin');
    const open = async () => {
      const chat = createToolChat({ id: 'erin-chat', grants: memoryGrants(), ...serverConversations({ api: 'http://localhost/api/chat', fetch }) });
      await chat.ready;
      return chat;
    };

    const chat = await open();
    await chat.sendMessage('One');
    await idle(chat);
    await chat.sendMessage('Two');
    await idle(chat);
    await chat.editMessage(chat.getState().messages[2]!.id, 'Two, edited');
    await idle(chat);
    await chat.regenerate();
    await idle(chat);
    expect(texts(chat)).toEqual(['One', 'Answer 1', 'Two, edited', 'Answer 4']);
    const [, , edited, regenerated] = chat.getState().messages;
    expect(chat.getBranches(edited!.id)).toEqual({ index: 1, count: 2 });
    expect(chat.getBranches(regenerated!.id)).toEqual({ index: 1, count: 2 });

    // The switch is the server's: its thread shows the version, and the model is not asked.
    await chat.switchBranch(edited!.id, 0);
    expect(texts(chat)).toEqual(['One', 'Answer 1', 'Two', 'Answer 2']);
    expect((await store.loadThread('erin', 'erin-chat'))?.messages.map(text)).toEqual(['One', 'Answer 1', 'Two', 'Answer 2']);
    expect(prompts).toHaveLength(4);
    chat.dispose();

    // A reload shows the version shown, with every version counted.
    const again = await open();
    expect(texts(again)).toEqual(['One', 'Answer 1', 'Two', 'Answer 2']);
    const kept = again.getState().messages[2]!;
    expect(again.getBranches(kept.id)).toEqual({ index: 0, count: 2 });
    await again.switchBranch(kept.id, 1);
    expect(texts(again)).toEqual(['One', 'Answer 1', 'Two, edited', 'Answer 4']);
    expect(again.getBranches(again.getState().messages[3]!.id)).toEqual({ index: 1, count: 2 });
    await again.switchBranch(again.getState().messages[3]!.id, 0);
    expect(texts(again)).toEqual(['One', 'Answer 1', 'Two, edited', 'Answer 3']);

    // The next message follows the path shown; the model sees that path only.
    await again.sendMessage('Three');
    await idle(again);
    expect(prompts).toHaveLength(5);
    expect(prompts[4]).toContain('Answer 3');
    expect(prompts[4]).not.toContain('Answer 4');
    expect(prompts[4]).not.toContain('Answer 2');

    // A refused switch (an index out of range) rejects with the server's message and changes nothing.
    const before = texts(again);
    await expect(again.switchBranch(again.getState().messages[3]!.id, 5)).rejects.toThrow(RangeError);
    expect(texts(again)).toEqual(before);
    again.dispose();
  });
});
