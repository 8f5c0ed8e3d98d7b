import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, memoryGrants, type ToolChat, type ToolGrants } from 'toolchat/core';
import { createChatHandler } from 'toolchat/server';
import { routeFetch } from 'toolchat/testing';
import { textResponse, toolCallResponse } from '../../support/mock-models';

// The approval vocabulary on a server tool, through the chat and the real handler: the chat's
// grants answer the server's later approvals by themselves (in their chat), an edit travels on
// the approval, the clock expires an unanswered one, and Stop cancels it.

const SECRET = 'a-test-secret-of-at-least-32-characters';

/** A server whose model asks to purge a region each turn (`regions` in order), then says "Purged.". */
function purgeServer(regions: string[]) {
  const purged: string[] = [];
  let turn = 0;
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }): Promise<{ stream: ReadableStream<LanguageModelV4StreamPart> }> => {
      const last = prompt.at(-1);
      if (last?.role === 'tool') return textResponse('Purged.');
      const region = regions[turn] ?? 'eu';
      turn++;
      return toolCallResponse([{ toolCallId: `p${turn}`, toolName: 'purgeCache', input: { region } }]);
    },
  });
  const handler = createChatHandler({
    model,
    secret: SECRET,
    grantScopes: { purgeCache: ({ region }: { region: string }) => region },
    tools: {
      purgeCache: tool({
        description: 'Purge the CDN cache of a region',
        inputSchema: z.object({ region: z.enum(['eu', 'us', 'ap']) }),
        needsApproval: true,
        execute: async ({ region }) => {
          purged.push(region);
          return { purged: region };
        },
      }),
    },
  });
  return { purged, fetch: routeFetch(handler) };
}

function chatOf(server: ReturnType<typeof purgeServer>, options: { id: string; grants: ToolGrants; approvalTimeoutMs?: number }): ToolChat {
  return createToolChat({ api: 'http://localhost/api/chat', fetch: server.fetch, ...options });
}

async function waiting(chat: ToolChat, toolCallId: string) {
  await vi.waitFor(() => expect(chat.getToolCall(toolCallId)?.phase).toBe('awaiting-approval'));
  return chat.getToolCall(toolCallId)!;
}

async function idle(chat: ToolChat) {
  await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('given a server tool that needs approval, with a scope', () => {
  it('the card reads the scope; "Allow for this chat" answers later approvals of that scope in this chat, after a reload too, and no other', async () => {
    const server = purgeServer(['eu', 'eu', 'us', 'eu']);
    const grants = memoryGrants();
    const chat = chatOf(server, { id: 'chat-1', grants });
    void chat.sendMessage('Purge EU');
    expect((await waiting(chat, 'p1')).approval).toMatchObject({ server: true, scope: 'eu', grantable: true });
    expect(await chat.answerApproval('p1', { choice: 'allow-chat' })).toEqual({ ok: true });
    await idle(chat);
    expect(server.purged).toEqual(['eu']);
    expect(await grants.load()).toMatchObject([{ toolName: 'purgeCache', scope: 'eu', chatId: 'chat-1' }]);

    // The next EU purge in this chat: the grant answers the server's approval.
    await chat.sendMessage('Purge EU again');
    await idle(chat);
    expect(server.purged).toEqual(['eu', 'eu']);
    expect(chat.getToolCall('p2')?.approval).toMatchObject({ approved: true, by: 'grant' });

    // Another scope asks.
    void chat.sendMessage('Purge US');
    await waiting(chat, 'p3');
    expect(server.purged).toEqual(['eu', 'eu']);
    chat.dispose();

    // The same chat after a reload: the grant is the user's, kept with the grants.
    const later = purgeServer(['eu']);
    const reloaded = chatOf(later, { id: 'chat-1', grants: memoryGrants(await grants.load()) });
    await reloaded.sendMessage('Purge EU');
    await idle(reloaded);
    expect(later.purged).toEqual(['eu']);
    reloaded.dispose();

    // Another chat: the grant is not its.
    const other = chatOf(server, { id: 'chat-2', grants: memoryGrants(await grants.load()) });
    void other.sendMessage('Purge EU');
    await waiting(other, 'p4');
    expect(server.purged).toEqual(['eu', 'eu']);
    other.dispose();
  });

  it('"Edit" runs the server call with the user’s input; one the server’s schema refuses is refused in the browser first', async () => {
    const server = purgeServer(['eu']);
    const chat = chatOf(server, { id: 'chat-1', grants: memoryGrants() });
    void chat.sendMessage('Purge EU');
    await waiting(chat, 'p1');
    const refused = await chat.answerApproval('p1', { choice: 'edit', input: { region: 'mars' } });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/region/) });
    expect(chat.getToolCall('p1')?.phase).toBe('awaiting-approval');
    expect(await chat.answerApproval('p1', { choice: 'edit', input: { region: 'ap' } })).toEqual({ ok: true });
    await idle(chat);
    expect(server.purged).toEqual(['ap']);
    expect(chat.getToolCall('p1')).toMatchObject({ phase: 'done', input: { region: 'ap' }, approval: { approved: true, editedFrom: { region: 'eu' } } });
    chat.dispose();
  });

  it('"Deny" with a reason: the server tool never runs', async () => {
    const server = purgeServer(['eu']);
    const chat = chatOf(server, { id: 'chat-1', grants: memoryGrants() });
    void chat.sendMessage('Purge EU');
    await waiting(chat, 'p1');
    expect(await chat.answerApproval('p1', { choice: 'deny', reason: 'Not during the sale' })).toEqual({ ok: true });
    await idle(chat);
    expect(server.purged).toEqual([]);
    expect(chat.getToolCall('p1')).toMatchObject({ phase: 'denied', approval: { approved: false, by: 'user', reason: 'Not during the sale' } });
    chat.dispose();
  });

  it('an approval nobody answers within approvalTimeoutMs expires: nothing runs', async () => {
    const server = purgeServer(['eu']);
    const chat = chatOf(server, { id: 'chat-1', grants: memoryGrants(), approvalTimeoutMs: 50 });
    void chat.sendMessage('Purge EU');
    await vi.waitFor(() => expect(chat.getToolCall('p1')?.phase).toBe('expired'));
    await idle(chat);
    expect(server.purged).toEqual([]);
    expect(chat.getToolCall('p1')?.approval).toMatchObject({ approved: false, by: 'timeout' });
    chat.dispose();
  });

  it('Stop cancels a waiting server approval: it is not expired, and nothing runs', async () => {
    const server = purgeServer(['eu']);
    const chat = chatOf(server, { id: 'chat-1', grants: memoryGrants(), approvalTimeoutMs: 60_000 });
    void chat.sendMessage('Purge EU');
    await waiting(chat, 'p1');
    chat.stop();
    await vi.waitFor(() => expect(chat.getToolCall('p1')?.phase).toBe('cancelled'));
    expect(server.purged).toEqual([]);
    chat.dispose();
  });
});
