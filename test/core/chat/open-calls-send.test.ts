import type { UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants } from 'toolchat/core';
import { answer, scriptedTransport, toolPartsOf } from './script';

const search = defineTool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => ({ hits: [q] }) });
const deleteFile = defineTool({ inputSchema: z.object({ path: z.string() }), needsApproval: true, execute: async ({ path }) => ({ deleted: path }) });

const given = (part: UIMessage['parts'][number]): UIMessage[] => [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Search' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, part] },
];

describe("the user's message after a conversation with an open call", () => {
  it.each([
    ['a call with no result yet', given({ type: 'tool-search', toolCallId: 'c1', state: 'input-available', input: { q: 'x' } })],
    ['a call waiting for approval', given({ type: 'tool-deleteFile', toolCallId: 'c1', state: 'approval-requested', input: { path: 'a.txt' }, approval: { id: 'c1' } })],
    ['a call of a tool the chat does not have', given({ type: 'tool-gone', toolCallId: 'c1', state: 'input-available', input: {} })],
  ])('goes out in one request with %s answered as cancelled, and nothing else is sent', async (_name, initialMessages) => {
    const { transport, requests } = scriptedTransport([answer('Fine.'), answer('A second answer nobody asked for.')]);
    const chat = createToolChat({ transport, tools: { search, deleteFile }, grants: memoryGrants(), initialMessages });
    await chat.ready;
    await chat.sendMessage('Never mind');
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    expect(requests).toHaveLength(1);
    expect(toolPartsOf(requests[0]!.messages).get('c1')).toMatchObject({ state: 'output-error' });
    expect(requests[0]!.messages.at(-1)?.parts).toEqual([{ type: 'text', text: 'Never mind' }]);
    // A loop turn later, still one: the settled call did not send by itself.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
    chat.dispose();
  });
});
