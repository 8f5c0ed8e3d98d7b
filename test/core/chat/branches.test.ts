import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants, type ToolChat } from 'toolchat/core';
import { answer, callTools, deferred, scriptedTransport, toolPartsOf } from './script';

const thread: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '4.' }] },
];

const texts = (messages: readonly UIMessage[]) => messages.map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));
const idle = (chat: ToolChat) => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));

describe('given a chat whose last answer is regenerated', () => {
  it('keeps the earlier answer as the first version, and switching shows it without asking the model', async () => {
    const { transport, requests } = scriptedTransport([answer('Four.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await idle(chat);
    const again = chat.getState().messages.at(-1)!;
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', 'Four.']);
    expect(chat.getBranches(again.id)).toEqual({ index: 1, count: 2 });
    expect(chat.getBranches('u1')).toEqual({ index: 0, count: 1 });

    await chat.switchBranch(again.id, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.']);
    expect(chat.getBranches('a1')).toEqual({ index: 0, count: 2 });
    await chat.switchBranch('a1', 1);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', 'Four.']);
    expect(requests).toHaveLength(1);
    chat.dispose();
  });

  it('sends the model only the active path after a switch', async () => {
    const { transport, requests } = scriptedTransport([answer('Four.'), answer('Yes.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await idle(chat);
    await chat.switchBranch('a1', 0);
    await chat.sendMessage('Sure?');
    await idle(chat);
    expect(texts(requests[1]!.messages)).toEqual(['What is 2+2?', '4.', 'Sure?']);
    chat.dispose();
  });
});

describe('given a chat whose user message is edited', () => {
  const longer: UIMessage[] = [
    ...thread,
    { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And 3+3?' }] },
    { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: '6.' }] },
    { id: 'u3', role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
    { id: 'a3', role: 'assistant', parts: [{ type: 'text', text: 'You are welcome.' }] },
  ];

  it('keeps the id of the edited message, and the earlier version with its whole tail', async () => {
    const { transport, requests } = scriptedTransport([answer('8.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: longer });
    await chat.ready;
    await chat.editMessage('u2', 'And 4+4?');
    await idle(chat);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 4+4?', '8.']);
    expect(chat.getState().messages[2]!.id).toBe('u2');
    expect(chat.getBranches('u2')).toEqual({ index: 1, count: 2 });
    // The edit went out as the AI SDK's own edit, with only the path up to it.
    expect(texts(requests[0]!.messages)).toEqual(['What is 2+2?', '4.', 'And 4+4?']);

    await chat.switchBranch('u2', 0);
    const earlier = chat.getState().messages;
    expect(texts(earlier)).toEqual(['What is 2+2?', '4.', 'And 3+3?', '6.', 'Thanks', 'You are welcome.']);
    expect(earlier[2]!.id).not.toBe('u2');
    expect(earlier.slice(3).map((m) => m.id)).toEqual(['a2', 'u3', 'a3']);
    expect(chat.getBranches(earlier[2]!.id)).toEqual({ index: 0, count: 2 });

    await chat.switchBranch(earlier[2]!.id, 1);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 4+4?', '8.']);
    expect(requests).toHaveLength(1);
    chat.dispose();
  });

  it('counts every edit of one message as a version, in the order they were made', async () => {
    const { transport } = scriptedTransport([answer('6.'), answer('8.'), answer('10.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    for (const text of ['What is 3+3?', 'What is 4+4?', 'What is 5+5?']) {
      await chat.editMessage('u1', text);
      await idle(chat);
    }
    expect(chat.getBranches('u1')).toEqual({ index: 3, count: 4 });
    const seen: string[] = [];
    for (let index = 0; index < 4; index++) {
      const shown = chat.getState().messages[0]!.id;
      await chat.switchBranch(shown, index);
      seen.push(texts(chat.getState().messages).join(' '));
    }
    expect(seen).toEqual(['What is 2+2? 4.', 'What is 3+3? 6.', 'What is 4+4? 8.', 'What is 5+5? 10.']);
    chat.dispose();
  });
});

describe('switchBranch with what the chat does not have', () => {
  it('rejects an unknown message with a TypeError and an index out of range with a RangeError naming the versions; nothing changes', async () => {
    const { transport } = scriptedTransport([answer('Four.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await idle(chat);
    const before = chat.getState().messages;
    const shown = before.at(-1)!.id;
    await expect(chat.switchBranch('nope', 0)).rejects.toThrow(TypeError);
    await expect(chat.switchBranch('__proto__', 0)).rejects.toThrow(TypeError);
    for (const index of [2, -1, 0.5, Number.NaN, Infinity]) {
      await expect(chat.switchBranch(shown, index)).rejects.toThrow(/has 2 versions \(0 to 1\)/);
    }
    await expect(chat.switchBranch('u1', 1)).rejects.toThrow(RangeError);
    expect(chat.getState().messages).toBe(before);
    expect(chat.getBranches('nope')).toEqual({ index: 0, count: 1 });
    chat.dispose();
  });
});

describe('setMessages', () => {
  it('replaces the conversation with its versions', async () => {
    const { transport } = scriptedTransport([answer('Four.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await idle(chat);
    chat.setMessages(thread);
    expect(chat.getBranches('a1')).toEqual({ index: 0, count: 1 });
    chat.dispose();
  });
});

describe('switching while the old branch works: what runs stops, with exactly one result per call', () => {
  it('stops a running tool: its call ends cancelled in its own branch, is never run again, and nothing is sent', async () => {
    const started = deferred<void>();
    let runs = 0;
    const slow = defineTool({
      inputSchema: z.object({ q: z.string() }),
      execute: ({ q }, { signal }) => {
        runs++;
        started.resolve();
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error(`aborted ${q}`))));
      },
    });
    const { transport, requests } = scriptedTransport([answer('Four.'), callTools({ toolCallId: 'c1', toolName: 'slow', input: { q: 'x' } })]);
    const chat = createToolChat({ transport, tools: { slow }, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await idle(chat);
    const second = chat.getState().messages.at(-1)!.id;
    void chat.regenerate();
    await started.promise;
    const third = chat.getState().messages.at(-1)!.id;
    expect(chat.getBranches(third)).toEqual({ index: 2, count: 3 });

    await chat.switchBranch(third, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.']);
    await idle(chat);
    await chat.switchBranch('a1', 2);
    const calls = [...toolPartsOf(chat.getState().messages).values()];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolCallId: 'c1', state: 'output-error' });
    expect(chat.getToolCall('c1')?.phase).toBe('cancelled');
    // Back and forth: the call is not run again, nothing goes to the model.
    await chat.switchBranch(third, 1);
    await chat.switchBranch(second, 2);
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(1);
    expect(requests).toHaveLength(2);
    expect(chat.getState().busy).toBe(false);
    chat.dispose();
  });

  it('stops a call awaiting approval: approving it afterwards runs nothing', async () => {
    let runs = 0;
    const deleteFile = defineTool({
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => {
        runs++;
        return { deleted: path };
      },
    });
    const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } })]);
    const chat = createToolChat({ transport, tools: { deleteFile }, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await vi.waitFor(() => expect(chat.getToolCall('c1')?.phase).toBe('awaiting-approval'));
    const asked = chat.getState().messages.at(-1)!.id;
    await chat.switchBranch(asked, 0);
    chat.approve('c1');
    await chat.switchBranch('a1', 1);
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(0);
    expect(toolPartsOf(chat.getState().messages).get('c1')).toMatchObject({ state: 'output-error' });
    expect(requests).toHaveLength(1);
    chat.dispose();
  });

  it('stops a streaming answer: the branch left keeps what was shown, and the request ends', async () => {
    let push!: (chunk: UIMessageChunk) => void;
    let aborted = false;
    const streaming = () =>
      new ReadableStream<UIMessageChunk>({
        start(controller) {
          push = (chunk) => controller.enqueue(chunk);
        },
        cancel() {
          aborted = true;
        },
      });
    const { transport, requests } = scriptedTransport([streaming]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    void chat.regenerate();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    push({ type: 'start', messageId: 'a2' });
    push({ type: 'start-step' });
    push({ type: 'text-start', id: 't' });
    push({ type: 'text-delta', id: 't', delta: 'Fo' });
    await vi.waitFor(() => expect(texts(chat.getState().messages).at(-1)).toBe('Fo'));
    await chat.switchBranch('a2', 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.']);
    expect(chat.getState().busy).toBe(false);
    expect(aborted).toBe(true);
    await chat.switchBranch('a1', 1);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', 'Fo']);
    expect(requests).toHaveLength(1);
    chat.dispose();
  });
});

describe('a switch', () => {
  it('keeps the objects of the messages both versions share, so their rows do not render again', async () => {
    const longer: UIMessage[] = [
      ...thread,
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And 3+3?' }] },
      { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: '6.' }] },
    ];
    const { transport } = scriptedTransport([answer('8.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: longer });
    await chat.ready;
    await chat.editMessage('u2', 'And 4+4?');
    await idle(chat);
    const [u1, a1] = chat.getState().messages;
    await chat.switchBranch('u2', 0);
    expect(chat.getState().messages[0]).toBe(u1);
    expect(chat.getState().messages[1]).toBe(a1);
    chat.dispose();
  });
});

describe('a failed request then Retry', () => {
  const failing = () => {
    throw new Error('The network is down');
  };

  it('keeps every version when an edit fails and Retry sends it', async () => {
    const { transport, requests } = scriptedTransport([answer('Four.'), failing, answer('Six.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await idle(chat);
    await chat.editMessage('u1', 'What is 3+3?');
    await vi.waitFor(() => expect(chat.getState().error?.message).toMatch(/network is down/));
    expect(chat.getBranches('u1')).toEqual({ index: 1, count: 2 });

    await chat.retry();
    await idle(chat);
    expect(texts(chat.getState().messages)).toEqual(['What is 3+3?', 'Six.']);
    expect(chat.getBranches('u1')).toEqual({ index: 1, count: 2 });
    expect(texts(requests[2]!.messages)).toEqual(['What is 3+3?']);

    // The earlier question kept both its answers.
    const earlier = chat.getState().messages[0]!.id;
    await chat.switchBranch(earlier, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', 'Four.']);
    const shown = chat.getState().messages[1]!.id;
    expect(chat.getBranches(shown)).toEqual({ index: 1, count: 2 });
    await chat.switchBranch(shown, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.']);
    expect(requests).toHaveLength(3);
    chat.dispose();
  });

  it('keeps the earlier answer once when a regenerate fails and Retry answers', async () => {
    const { transport, requests } = scriptedTransport([failing, answer('Four.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await vi.waitFor(() => expect(chat.getState().error).toBeDefined());
    await chat.retry();
    await idle(chat);
    const last = chat.getState().messages.at(-1)!;
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', 'Four.']);
    expect(chat.getBranches(last.id)).toEqual({ index: 1, count: 2 });
    await chat.switchBranch(last.id, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.']);
    expect(requests).toHaveLength(2);
    chat.dispose();
  });

  it('keeps the other branch when a send after a switch fails and Retry sends it', async () => {
    const { transport, requests } = scriptedTransport([answer('Four.'), failing, answer('Yes.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.regenerate();
    await idle(chat);
    const four = chat.getState().messages[1]!.id;
    await chat.switchBranch(four, 0);
    await chat.sendMessage('Sure?').catch(() => {});
    await vi.waitFor(() => expect(chat.getState().error).toBeDefined());
    await chat.retry();
    await idle(chat);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'Sure?', 'Yes.']);
    expect(texts(requests[2]!.messages)).toEqual(['What is 2+2?', '4.', 'Sure?']);
    expect(chat.getBranches('a1')).toEqual({ index: 0, count: 2 });
    await chat.switchBranch('a1', 1);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', 'Four.']);
    chat.dispose();
  });
});

describe('Regenerate after a switch', () => {
  it('makes a sibling of the answer shown, in the branch shown, and keeps the other branches', async () => {
    const longer: UIMessage[] = [
      ...thread,
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And 3+3?' }] },
      { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: '6.' }] },
    ];
    const { transport, requests } = scriptedTransport([answer('8.'), answer('Six.'), answer('Six, again.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: longer });
    await chat.ready;
    await chat.editMessage('u2', 'And 4+4?');
    await idle(chat);
    const earlier = () => chat.getState().messages[2]!.id;
    await chat.switchBranch('u2', 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 3+3?', '6.']);

    // The answer of the earlier question gets a second version; the edited branch stays.
    await chat.regenerate();
    await idle(chat);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 3+3?', 'Six.']);
    expect(texts(requests[1]!.messages)).toEqual(['What is 2+2?', '4.', 'And 3+3?']);
    expect(chat.getBranches(chat.getState().messages[3]!.id)).toEqual({ index: 1, count: 2 });
    expect(chat.getBranches(earlier())).toEqual({ index: 0, count: 2 });
    await chat.switchBranch(chat.getState().messages[3]!.id, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 3+3?', '6.']);
    await chat.switchBranch(earlier(), 1);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 4+4?', '8.']);

    // Back to the earlier question, which shows its answer last shown; Regenerate there makes a
    // third version of that answer, and the answers of the edited question stay as they were.
    await chat.switchBranch(chat.getState().messages[2]!.id, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 3+3?', '6.']);
    await chat.regenerate();
    await idle(chat);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 3+3?', 'Six, again.']);
    expect(chat.getBranches(chat.getState().messages[3]!.id)).toEqual({ index: 2, count: 3 });
    await chat.switchBranch(earlier(), 1);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.', 'And 4+4?', '8.']);
    expect(chat.getBranches(chat.getState().messages[3]!.id)).toEqual({ index: 0, count: 1 });
    expect(requests).toHaveLength(3);
    chat.dispose();
  });
});

describe('an edit that changes nothing', () => {
  it('answers the message again: what followed it is another version of its answer, the message has one version', async () => {
    const { transport, requests } = scriptedTransport([answer('Four, again.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), initialMessages: thread });
    await chat.ready;
    await chat.editMessage('u1', 'What is 2+2?');
    await idle(chat);
    const again = chat.getState().messages[1]!;
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', 'Four, again.']);
    expect(chat.getBranches('u1')).toEqual({ index: 0, count: 1 });
    expect(chat.getBranches(again.id)).toEqual({ index: 1, count: 2 });
    await chat.switchBranch(again.id, 0);
    expect(texts(chat.getState().messages)).toEqual(['What is 2+2?', '4.']);
    expect(texts(requests[0]!.messages)).toEqual(['What is 2+2?']);
    chat.dispose();
  });
});
