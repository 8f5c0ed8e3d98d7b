import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage } from 'ai';
import { StrictMode, useCallback, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ChatWrapper,
  createChatPersistence,
  createToolChat,
  defineTool,
  disposeChatSession,
  memoryGrants,
  memoryStorage,
  ToolChatProvider,
  useToolChat,
  useToolChatContext,
  useToolChatSelector,
  type ToolChatSnapshot,
} from 'toolchat';
import { answer, callTools, scriptedTransport } from '../core/chat/script';

const textOf = (message: UIMessage | undefined) => (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('given one chat shared by two components', () => {
  function Composer() {
    const chat = useToolChatContext();
    const [text, setText] = useState('');
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void chat.sendMessage(text);
          setText('');
        }}
      >
        <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit">Send</button>
      </form>
    );
  }

  const renders = { count: 0 };
  function LastAnswer() {
    const chat = useToolChatContext();
    const select = useCallback((state: ToolChatSnapshot) => textOf(state.messages.findLast((message) => message.role === 'assistant')), []);
    const text = useToolChatSelector(chat, select);
    renders.count++;
    return <p aria-label="Last answer">{text}</p>;
  }

  it('each part reads the chat from context and renders only when its own slice changes', async () => {
    const { transport } = scriptedTransport([answer('Hello there.')]);
    const chat = createToolChat({ transport, grants: memoryGrants() });
    render(
      <ToolChatProvider chat={chat}>
        <Composer />
        <LastAnswer />
      </ToolChatProvider>,
    );
    const user = userEvent.setup();
    const before = renders.count;
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Last answer').textContent).toBe('Hello there.'));
    // Typing and the user's own message changed nothing this part shows: one render for the answer.
    expect(renders.count - before).toBe(1);
    chat.dispose();
  });

  it('a ChatWrapper and a hook given the same chat show the same conversation', async () => {
    const { transport } = scriptedTransport([answer('From the wrapper.')]);
    const chat = createToolChat({ transport, grants: memoryGrants() });
    render(<ChatWrapper chat={chat} />);
    const hook = renderHook(() => useToolChat(chat));
    await act(() => hook.result.current.sendMessage('Hi'));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('From the wrapper.')).toBeTruthy());
    expect(textOf(hook.result.current.messages.at(-1))).toBe('From the wrapper.');
    chat.dispose();
  });
});

describe('given two components with the same id', () => {
  it('share one chat, and only the first one’s options apply: never two sets fighting', async () => {
    const { transport, requests } = scriptedTransport([answer('Hi.')]);
    const other = scriptedTransport([answer('Wrong transport.')]);
    const first = renderHook(() => useToolChat({ id: 'shared-id', transport, tools: { a: defineTool({ inputSchema: z.object({}), execute: () => 1 }) }, grants: memoryGrants() }));
    const second = renderHook(() => useToolChat({ id: 'shared-id', transport: other.transport, tools: {}, grants: memoryGrants() }));
    expect(second.result.current.chat).toBe(first.result.current.chat);
    await act(() => second.result.current.sendMessage('Hello'));
    expect(requests).toHaveLength(1);
    expect(other.requests).toHaveLength(0);
    expect(Object.keys(requests[0]!.body.tools as object)).toEqual(['a']);
    await waitFor(() => expect(textOf(first.result.current.messages.at(-1))).toBe('Hi.'));
    first.unmount();
    second.unmount();
    disposeChatSession('shared-id');
  });
});

describe('given a component that owns its chat under StrictMode', () => {
  it('runs each tool call once and sends each request once', async () => {
    let runs = 0;
    const tools = { count: defineTool({ inputSchema: z.object({}), execute: () => ++runs }) };
    const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'count', input: {} }), answer('Counted.')]);
    const { result } = renderHook(() => useToolChat({ transport, tools, grants: memoryGrants() }), { wrapper: StrictMode });
    await act(() => result.current.sendMessage('Count'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Counted.'));
    expect(runs).toBe(1);
    expect(requests).toHaveLength(2);
  });
});

describe('given a restored call waiting for approval in an older message', () => {
  it('pins it above the status with the choices of its card, and Approve runs it', async () => {
    const deleted: string[] = [];
    const tools = {
      deleteFile: defineTool({
        inputSchema: z.object({ path: z.string() }),
        needsApproval: true,
        execute: ({ path }) => {
          deleted.push(path);
          return { deleted: path };
        },
      }),
    };
    const storage = memoryStorage();
    await createChatPersistence({ storage, chatId: 'pinned' }).save(
      [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Delete /old' }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-deleteFile', toolCallId: 'old', state: 'approval-requested', input: { path: '/old' }, approval: { id: 'old' } }] },
        { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Something else' }] },
        { id: 'a2', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Sure.', state: 'done' }] },
      ],
      { immediate: true },
    );
    const chat = createToolChat({ id: 'pinned', storage, tools, grants: memoryGrants() });
    render(<ChatWrapper chat={chat} />);
    const pinned = await screen.findByRole('region', { name: 'Waiting for your approval to run Delete file' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Waiting for your approval to run Delete file'));
    // Named by its title, with every choice its card has.
    const call = within(pinned).getByRole('group', { name: 'Delete file' });
    for (const name of ['Approve', 'Allow for this chat', 'Always allow Delete file', 'Deny', 'Edit arguments']) expect(within(call).getByRole('button', { name })).toBeTruthy();
    await userEvent.setup().click(within(pinned).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(deleted).toEqual(['/old']));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Waiting for your approval/ })).toBeNull());
    chat.dispose();
  });
});
