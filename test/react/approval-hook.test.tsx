import { act, renderHook, waitFor } from '@testing-library/react';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, memoryGrants, useToolChat } from 'toolchat';
import { calls, endpoint, text } from '../faults/harness';

// The approval vocabulary through useToolChat: the same answers as the card's.

describe('given useToolChat with a tool that needs approval', () => {
  it('answerApproval takes every choice; revokeGrant takes a grant back', async () => {
    const deleted: string[] = [];
    const tools = {
      deleteFile: defineTool({
        inputSchema: z.object({ path: z.string().min(1) }),
        needsApproval: true,
        execute: ({ path }) => {
          deleted.push(path);
          return { deleted: path };
        },
      }),
    };
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } }),
        text('Deleted.'),
        calls({ toolCallId: 'c2', toolName: 'deleteFile', input: { path: 'b.txt' } }),
        text('Deleted.'),
        calls({ toolCallId: 'c3', toolName: 'deleteFile', input: { path: 'c.txt' } }),
      ],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ id: 'hook-chat', api: server.api, fetch: server.fetch, tools, grants: memoryGrants() }));

    act(() => {
      void result.current.sendMessage('Delete a');
    });
    await waitFor(() => expect(result.current.toolCalls.get('c1')?.phase).toBe('awaiting-approval'));
    expect(await act(() => result.current.answerApproval('c1', { choice: 'edit', input: { path: '' } }))).toMatchObject({ ok: false });
    // The hook's view follows at the render pace.
    await waitFor(() => expect(result.current.toolCalls.get('c1')?.approval?.editError).toMatch(/path/));
    expect(await act(() => result.current.answerApproval('c1', { choice: 'allow-chat' }))).toEqual({ ok: true });
    await waitFor(() => expect(result.current.status).toBe('ready'));

    await act(() => result.current.sendMessage('Delete b'));
    await waitFor(() => expect(deleted).toEqual(['a.txt', 'b.txt']));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(result.current.loop.grants).toMatchObject([{ toolName: 'deleteFile', chatId: 'hook-chat' }]));

    await act(() => result.current.revokeGrant(result.current.loop.grants[0]!));
    await waitFor(() => expect(result.current.loop.grants).toEqual([]));
    act(() => {
      void result.current.sendMessage('Delete c');
    });
    await waitFor(() => expect(result.current.toolCalls.get('c3')?.phase).toBe('awaiting-approval'));
    expect(deleted).toEqual(['a.txt', 'b.txt']);
  });
});
