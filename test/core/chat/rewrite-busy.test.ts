import type { UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { createToolChat, memoryGrants } from 'toolchat/core';
import { answer, scriptedTransport } from './script';

const thread: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '4.' }] },
];

const texts = (messages: UIMessage[]) => messages.map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));

// Regenerate and Edit load their code on first use: the chat must not read idle meanwhile.
describe.each([
  ['Regenerate', (chat: ReturnType<typeof createToolChat>) => chat.regenerate()],
  ['Edit', (chat: ReturnType<typeof createToolChat>) => chat.editMessage('u1', 'What is 3+3?')],
])('%s', (_name, rewrite) => {
  it('reads as sending from the click, and a message sent meanwhile goes after it, in a request of its own', async () => {
    const { transport, requests } = scriptedTransport([answer('Again.'), answer('Next.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    const rewritten = rewrite(chat);
    expect(chat.getState().busy).toBe(true);
    const sent = chat.sendMessage('And then?');
    await Promise.all([rewritten, sent]);
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    expect(requests).toHaveLength(2);
    expect(texts(requests[0]!.messages).at(-1)).not.toBe('And then?');
    expect(texts(requests[1]!.messages).slice(-2)).toEqual(['Again.', 'And then?']);
    chat.dispose();
  });

  it('is cancelled by Stop before it starts: nothing is sent, nothing is dropped', async () => {
    const { transport, requests } = scriptedTransport([answer('Again.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    const rewritten = rewrite(chat);
    chat.stop();
    await rewritten;
    expect(requests).toHaveLength(0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.']);
    expect(chat.getState().busy).toBe(false);
    chat.dispose();
  });
});
