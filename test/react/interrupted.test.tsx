import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DefaultChatTransport, type ChatTransport, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createChatHandler } from 'toolchat/server';
import type { WebStorageLike } from 'toolchat';
import { textResponse, toolCallResponse } from '../support/mock-models';

function sharedWebStorage(): WebStorageLike {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A fresh copy of the package, as after a page reload: no sessions, no running tools. */
async function loadPage() {
  vi.resetModules();
  return import('toolchat');
}

function transportFor(model: MockLanguageModelV4): ChatTransport<UIMessage> {
  const handler = createChatHandler({ model });
  return new DefaultChatTransport<UIMessage>({
    api: 'http://localhost/api/chat',
    fetch: async (input, init) => handler(new Request(String(input), init)),
  });
}

/** A first page whose search is still running when the page goes away. */
async function reloadMidSearch(webStorage: WebStorageLike, model: MockLanguageModelV4) {
  const first = await loadPage();
  const storage = first.localStorageStorage({ storage: webStorage });
  const tools = { slowSearch: first.defineTool({ inputSchema: z.object({ query: z.string() }), execute: () => new Promise(() => {}) }) };
  const page = renderHook(() => first.useToolChat({ id: 'interrupted', storage, transport: transportFor(model), tools }));
  await act(() => page.result.current.sendMessage('Search for cats'));
  await waitFor(() => expect(page.result.current.activity.state).toBe('executing'));
  await waitFor(async () => expect(JSON.stringify(await storage.load('interrupted'))).toContain('call_1'));
  page.unmount();
  return loadPage();
}

describe('given a chat reloaded while a tool ran', () => {
  it('shows the call as interrupted, and "Run again" runs it and the model answers from it', async () => {
    const webStorage = sharedWebStorage();
    const model = new MockLanguageModelV4({
      doStream: [toolCallResponse([{ toolCallId: 'call_1', toolName: 'slowSearch', input: { query: 'cats' } }]), textResponse('3 cats found.')],
    });
    const second = await reloadMidSearch(webStorage, model);
    const runs: string[] = [];
    const tools = {
      slowSearch: second.defineTool({
        inputSchema: z.object({ query: z.string() }),
        execute: async ({ query }) => {
          runs.push(query);
          return { hits: 3 };
        },
      }),
    };
    const user = userEvent.setup();
    render(<second.ChatWrapper id="interrupted" storage={second.localStorageStorage({ storage: webStorage })} transport={transportFor(model)} tools={tools} />);

    const card = await screen.findByRole('group', { name: 'Slow search' });
    expect(card.getAttribute('data-state')).toBe('interrupted');
    expect(card.textContent).toContain('Interrupted');
    // The turn's notice loads after the wrapper mounts.
    const notice = await screen.findByRole('note');
    expect(notice.textContent).toContain('The page was closed before this tool finished');
    await user.click(within(notice).getByRole('button', { name: 'Run again' }));

    await waitFor(() => expect(within(screen.getByRole('log')).getByText('3 cats found.')).toBeTruthy());
    expect(runs).toEqual(['cats']);
    const prompt = model.doStreamCalls[1]?.prompt ?? [];
    expect(prompt.find((message) => message.role === 'tool')).toMatchObject({
      content: [{ toolCallId: 'call_1', output: { type: 'json', value: { hits: 3 } } }],
    });
  });

  it('"Continue" sends the interruption to the model instead', async () => {
    const webStorage = sharedWebStorage();
    const model = new MockLanguageModelV4({
      doStream: [
        toolCallResponse([{ toolCallId: 'call_1', toolName: 'slowSearch', input: { query: 'cats' } }]),
        textResponse('The search was interrupted; shall I try again?'),
      ],
    });
    const second = await reloadMidSearch(webStorage, model);
    const tools = { slowSearch: second.defineTool({ inputSchema: z.object({ query: z.string() }), execute: async () => ({ hits: 0 }) }) };
    const user = userEvent.setup();
    render(<second.ChatWrapper id="interrupted" storage={second.localStorageStorage({ storage: webStorage })} transport={transportFor(model)} tools={tools} />);

    await user.click(await within(await screen.findByRole('note')).findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('The search was interrupted; shall I try again?')).toBeTruthy());
    const prompt = model.doStreamCalls[1]?.prompt ?? [];
    expect(prompt.find((message) => message.role === 'tool')).toMatchObject({
      content: [{ toolCallId: 'call_1', output: { type: 'error-text', value: 'interrupted: the page was closed before the tool finished' } }],
    });
  });
});

describe('given "Always allow" kept in the user’s grants', () => {
  it('remembers it after a reload: the tool runs without asking', async () => {
    const webStorage = sharedWebStorage();
    const model = new MockLanguageModelV4({
      doStream: [
        toolCallResponse([{ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } }]),
        textResponse('Deleted a.txt.'),
        toolCallResponse([{ toolCallId: 'c2', toolName: 'deleteFile', input: { path: 'b.txt' } }]),
        textResponse('Deleted b.txt.'),
      ],
    });
    const deleted: string[] = [];
    const toolsOf = (toolchat: Awaited<ReturnType<typeof loadPage>>) => ({
      deleteFile: toolchat.defineTool({
        inputSchema: z.object({ path: z.string() }),
        needsApproval: true,
        execute: ({ path }) => {
          deleted.push(path);
          return { deleted: path };
        },
      }),
    });
    const first = await loadPage();
    const page1 = renderHook(() =>
      first.useToolChat({
        id: 'allowed',
        storage: first.localStorageStorage({ storage: webStorage }),
        grants: first.localStorageGrants({ storage: webStorage }),
        transport: transportFor(model),
        tools: toolsOf(first),
      }),
    );
    await act(() => page1.result.current.sendMessage('Delete a.txt'));
    await waitFor(() => expect(page1.result.current.activity.state).toBe('awaiting-approval'));
    act(() => page1.result.current.alwaysAllow('deleteFile'));
    await waitFor(() => expect(page1.result.current.activity.state).toBe('idle'));
    // The user's grant, kept apart from the conversation: the chat's record carries none.
    await waitFor(() => expect(JSON.parse(webStorage.getItem('toolchat:grants') ?? '[]')).toMatchObject([{ toolName: 'deleteFile' }]));
    await waitFor(() => expect(JSON.parse(webStorage.getItem('toolchat:chat:allowed') ?? '{}').messages).toHaveLength(2));
    expect(JSON.parse(webStorage.getItem('toolchat:chat:allowed') ?? '{}').alwaysAllowedTools).toBeUndefined();
    page1.unmount();

    const second = await loadPage();
    const page2 = renderHook(() =>
      second.useToolChat({
        id: 'allowed',
        storage: second.localStorageStorage({ storage: webStorage }),
        grants: second.localStorageGrants({ storage: webStorage }),
        transport: transportFor(model),
        tools: toolsOf(second),
      }),
    );
    await waitFor(() => expect(page2.result.current.messages).toHaveLength(2));
    await act(() => page2.result.current.sendMessage('Delete b.txt'));
    await waitFor(() => expect(page2.result.current.activity.state).toBe('idle'));
    expect(deleted).toEqual(['a.txt', 'b.txt']);
    expect(page2.result.current.loop.grants).toMatchObject([{ toolName: 'deleteFile' }]);
  });
});
