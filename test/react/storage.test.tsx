import { act, renderHook, waitFor } from '@testing-library/react';
import { DefaultChatTransport, isToolUIPart, type ChatTransport, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createChatHandler } from 'toolchat/server';
import type { ChatStorage, ToolSet, WebStorageLike } from 'toolchat';
import { textResponse, toolCallResponse } from '../support/mock-models';

/** A Storage that outlives a "page": the same data for every module graph. */
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

function toolsOf(toolchat: Awaited<ReturnType<typeof loadPage>>, execute: () => Promise<unknown>): ToolSet {
  return {
    slowSearch: toolchat.defineTool({ inputSchema: z.object({ query: z.string() }), execute }),
    deleteFile: toolchat.defineTool({
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => ({ deleted: path }),
    }),
  };
}

describe('given a chat saved to storage', () => {
  it('saves the user message before the request leaves', async () => {
    const toolchat = await loadPage();
    const storage = toolchat.memoryStorage();
    let storedAtRequest: unknown;
    const transport: ChatTransport<UIMessage> = {
      async sendMessages() {
        storedAtRequest = await storage.load('c1');
        throw new Error('offline');
      },
      async reconnectToStream() {
        return null;
      },
    };
    const { result } = renderHook(() => toolchat.useToolChat({ id: 'c1', storage, transport }));
    await act(async () => {
      await result.current.sendMessage('Do not lose me');
    });
    expect(JSON.stringify(storedAtRequest)).toContain('Do not lose me');
    await waitFor(() => expect(result.current.activity.state).toBe('error'));
    // Nothing the user typed is lost, even though the request failed.
    const saved = await storage.load('c1');
    expect(JSON.stringify(saved)).toContain('Do not lose me');
  });

  it('restores a chat reloaded mid tool round: the running call is interrupted, and the model gets an error result', async () => {
    const webStorage = sharedWebStorage();
    const model = new MockLanguageModelV4({
      doStream: [
        toolCallResponse([{ toolCallId: 'call_1', toolName: 'slowSearch', input: { query: 'cats' } }]),
        textResponse('The search was interrupted; shall I try again?'),
      ],
    });

    // The first page: the tool is still running when the page goes away.
    const first = await loadPage();
    const storage1 = first.localStorageStorage({ prefix: 'test', storage: webStorage });
    const page1 = renderHook(() =>
      first.useToolChat({ id: 'chat-1', storage: storage1, transport: transportFor(model), tools: toolsOf(first, () => new Promise(() => {})) }),
    );
    await act(() => page1.result.current.sendMessage('Search for cats'));
    await waitFor(() => expect(page1.result.current.activity.state).toBe('executing'));
    await waitFor(async () => expect(JSON.stringify(await storage1.load('chat-1'))).toContain('call_1'));
    page1.unmount();

    // The reloaded page.
    const second = await loadPage();
    const storage2 = second.localStorageStorage({ prefix: 'test', storage: webStorage });
    const onError = vi.fn();
    const page2 = renderHook(() =>
      second.useToolChat({ id: 'chat-1', storage: storage2, transport: transportFor(model), tools: toolsOf(second, async () => 'never'), onError }),
    );
    await waitFor(() => expect(page2.result.current.messages).toHaveLength(2));
    const restored = page2.result.current.messages[1]?.parts.find(isToolUIPart);
    expect(restored).toMatchObject({
      toolCallId: 'call_1',
      state: 'output-error',
      errorText: 'interrupted: the page was closed before the tool finished',
    });
    expect(page2.result.current.activity.state).toBe('idle');

    await act(() => page2.result.current.sendMessage('What happened?'));
    await waitFor(() => expect(model.doStreamCalls).toHaveLength(2));
    await waitFor(() => expect(page2.result.current.activity.state).toBe('idle'));
    const prompt = model.doStreamCalls[1]?.prompt ?? [];
    expect(prompt.find((message) => message.role === 'tool')).toMatchObject({
      content: [{ toolCallId: 'call_1', output: { type: 'error-text', value: 'interrupted: the page was closed before the tool finished' } }],
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it('asks again for a call that was awaiting approval when the page closed', async () => {
    const webStorage = sharedWebStorage();
    const model = new MockLanguageModelV4({
      doStream: [
        toolCallResponse([{ toolCallId: 'call_7', toolName: 'deleteFile', input: { path: 'report.pdf' } }]),
        textResponse('Deleted report.pdf.'),
      ],
    });
    const first = await loadPage();
    const page1 = renderHook(() =>
      first.useToolChat({
        id: 'chat-2',
        storage: first.localStorageStorage({ storage: webStorage }),
        transport: transportFor(model),
        tools: toolsOf(first, async () => null),
      }),
    );
    await act(() => page1.result.current.sendMessage('Delete report.pdf'));
    await waitFor(() => expect(page1.result.current.activity.state).toBe('awaiting-approval'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    page1.unmount();

    const second = await loadPage();
    const page2 = renderHook(() =>
      second.useToolChat({
        id: 'chat-2',
        storage: second.localStorageStorage({ storage: webStorage }),
        transport: transportFor(model),
        tools: toolsOf(second, async () => null),
      }),
    );
    await waitFor(() => expect(page2.result.current.activity.state).toBe('awaiting-approval'));
    expect(page2.result.current.getToolCall('call_7')?.phase).toBe('awaiting-approval');
    act(() => page2.result.current.approve('call_7'));
    await waitFor(() => expect(model.doStreamCalls).toHaveLength(2));
    await waitFor(() => expect(page2.result.current.activity.state).toBe('idle'));
    expect(page2.result.current.messages.at(-1)?.parts.find(isToolUIPart)).toMatchObject({
      state: 'output-available',
      output: { deleted: 'report.pdf' },
    });
  });

  it('reports a failing storage through onError and goes on chatting', async () => {
    const toolchat = await loadPage();
    const broken: ChatStorage = {
      load: () => undefined,
      save: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      remove: () => {},
      list: () => [],
    };
    const onError = vi.fn();
    const model = new MockLanguageModelV4({ doStream: [textResponse('Still here.')] });
    const { result } = renderHook(() => toolchat.useToolChat({ id: 'c3', storage: broken, transport: transportFor(model), onError }));
    await act(() => result.current.sendMessage('Hello'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(result.current.messages.at(-1)?.parts.at(-1)).toMatchObject({ type: 'text', text: 'Still here.' });
    expect(onError).toHaveBeenCalled();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(toolchat.ChatStorageError);
  });

  it('switches conversations when the id changes, each restored from storage', async () => {
    const toolchat = await loadPage();
    const storage = toolchat.memoryStorage();
    const model = new MockLanguageModelV4({ doStream: [textResponse('Answer one.'), textResponse('Answer two.')] });
    const transport = transportFor(model);
    const { result, rerender } = renderHook(({ id }) => toolchat.useToolChat({ id, storage, transport }), {
      initialProps: { id: 'a' },
    });
    await act(() => result.current.sendMessage('First chat'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    rerender({ id: 'b' });
    expect(result.current.messages).toEqual([]);
    await act(() => result.current.sendMessage('Second chat'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    rerender({ id: 'a' });
    expect(result.current.messages[0]?.parts[0]).toMatchObject({ text: 'First chat' });
    const chats = await toolchat.listChats(storage);
    expect(chats.map((chat) => chat.chatId).sort()).toEqual(['a', 'b']);
  });
});
