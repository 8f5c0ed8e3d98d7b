import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ChatStorageError,
  createChatPersistence,
  createToolChat,
  defineTool,
  exportChat,
  importChat,
  memoryGrants,
  memoryStorage,
  type ChatRecord,
  type ChatStorage,
} from 'toolchat/core';
import { answer, callTools, deferred, scriptedTransport, toolPartsOf } from './script';

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const reply = (id: string, text: string): UIMessage => ({ id, role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text, state: 'done' }] });
const textOf = (message: UIMessage | undefined) => (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

async function storedChat(chatId: string, messages: UIMessage[], extra: Partial<ChatRecord> = {}): Promise<ChatStorage> {
  const storage = memoryStorage();
  await createChatPersistence({ storage, chatId }).save(messages, { immediate: true });
  if (Object.keys(extra).length > 0) {
    const record = (await storage.load(chatId))!;
    await storage.save(chatId, { ...record, ...extra });
  }
  return storage;
}

function deleteFileTool(deleted: string[]) {
  return defineTool({
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      deleted.push(path);
      return { deleted: path };
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('given a stored conversation and a message sent at once', () => {
  it('restores the history first, then sends: nothing stored is lost', async () => {
    const stored = await storedChat('c', [user('u1', 'Hi'), reply('a1', 'Hello!')]);
    const gate = deferred<void>();
    const storage: ChatStorage = { ...stored, load: async (id) => (await gate.promise, stored.load(id)) };
    const { transport, requests } = scriptedTransport([answer('Sure.')]);
    const chat = createToolChat({ id: 'c', storage, transport, grants: memoryGrants() });

    const sending = chat.sendMessage('One more thing');
    await Promise.resolve();
    expect(chat.getState().storage).toBe('loading');
    expect(chat.getState().busy).toBe(true);
    expect(chat.getState().activity.state).toBe('thinking');
    expect(requests).toHaveLength(0);

    gate.resolve();
    await sending;
    expect(chat.getState().messages.map(textOf)).toEqual(['Hi', 'Hello!', 'One more thing', 'Sure.']);
    expect(requests[0]!.messages.map(textOf)).toEqual(['Hi', 'Hello!', 'One more thing']);
    await vi.waitFor(async () => expect((await stored.load('c'))?.messages).toHaveLength(4));
    chat.dispose();
  });
});

describe('given a storage whose load never answers', () => {
  it('goes on after storageTimeoutMs, reports it, and never saves over the record', async () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const storage: ChatStorage = { load: () => new Promise(() => {}), save, remove: () => {}, list: () => [] };
    const errors: Error[] = [];
    const { transport, requests } = scriptedTransport([answer('Hello.')]);
    const chat = createToolChat({ id: 'c', storage, storageTimeoutMs: 3000, transport, grants: memoryGrants(), onError: (error) => errors.push(error) });

    const sending = chat.sendMessage('Hi');
    await vi.advanceTimersByTimeAsync(2999);
    expect(requests).toHaveLength(0);
    expect(chat.getState().busy).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await sending;

    expect(textOf(chat.getState().messages.at(-1))).toBe('Hello.');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ChatStorageError);
    expect(errors[0]!.message).toMatch(/did not answer within 3000 ms/);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    chat.dispose();
  });

  it('waits 5 seconds by default', async () => {
    vi.useFakeTimers();
    const storage: ChatStorage = { load: () => new Promise(() => {}), save: () => {}, remove: () => {}, list: () => [] };
    const chat = createToolChat({ id: 'c', storage, transport: scriptedTransport([]).transport, grants: memoryGrants(), onError: () => {} });
    await vi.advanceTimersByTimeAsync(4999);
    expect(chat.getState().storage).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(chat.getState().storage).toBe('ready');
    chat.dispose();
  });
});

describe('given a storage that answers another chat’s record', () => {
  it('refuses it, reports it, and never writes this chat over it', async () => {
    const other = await storedChat('other', [user('u1', 'Secret'), reply('a1', 'Noted.')]);
    const otherRecord = (await other.load('other'))!;
    const writes: string[] = [];
    const storage: ChatStorage = { load: () => otherRecord, save: (id) => void writes.push(id), remove: () => {}, list: () => [] };
    const errors: Error[] = [];
    const { transport } = scriptedTransport([answer('Hello.')]);
    const chat = createToolChat({ id: 'mine', storage, transport, grants: memoryGrants(), onError: (error) => errors.push(error) });
    await chat.sendMessage('Hi');

    expect(chat.getState().messages.map(textOf)).toEqual(['Hi', 'Hello.']);
    expect(errors.some((error) => error instanceof ChatStorageError && /record of chat "other"/.test(error.message))).toBe(true);
    expect(writes).toEqual([]);
    chat.dispose();
  });
});

describe('given initialMessages beside storage', () => {
  it('shows them when nothing is stored, and saves them with the conversation', async () => {
    const storage = memoryStorage();
    const { transport } = scriptedTransport([answer('Hello.')]);
    const chat = createToolChat({ id: 'c', storage, transport, grants: memoryGrants(), initialMessages: [reply('w', 'Welcome!')] });
    await chat.ready;
    expect(chat.getState().messages.map(textOf)).toEqual(['Welcome!']);
    await chat.sendMessage('Hi');
    await vi.waitFor(async () => expect((await storage.load('c'))?.messages).toHaveLength(3));
    chat.dispose();
  });

  it('gives way to the stored conversation', async () => {
    const storage = await storedChat('c', [user('u1', 'Hi'), reply('a1', 'Hello!')]);
    const chat = createToolChat({ id: 'c', storage, grants: memoryGrants(), initialMessages: [reply('w', 'Welcome!')] });
    await chat.ready;
    expect(chat.getState().messages.map(textOf)).toEqual(['Hi', 'Hello!']);
    chat.dispose();
  });
});

describe('given a record that claims "Always allow"', () => {
  const askedOnce = (path: string): UIMessage[] => [user('u1', `Delete ${path}`), reply('a1', 'Which one?')];

  it('a stored one grants nothing: the call still waits for the user', async () => {
    const deleted: string[] = [];
    const storage = await storedChat('c', askedOnce('a'), { alwaysAllowedTools: ['deleteFile'] });
    const { transport } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/' } })]);
    const chat = createToolChat({ id: 'c', storage, transport, tools: { deleteFile: deleteFileTool(deleted) }, grants: memoryGrants() });
    void chat.sendMessage('Delete everything');
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('awaiting-approval'));
    expect(deleted).toEqual([]);
    expect(chat.getState().loop.grants).toEqual([]);
    chat.dispose();
  });

  it('an imported one grants nothing, and an export carries none', async () => {
    const record: ChatRecord = {
      version: 1,
      chatId: 'theirs',
      revision: 3,
      updatedAt: new Date(0).toISOString(),
      messages: [],
      alwaysAllowedTools: ['deleteFile'],
    };
    expect(importChat(JSON.stringify(record))).not.toHaveProperty('alwaysAllowedTools');
    expect(JSON.parse(exportChat(record))).not.toHaveProperty('alwaysAllowedTools');
  });

  it('the user’s own grant (the grants option) runs the tool without asking', async () => {
    const deleted: string[] = [];
    const grants = memoryGrants();
    const tools = { deleteFile: deleteFileTool(deleted) };
    const first = createToolChat({
      transport: scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a' } }), answer('Done.')]).transport,
      tools,
      grants,
    });
    void first.sendMessage('Delete a');
    await vi.waitFor(() => expect(first.getState().activity.state).toBe('awaiting-approval'));
    first.alwaysAllow('deleteFile');
    await vi.waitFor(() => expect(deleted).toEqual(['a']));
    expect(await grants.load()).toMatchObject([{ toolName: 'deleteFile' }]);
    first.dispose();

    const second = createToolChat({
      transport: scriptedTransport([callTools({ toolCallId: 'c2', toolName: 'deleteFile', input: { path: 'b' } }), answer('Done.')]).transport,
      tools,
      grants,
    });
    await second.ready;
    await second.sendMessage('Delete b');
    await vi.waitFor(() => expect(deleted).toEqual(['a', 'b']));
    second.dispose();
  });
});

describe('given a call waiting for approval in an older message of a long thread', () => {
  function longThread(): UIMessage[] {
    const messages: UIMessage[] = [];
    for (let i = 0; i < 60; i++) {
      messages.push(user(`u${i}`, `Question ${i}`));
      if (i === 5) {
        messages.push({
          id: `a${i}`,
          role: 'assistant',
          parts: [
            { type: 'step-start' },
            { type: 'tool-deleteFile', toolCallId: 'old', state: 'approval-requested', input: { path: '/old' }, approval: { id: 'old' } },
          ],
        });
      } else {
        messages.push(reply(`a${i}`, `Answer ${i}`));
      }
    }
    return messages;
  }

  it('counts as waiting, is named by the status, and no request leaves without its result', async () => {
    const deleted: string[] = [];
    const storage = await storedChat('long', longThread());
    const { transport, requests } = scriptedTransport([answer('Fine.')]);
    const chat = createToolChat({ id: 'long', storage, transport, tools: { deleteFile: deleteFileTool(deleted) }, grants: memoryGrants() });
    await chat.ready;

    expect(chat.getState().activity.state).toBe('awaiting-approval');
    expect(chat.getState().activity.label).toBe('Waiting for your approval to run Delete file');
    expect(chat.getToolCall('old')).toMatchObject({ phase: 'awaiting-approval', messageId: 'a5' });
    expect(toolPartsOf(chat.getState().messages).get('old')).toMatchObject({ state: 'approval-requested' });

    await chat.sendMessage('Never mind');
    expect(deleted).toEqual([]);
    expect(toolPartsOf(requests[0]!.messages).get('old')).toMatchObject({ state: 'output-error', errorText: 'Tool "deleteFile" was cancelled by the user' });
    expect(chat.getState().activity.state).toBe('idle');
    chat.dispose();
  });

  it('runs once the user approves it', async () => {
    const deleted: string[] = [];
    const storage = await storedChat('long', longThread());
    const chat = createToolChat({ id: 'long', storage, transport: scriptedTransport([]).transport, tools: { deleteFile: deleteFileTool(deleted) }, grants: memoryGrants() });
    await chat.ready;
    chat.approve('old');
    await vi.waitFor(() => expect(deleted).toEqual(['/old']));
    await vi.waitFor(() => expect(toolPartsOf(chat.getState().messages).get('old')).toMatchObject({ state: 'output-available', output: { deleted: '/old' } }));
    chat.dispose();
  });
});
