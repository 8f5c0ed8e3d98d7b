import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createChatHandler, memoryConversationStore, memoryStreams } from 'toolchat/server';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A fresh copy of the package, as after a page reload: no sessions, no running tools. */
async function loadPage() {
  vi.resetModules();
  return import('toolchat');
}

type Step = LanguageModelV4StreamPart[];
const text = (said: string, finishReason: 'stop' | 'length' = 'stop'): Step => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: said },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: finishReason, raw: finishReason }, usage },
];

/** A model answering with `steps` in turn; a step waits for `gate` first when given. */
function model(steps: Step[], gate?: Promise<void>) {
  let n = 0;
  return new MockLanguageModelV4({
    doStream: async () => {
      const step = steps[Math.min(n++, steps.length - 1)]!;
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async start(controller) {
            await gate;
            for (const part of step) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
}

/**
 * The server, in-process: a store and kept answers, reached by the page's fetch as "ana". It
 * records each response's status; `holdAfter` makes the page receive an answer only up to the
 * first chunk holding that text (the server has written more: the page is slow to read it).
 */
function server(chatModel: MockLanguageModelV4, options: { holdAfter?: string; slowThreadLoad?: Promise<void> } = {}) {
  const store = memoryConversationStore();
  const handler = createChatHandler({ model: chatModel, store, streams: memoryStreams(), getUserId: () => 'ana' });
  const responses: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(String(input), init);
    const path = new URL(request.url).pathname;
    if (options.slowThreadLoad && request.method === 'GET' && /\/threads\/[^/]+$/.test(path)) await options.slowThreadLoad;
    const response = await handler(request);
    responses.push(`${response.status} ${request.method} ${path}`);
    if (!options.holdAfter || request.method !== 'POST' || !response.body) return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const held = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (seen.includes(options.holdAfter!)) return new Promise<void>(() => {}); // the rest never arrives
        const { done, value } = await reader.read();
        if (done) return controller.close();
        seen += decoder.decode(value, { stream: true });
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(held, { status: response.status, headers: response.headers });
  }) as typeof globalThis.fetch;
  return { fetch, responses, store };
}

const api = 'http://localhost/api/chat';

describe('given a chat whose conversation the server owns', () => {
  it('lists a new chat with its title as soon as its first message is stored, and makes no request that answers 404', async () => {
    const page = await loadPage();
    const { fetch, responses } = server(model([text('Hello!')]));
    const conversations = page.serverConversations({ api, fetch });
    function Chats() {
      const [chatId, setChatId] = useState('ana-new');
      return (
        <>
          <page.ThreadList storage={conversations.storage} activeId={chatId} onSelect={setChatId} newChatButton={false} />
          <page.ChatWrapper {...conversations} id={chatId} onChatChange={setChatId} />
        </>
      );
    }
    render(<Chats />);
    const chats = screen.getByRole('navigation', { name: 'Chats' });
    await waitFor(() => expect(within(chats).getByRole('button', { name: 'New chat' }).getAttribute('aria-current')).toBe('page'));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Plan a trip to Lisbon{Enter}');
    // No reload, no refreshKey: the list reads the threads again when the message is stored.
    await waitFor(() => expect(within(chats).getByRole('button', { name: 'Plan a trip to Lisbon' }).getAttribute('aria-current')).toBe('page'));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Hello!')).toBeTruthy());
    expect(responses.filter((response) => response.startsWith('4') || response.startsWith('5'))).toEqual([]);
    expect(responses).toContain('204 GET /api/chat/threads/ana-new');
  });

  it('shows a loading state, not the empty chat, while a stored chat loads', async () => {
    let loaded!: () => void;
    const slowThreadLoad = new Promise<void>((resolve) => (loaded = resolve));
    const { fetch, store } = server(model([text('Stored answer')]), { slowThreadLoad });
    await store.writeThread('ana', 'ana-stored', { expectedVersion: 0, after: null, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Old question' }] }] });
    const page = await loadPage();
    render(<page.ChatWrapper {...page.serverConversations({ api, fetch })} id="ana-stored" />);
    expect(await screen.findByText('Loading the conversation…')).toBeTruthy();
    expect(screen.queryByText('How can I help?')).toBeNull();
    loaded();
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Old question')).toBeTruthy());
    expect(screen.queryByText('Loading the conversation…')).toBeNull();
  });

  it('after a reload, a call the user stopped reads "Cancelled", and the Stopped notice keeps its Continue', async () => {
    const { fetch } = server(
      model([
        [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'slowSearch', input: '{"query":"cats"}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
        ],
        text('Going on.'),
      ]),
    );
    const first = await loadPage();
    const tools = { slowSearch: first.defineTool({ inputSchema: z.object({ query: z.string() }), execute: () => new Promise(() => {}) }) };
    const user = userEvent.setup();
    const firstPage = render(<first.ChatWrapper {...first.serverConversations({ api, fetch })} id="ana-stop-tool" tools={tools} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Search for cats{Enter}');
    const running = await screen.findByRole('group', { name: 'Slow search' });
    await waitFor(() => expect(running.getAttribute('data-state')).toBe('running'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Slow search' }).getAttribute('data-state')).toBe('cancelled'));
    // The stop reached the server before the page goes.
    await waitFor(async () => expect(JSON.stringify(await first.serverStorage({ api, fetch }).load('ana-stop-tool'))).toContain('was cancelled by the user'));
    firstPage.unmount();

    const second = await loadPage();
    render(<second.ChatWrapper {...second.serverConversations({ api, fetch })} id="ana-stop-tool" tools={tools} />);
    const card = await screen.findByRole('group', { name: 'Slow search' });
    expect(card.getAttribute('data-state')).toBe('cancelled');
    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Stopped')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Going on.')).toBeTruthy());
  });

  it('keeps a stopped answer as the page showed it at Stop, and says so after a reload', async () => {
    const { fetch } = server(
      model([
        [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Once upon a time' },
          { type: 'text-delta', id: 't', delta: ', a long story went on' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
        ],
      ]),
      { holdAfter: 'Once upon a time' },
    );
    const first = await loadPage();
    const user = userEvent.setup();
    const firstPage = render(<first.ChatWrapper {...first.serverConversations({ api, fetch })} id="ana-stop-text" />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Tell me a story{Enter}');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Once upon a time')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(async () => expect(JSON.stringify(await first.serverStorage({ api, fetch }).load('ana-stop-text'))).toContain('"ending":"stopped"'));
    firstPage.unmount();

    const second = await loadPage();
    render(<second.ChatWrapper {...second.serverConversations({ api, fetch })} id="ana-stop-text" />);
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Once upon a time')).toBeTruthy());
    expect(screen.queryByText(/a long story went on/)).toBeNull();
    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Stopped')).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('after a reload, an answer cut off at the token limit says so, with its Continue', async () => {
    const { fetch } = server(model([text('A very long answer that', 'length')]));
    const first = await loadPage();
    const user = userEvent.setup();
    const firstPage = render(<first.ChatWrapper {...first.serverConversations({ api, fetch })} id="ana-length" />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Go on and on{Enter}');
    await screen.findByText('Cut off at the token limit');
    firstPage.unmount();
    const second = await loadPage();
    render(<second.ChatWrapper {...second.serverConversations({ api, fetch })} id="ana-length" />);
    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Cut off at the token limit')).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('shows the 409 of a chat answering in another tab, keeping the message the user wrote', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetch } = server(model([text('Answer to tab one')], gate));
    const page = await loadPage();
    // Tab one sends and its answer is in flight.
    const tabOne = new page.ServerConversationTransport({ api, fetch });
    const posted = tabOne.sendMessages({ chatId: 'ana-tabs', messages: [{ id: 't1', role: 'user', parts: [{ type: 'text', text: 'From tab one' }] }], trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    await vi.waitFor(async () => expect((await page.serverStorage({ api, fetch }).load('ana-tabs'))?.messages).toHaveLength(1));

    render(<page.ChatWrapper {...page.serverConversations({ api, fetch })} id="ana-tabs" />);
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('From tab one')).toBeTruthy());
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'From tab two{Enter}');
    expect(await screen.findByText(/An answer is in progress in this chat/)).toBeTruthy();
    expect(within(screen.getByRole('log')).getByText('From tab two')).toBeTruthy();
    release();
    await (await posted).pipeTo(new WritableStream());
  });
});
