import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createChatHandler, memoryConversationStore } from 'toolchat/server';
import { textResponse, toolCallResponse } from '../support/mock-models';

/** A fresh copy of the package, as after a page reload: no sessions, no running tools. */
async function loadPage() {
  vi.resetModules();
  return import('toolchat');
}

/** The server: one handler with a store, reached by the page's fetch as the signed-in "ana". */
function server(model: MockLanguageModelV4) {
  const handler = createChatHandler({ model, store: memoryConversationStore(), getUserId: (request) => request.headers.get('x-user') });
  const bodies: { messages: UIMessage[] }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(String(input), init);
    request.headers.set('x-user', 'ana');
    if (request.method === 'POST') bodies.push(JSON.parse(await request.clone().text()) as { messages: UIMessage[] });
    return handler(request);
  }) as typeof globalThis.fetch;
  return { fetch, bodies };
}

describe('given a ChatWrapper on a server store', () => {
  it('sends only the new message each turn and lists the thread', async () => {
    const page = await loadPage();
    const model = new MockLanguageModelV4({ doStream: async ({ prompt }) => textResponse(`Seen ${prompt.length} messages.`) });
    const { fetch, bodies } = server(model);
    const api = 'http://localhost/api/chat';
    const storage = page.serverStorage({ api, fetch });
    const transport = new page.ServerConversationTransport({ api, fetch });
    const user = userEvent.setup();
    render(<page.ChatWrapper id="ana-chat" storage={storage} transport={transport} />);

    await user.type(screen.getByRole('textbox'), 'First{Enter}');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Seen 1 messages.')).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    await user.type(screen.getByRole('textbox'), 'Second{Enter}');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Seen 3 messages.')).toBeTruthy());

    expect(bodies.map((body) => body.messages.length)).toEqual([1, 1]);
    expect(await page.listChats(storage)).toEqual([{ chatId: 'ana-chat', title: 'First', updatedAt: expect.any(String) }]);
  });

  it('restores the thread after a reload, with a browser tool cut off by it shown as interrupted', async () => {
    const model = new MockLanguageModelV4({
      doStream: [toolCallResponse([{ toolCallId: 'call_1', toolName: 'slowSearch', input: { query: 'cats' } }]), textResponse('3 cats found.')],
    });
    const { fetch } = server(model);
    const api = 'http://localhost/api/chat';

    const first = await loadPage();
    const tools = { slowSearch: first.defineTool({ inputSchema: z.object({ query: z.string() }), execute: () => new Promise(() => {}) }) };
    const transport = new first.ServerConversationTransport({ api, fetch });
    const hook = renderHook(() => first.useToolChat({ id: 'ana-search', storage: first.serverStorage({ api, fetch }), transport, tools }));
    await act(() => hook.result.current.sendMessage('Search for cats'));
    await waitFor(() => expect(hook.result.current.activity.state).toBe('executing'));
    // The server stored the call when its round ended.
    await waitFor(async () => expect(JSON.stringify(await first.serverStorage({ api, fetch }).load('ana-search'))).toContain('call_1'));
    hook.unmount();

    const second = await loadPage();
    const runs: string[] = [];
    const again = {
      slowSearch: second.defineTool({
        inputSchema: z.object({ query: z.string() }),
        execute: async ({ query }) => {
          runs.push(query);
          return { hits: 3 };
        },
      }),
    };
    const user = userEvent.setup();
    render(
      <second.ChatWrapper
        id="ana-search"
        storage={second.serverStorage({ api, fetch })}
        transport={new second.ServerConversationTransport({ api, fetch })}
        tools={again}
      />,
    );
    const card = await screen.findByRole('group', { name: 'Slow search' });
    expect(card.getAttribute('data-state')).toBe('interrupted');
    await user.click(within(screen.getByRole('note')).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('3 cats found.')).toBeTruthy());
    expect(runs).toEqual(['cats']);
  });
});
