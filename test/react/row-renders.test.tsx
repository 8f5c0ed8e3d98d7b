import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { memo, useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ChatWrapper,
  createToolChat,
  MessageList,
  useToolChat,
  type ToolChat,
  defineTool,
  memoryGrants,
  preloadMarkdown,
  ToolChatProvider,
  useToolChatContext,
  useToolChatSelector,
  type ToolCallView,
  type ToolChatSnapshot,
} from 'toolchat';
import { longThread } from '../support/long-thread';

beforeAll(() => preloadMarkdown());

/** A model whose every response is a stream the test writes into, chunk by chunk. */
function liveTransport() {
  const responses: ReadableStreamDefaultController<UIMessageChunk>[] = [];
  const transport: ChatTransport<UIMessage> = {
    sendMessages: async () => new ReadableStream<UIMessageChunk>({ start: (controller) => void responses.push(controller) }),
    reconnectToStream: async () => null,
  };
  return { transport, response: (n: number) => responses[n - 1]!, requests: () => responses.length };
}

const tools = {
  getWeather: defineTool({
    description: 'Weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }: { city: string }) => ({ city, celsius: 20, conditions: 'sunny' }),
  }),
  deleteFile: defineTool({
    description: 'Deletes a file',
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }: { path: string }) => ({ deleted: path }),
  }),
};

/** Renders of each call's card, by call id: a card renders exactly when its row does. */
function counters() {
  const renders = new Map<string, number>();
  const count = (call: ToolCallView) => {
    renders.set(call.toolCallId, (renders.get(call.toolCallId) ?? 0) + 1);
    return <span>{`${call.toolName} ${call.phase}`}</span>;
  };
  const snapshot = () => new Map(renders);
  /** Which calls rendered since `before`. */
  const since = (before: Map<string, number>) => [...renders].filter(([id, n]) => n !== (before.get(id) ?? 0)).map(([id]) => id);
  return { renderTool: { getWeather: count, deleteFile: count }, snapshot, since };
}

/** Hands chunks to the chat; the caller waits for what they show (the store publishes once per frame). */
async function write(controller: ReadableStreamDefaultController<UIMessageChunk>, chunks: UIMessageChunk[]) {
  await act(async () => {
    for (const chunk of chunks) controller.enqueue(chunk);
  });
}

describe('ChatWrapper renders only the row that changed', () => {
  it('streaming into the last answer and approving its call render that row alone, in a thread of several answers', async () => {
    const user = userEvent.setup();
    const { transport, response } = liveTransport();
    const { renderTool, snapshot, since } = counters();
    // Six answers, each with a custom card (custom cards do not fold).
    const thread = longThread(12, { toolsPerAnswer: 1 });
    render(<ChatWrapper transport={transport} tools={tools} grants={memoryGrants()} initialMessages={thread} renderTool={renderTool} />);
    await screen.findByText('Answer 5 ends here.');
    const older = thread.flatMap((message) => message.parts.flatMap((part) => ('toolCallId' in part ? [part.toolCallId] : [])));
    expect(older).toHaveLength(6);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delete notes.txt, then tell me');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(response(1)).toBeTruthy());

    // The model asks to delete a file: a call that waits for approval, in the new answer.
    await write(response(1), [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'd1', toolName: 'deleteFile', input: { path: 'notes.txt' } },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
    response(1).close();
    await screen.findByText('deleteFile awaiting-approval');

    let before = snapshot();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(response(2)).toBeTruthy());
    // The store publishes at most once per frame: the card's new phase may follow the request.
    await waitFor(() => expect(since(before)).toContain('d1'));
    expect(since(before)).toEqual(['d1']);

    // The answer streams, token by token, into the message of the call.
    before = snapshot();
    await write(response(2), [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Deleted' }]);
    let shown = 'Deleted';
    await screen.findByText(shown);
    for (const delta of [' notes', '.txt', ' for you.']) {
      await write(response(2), [{ type: 'text-delta', id: 't', delta }]);
      await screen.findByText((shown += delta));
    }
    expect(since(before)).toEqual(['d1']);
    await write(response(2), [{ type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }]);
    response(2).close();
    await screen.findByRole('button', { name: 'Send' });
    for (const id of older) expect(snapshot().get(id)).toBe(1);
  });

  it('gives Approve and Deny to a card from the chat in context, with no handlers passed', async () => {
    const user = userEvent.setup();
    const { transport, response } = liveTransport();
    render(<ChatWrapper transport={transport} tools={tools} grants={memoryGrants()} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delete notes.txt');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(response(1)).toBeTruthy());
    await write(response(1), [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'd1', toolName: 'deleteFile', input: { path: 'notes.txt' } },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
    response(1).close();
    const card = await screen.findByRole('group', { name: 'Delete file' });
    await user.click(within(card).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('denied'));
  });
});

describe('a custom UI on ToolChatProvider', () => {
  /** Row renders by message id. */
  const rowRenders = new Map<string, number>();

  /** The app's own row: it selects its message, and its calls' views, from the chat in context. */
  const Row = memo(function Row({ id }: { id: string }) {
    const chat = useToolChatContext<typeof tools>();
    const message = useToolChatSelector(chat, useCallback((state: ToolChatSnapshot<typeof tools>) => state.messages.find((m) => m.id === id), [id]));
    const calls = useToolChatSelector(
      chat,
      useCallback(
        (state: ToolChatSnapshot<typeof tools>) =>
          (state.messages.find((m) => m.id === id)?.parts ?? []).flatMap((part) => ('toolCallId' in part ? [chat.getToolCall(part.toolCallId)!] : [])),
        [chat, id],
      ),
      (a, b) => a.length === b.length && a.every((view, i) => view === b[i]),
    );
    rowRenders.set(id, (rowRenders.get(id) ?? 0) + 1);
    if (!message) return null;
    return (
      <li aria-label={`${message.role} ${id}`}>
        {message.parts.map((part, index) => (part.type === 'text' ? <p key={index}>{part.text}</p> : null))}
        {calls.map((call) => (
          <div key={call.toolCallId} role="group" aria-label={call.toolName}>
            {call.phase}
            {call.phase === 'awaiting-approval' && <button onClick={() => chat.approve(call.toolCallId)}>Approve</button>}
          </div>
        ))}
      </li>
    );
  });

  function Thread() {
    const chat = useToolChatContext();
    const ids = useToolChatSelector(
      chat,
      useCallback((state: ToolChatSnapshot) => state.messages.map((message) => message.id), []),
      (a, b) => a.length === b.length && a.every((id, i) => id === b[i]),
    );
    return (
      <ul>
        {ids.map((id) => (
          <Row key={id} id={id} />
        ))}
      </ul>
    );
  }

  it('renders a row again only when its message or its calls change, and approves from context', async () => {
    const user = userEvent.setup();
    const { transport, response } = liveTransport();
    const chat = createToolChat({ transport, tools, grants: memoryGrants(), initialMessages: longThread(6, { toolsPerAnswer: 1 }) });
    render(
      <ToolChatProvider chat={chat}>
        <Thread />
      </ToolChatProvider>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(6);

    void chat.sendMessage('Delete notes.txt');
    await waitFor(() => expect(response(1)).toBeTruthy());
    await write(response(1), [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'd1', toolName: 'deleteFile', input: { path: 'notes.txt' } },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
    response(1).close();
    const group = await screen.findByRole('group', { name: 'deleteFile' });
    const before = new Map(rowRenders);
    await user.click(within(group).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(response(2)).toBeTruthy());
    await write(response(2), [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Deleted.' }]);
    await screen.findByText('Deleted.');
    const rendered = [...rowRenders].filter(([id, n]) => n !== before.get(id)).map(([id]) => id);
    const last = chat.getState().messages.at(-1)!;
    expect(rendered).toEqual([last.id]);
    expect(within(screen.getByRole('group', { name: 'deleteFile' })).queryByRole('button')).toBeNull();
    await write(response(2), [{ type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }]);
    response(2).close();
    chat.dispose();
  });
});

describe('a MessageList in a layout of its own around useToolChat', () => {
  it('renders only the row whose message or calls changed, with nothing passed to it but the chat in context', async () => {
    const user = userEvent.setup();
    const { transport, response } = liveTransport();
    const { renderTool, snapshot, since } = counters();
    const chat = createToolChat({ transport, tools, grants: memoryGrants(), initialMessages: longThread(8, { toolsPerAnswer: 1 }) });
    function Layout({ chat }: { chat: ToolChat<typeof tools> }) {
      // The layout reads the whole snapshot (its status line, say); the list reads the chat itself.
      const result = useToolChat(chat);
      return (
        <ToolChatProvider chat={result.chat} renderTool={renderTool}>
          <p>{result.activity.label}</p>
          <MessageList />
        </ToolChatProvider>
      );
    }
    render(<Layout chat={chat} />);
    void chat.sendMessage('Delete notes.txt');
    await waitFor(() => expect(response(1)).toBeTruthy());
    await write(response(1), [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'd1', toolName: 'deleteFile', input: { path: 'notes.txt' } },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
    response(1).close();
    await screen.findByText('deleteFile awaiting-approval');
    let before = snapshot();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(response(2)).toBeTruthy());
    // The store publishes at most once per frame: the card's new phase may follow the request.
    await waitFor(() => expect(since(before)).toContain('d1'));
    expect(since(before)).toEqual(['d1']);
    before = snapshot();
    await write(response(2), [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Deleted' }]);
    await screen.findByText('Deleted');
    await write(response(2), [{ type: 'text-delta', id: 't', delta: ' it.' }]);
    await screen.findByText('Deleted it.');
    expect(since(before)).toEqual(['d1']);
    await write(response(2), [{ type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }]);
    response(2).close();
    chat.dispose();
  });
});
