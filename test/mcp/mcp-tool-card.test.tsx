import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from 'vitest-axe';
import { ChatWrapper, createToolChat, memoryGrants, ToolCallCard, ToolChatProvider, useToolChat, type ToolChat } from 'toolchat';
import { connectMcpTools, type McpConnection } from 'toolchat/mcp';
import { answer, callTools, scriptedTransport } from '../core/chat/script';
import { startHostileAppServer, type HostileAppServer } from './hostile-app-server';

describe('given a chat with the tools of an MCP server', () => {
  let server: HostileAppServer;
  let connection: McpConnection;
  beforeAll(async () => {
    server = await startHostileAppServer();
    connection = await connectMcpTools({ url: server.url, name: 'h', needsApproval: false });
  });
  afterAll(async () => {
    await connection?.close();
    await server?.close();
  });

  const chatCalling = (toolName: string) => {
    const { transport } = scriptedTransport([callTools({ toolCallId: 'c1', toolName, input: { attack: 'none' } }), answer('Done.')]);
    const rendered = render(<ChatWrapper transport={transport} tools={connection.tools} />);
    return { ...rendered, rerenderWithTools: () => rendered.rerender(<ChatWrapper transport={transport} tools={connection.tools} />) };
  };

  it('shows the server’s question as a form in the call’s card, checked against its schema, and answers it', async () => {
    const user = userEvent.setup();
    chatCalling('h_ask');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Go');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const form = await screen.findByRole('form', { name: 'Who are you?' }, { timeout: 5000 });
    expect(within(screen.getByRole('group', { name: 'Ask' })).getByRole('form')).toBe(form);
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/name/);
    await user.type(within(form).getByLabelText('Name *'), 'Ada');
    await user.type(within(form).getByLabelText('Age *'), '36');
    await user.selectOptions(within(form).getByLabelText('Favourite colour'), 'red');
    expect((await axe(form)).violations).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.answers.at(-1)).toEqual({ action: 'accept', content: { name: 'Ada', age: 36, color: 'red', agree: false } }));
    await screen.findByText('Done.', {}, { timeout: 5000 });
  });

  it('shows a tool’s MCP App in a sandboxed frame whose document starts with the policy', async () => {
    const user = userEvent.setup();
    const { container, rerenderWithTools } = chatCalling('h_hostile_app');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Go');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const frame = await waitFor(
      () => {
        const found = container.querySelector('iframe');
        if (!found?.getAttribute('srcdoc')) throw new Error('no app yet');
        return found;
      },
      { timeout: 5000 },
    );
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    const document = new DOMParser().parseFromString(frame.getAttribute('srcdoc')!, 'text/html');
    const first = document.head.firstElementChild;
    expect(first?.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(first?.getAttribute('content')).toMatch(/^default-src 'none'; .*connect-src 'none'/);
    expect(frame.title).toBe('Hostile app (MCP App)');
    // The card stays once the model answered: an app does not fold into the summary.
    await screen.findByText('Done.', {}, { timeout: 5000 });
    expect(screen.getByRole('group', { name: 'Hostile app' }).querySelector('iframe')).toBe(frame);
    // The server's tool list is listed again (tools/list_changed): the app is not reloaded.
    const before = connection.tools;
    const reads = server.reads.length;
    await connection.refresh();
    expect(connection.tools).not.toBe(before);
    rerenderWithTools();
    // Had the app been made again, it would have read its resource again by now.
    await connection.refresh();
    rerenderWithTools();
    await screen.findByText('Done.');
    expect(server.reads).toHaveLength(reads);
    expect(screen.getByRole('group', { name: 'Hostile app' }).querySelector('iframe')).toBe(frame);
  });

  it('shows the app in a layout of the parts too: a ToolCallCard under the chat’s provider', async () => {
    const { transport } = scriptedTransport([callTools({ toolCallId: 'p1', toolName: 'h_hostile_app', input: { attack: 'none' } }), answer('Done.')]);
    const chat = createToolChat({ transport, tools: connection.tools, grants: memoryGrants() });
    function Calls({ chat }: { chat: ToolChat }) {
      useToolChat(chat);
      return [...chat.getToolCalls().values()].map((call) => <ToolCallCard key={call.toolCallId} call={call} />);
    }
    render(
      <ToolChatProvider chat={chat}>
        <Calls chat={chat} />
      </ToolChatProvider>,
    );
    await chat.sendMessage('Go');
    // Without ToolTitlesProvider the card is titled by the tool's name, humanised.
    const card = await screen.findByRole('group', { name: /hostile app/i }, { timeout: 5000 });
    await waitFor(() => expect(card.querySelector('iframe')?.getAttribute('srcdoc')).toMatch(/^<!doctype html>/), { timeout: 5000 });
    chat.dispose();
  });
});
