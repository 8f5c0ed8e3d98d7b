import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants, type ToolChat, type ToolGrants } from 'toolchat/core';
import { answer, callTools, scriptedTransport, toolPartsOf } from './script';

function deleteFileTool(deleted: string[], extra: { grantScope?: (input: { path: string }) => string } = {}) {
  return defineTool({
    description: 'Deletes a file',
    inputSchema: z.object({ path: z.string().startsWith('/') }),
    needsApproval: true,
    ...extra,
    execute: ({ path }) => {
      deleted.push(path);
      return { deleted: path };
    },
  });
}

const folderOf = ({ path }: { path: string }) => path.slice(0, path.lastIndexOf('/') + 1);

const del = (toolCallId: string, path: string) => callTools({ toolCallId, toolName: 'deleteFile', input: { path } });

async function waitingCall(chat: ToolChat, toolCallId: string) {
  await vi.waitFor(() => expect(chat.getToolCall(toolCallId)?.phase).toBe('awaiting-approval'));
  return chat.getToolCall(toolCallId)!;
}

async function idle(chat: ToolChat) {
  await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
}

function chatWith(options: { id?: string; grants?: ToolGrants; deleted?: string[]; script: Parameters<typeof scriptedTransport>[0]; grantScope?: (input: { path: string }) => string }) {
  const deleted = options.deleted ?? [];
  const { transport, requests } = scriptedTransport(options.script);
  const chat = createToolChat({
    ...(options.id === undefined ? {} : { id: options.id }),
    transport,
    grants: options.grants ?? memoryGrants(),
    tools: { deleteFile: deleteFileTool(deleted, options.grantScope ? { grantScope: options.grantScope } : {}) },
  });
  return { chat, requests, deleted };
}

/** Under fake timers: lets promises settle, without moving the clock, until `done`. */
async function untilFake(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await vi.advanceTimersByTimeAsync(0);
  expect(done()).toBe(true);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('"Approve" (allow-once)', () => {
  it('runs this call only: the next call of the tool asks again', async () => {
    const { chat, deleted } = chatWith({ script: [del('c1', '/tmp/a'), answer('Done.'), del('c2', '/tmp/b')] });
    void chat.sendMessage('Delete a');
    await waitingCall(chat, 'c1');
    expect(await chat.answerApproval('c1', { choice: 'allow-once' })).toEqual({ ok: true });
    await idle(chat);
    expect(deleted).toEqual(['/tmp/a']);
    expect(chat.getToolCall('c1')?.approval).toEqual({ approved: true, by: 'user', choice: 'allow-once' });
    expect(chat.getState().loop.grants).toEqual([]);

    void chat.sendMessage('Delete b');
    await waitingCall(chat, 'c2');
    expect(deleted).toEqual(['/tmp/a']);
    chat.dispose();
  });
});

describe('"Allow for this chat" (allow-chat)', () => {
  it('runs the later calls of the tool in this chat without asking, after a reload too, and not in another chat', async () => {
    const grants = memoryGrants();
    const deleted: string[] = [];
    const first = chatWith({ id: 'chat-1', grants, deleted, script: [del('c1', '/tmp/a'), answer('Done.'), del('c2', '/tmp/b'), answer('Done.')] });
    void first.chat.sendMessage('Delete a');
    await waitingCall(first.chat, 'c1');
    expect(await first.chat.answerApproval('c1', { choice: 'allow-chat' })).toEqual({ ok: true });
    await idle(first.chat);
    expect(await grants.load()).toMatchObject([{ toolName: 'deleteFile', chatId: 'chat-1' }]);

    await first.chat.sendMessage('Delete b');
    await idle(first.chat);
    expect(deleted).toEqual(['/tmp/a', '/tmp/b']);
    expect(first.chat.getToolCall('c2')?.approval).toMatchObject({ approved: true, by: 'grant' });
    first.chat.dispose();

    // The same chat after a reload: the grant is kept with the user's grants, not in the chat.
    const reloaded = chatWith({ id: 'chat-1', grants: memoryGrants(await grants.load()), deleted, script: [del('c3', '/tmp/c'), answer('Done.')] });
    await reloaded.chat.sendMessage('Delete c');
    await idle(reloaded.chat);
    expect(deleted).toEqual(['/tmp/a', '/tmp/b', '/tmp/c']);
    reloaded.chat.dispose();

    const other = chatWith({ id: 'chat-2', grants, deleted, script: [del('d1', '/tmp/d')] });
    void other.chat.sendMessage('Delete d');
    await waitingCall(other.chat, 'd1');
    expect(deleted).not.toContain('/tmp/d');
    other.chat.dispose();
  });

  it('answers the other calls of the tool that wait in this chat', async () => {
    const { chat, deleted } = chatWith({ id: 'chat-1', script: [callTools({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/a' } }, { toolCallId: 'c2', toolName: 'deleteFile', input: { path: '/b' } }), answer('Done.')] });
    void chat.sendMessage('Delete a and b');
    await waitingCall(chat, 'c1');
    await waitingCall(chat, 'c2');
    await chat.answerApproval('c1', { choice: 'allow-chat' });
    await idle(chat);
    expect(deleted.sort()).toEqual(['/a', '/b']);
    expect(chat.getToolCall('c2')?.approval).toMatchObject({ approved: true, by: 'grant' });
    chat.dispose();
  });
});

describe('"Always allow" (allow-always)', () => {
  it('runs the tool without asking in every chat of the user, from a chat made before or after', async () => {
    const grants = memoryGrants();
    const deleted: string[] = [];
    const waiting = chatWith({ id: 'other', grants, deleted, script: [del('w1', '/w'), answer('Done.')] });
    void waiting.chat.sendMessage('Delete w');
    await waitingCall(waiting.chat, 'w1');

    const { chat } = chatWith({ id: 'mine', grants, deleted, script: [del('c1', '/a'), answer('Done.')] });
    void chat.sendMessage('Delete a');
    await waitingCall(chat, 'c1');
    await chat.answerApproval('c1', { choice: 'allow-always' });
    await idle(chat);
    // The grant reaches the other chat of the page at once: its waiting call runs.
    await idle(waiting.chat);
    expect(deleted.sort()).toEqual(['/a', '/w']);
    expect(await grants.load()).toEqual([{ toolName: 'deleteFile', grantedAt: expect.any(Number) }]);

    const later = chatWith({ id: 'later', grants, deleted, script: [del('l1', '/l'), answer('Done.')] });
    await later.chat.sendMessage('Delete l');
    await idle(later.chat);
    expect(deleted).toContain('/l');
    for (const each of [chat, waiting.chat, later.chat]) each.dispose();
  });
});

describe('a grant bound to a scope (the tool’s grantScope)', () => {
  it('covers the calls of the same scope only, and says so before the user commits', async () => {
    const { chat, deleted } = chatWith({ id: 'c', grantScope: folderOf, script: [del('c1', '/tmp/a'), answer('Done.'), del('c2', '/tmp/b'), answer('Done.'), del('c3', '/etc/passwd')] });
    void chat.sendMessage('Delete a');
    const waiting = await waitingCall(chat, 'c1');
    expect(waiting.approval).toEqual({ grantable: true, scope: '/tmp/' });
    await chat.answerApproval('c1', { choice: 'allow-always' });
    await idle(chat);
    expect(chat.getState().loop.grants).toMatchObject([{ toolName: 'deleteFile', scope: '/tmp/' }]);

    await chat.sendMessage('Delete b');
    await idle(chat);
    expect(deleted).toEqual(['/tmp/a', '/tmp/b']);

    void chat.sendMessage('Delete passwd');
    expect((await waitingCall(chat, 'c3')).approval).toEqual({ grantable: true, scope: '/etc/' });
    expect(deleted).toEqual(['/tmp/a', '/tmp/b']);
    chat.dispose();
  });

  it('a scope that cannot be read (grantScope throws) allows the call once only, with a clear error for the rest', async () => {
    const { chat, deleted } = chatWith({
      id: 'c',
      grantScope: () => {
        throw new Error('no scope');
      },
      script: [del('c1', '/tmp/a'), answer('Done.')],
    });
    void chat.sendMessage('Delete a');
    expect((await waitingCall(chat, 'c1')).approval).toEqual({ grantable: false });
    expect(await chat.answerApproval('c1', { choice: 'allow-always' })).toEqual({
      ok: false,
      error: 'This call of "deleteFile" can only be approved once: its scope could not be read',
    });
    expect(chat.getState().loop.grants).toEqual([]);
    expect(chat.getToolCall('c1')?.phase).toBe('awaiting-approval');
    await chat.answerApproval('c1', { choice: 'allow-once' });
    await idle(chat);
    expect(deleted).toEqual(['/tmp/a']);
    chat.dispose();
  });

  it('a stored grant whose scope does not match covers nothing', async () => {
    const grants = memoryGrants([{ toolName: 'deleteFile', scope: '/tmp/', grantedAt: 1 }, { toolName: 'deleteFile', scope: '/etc', chatId: 'c', grantedAt: 1 }]);
    const { chat, deleted } = chatWith({ id: 'c', grants, grantScope: folderOf, script: [del('c1', '/etc/passwd')] });
    void chat.sendMessage('Delete passwd');
    await waitingCall(chat, 'c1');
    expect(deleted).toEqual([]);
    chat.dispose();
  });
});

describe('"Deny" with a reason', () => {
  it('never runs the tool, and the model reads the reason', async () => {
    const { chat, requests, deleted } = chatWith({ script: [del('c1', '/tmp/a'), answer('Understood.')] });
    void chat.sendMessage('Delete a');
    await waitingCall(chat, 'c1');
    await chat.answerApproval('c1', { choice: 'deny', reason: '  keep it, it is the only copy  ' });
    await idle(chat);
    expect(deleted).toEqual([]);
    expect(chat.getToolCall('c1')).toMatchObject({ phase: 'denied', approval: { approved: false, by: 'user', choice: 'deny', reason: 'keep it, it is the only copy' } });
    expect(toolPartsOf(requests[1]!.messages).get('c1')).toMatchObject({
      state: 'output-error',
      errorText: 'The user denied running tool "deleteFile": keep it, it is the only copy',
    });
    chat.dispose();
  });
});

describe('"Edit" the arguments', () => {
  it('runs the call with the user’s arguments, and the model is told so', async () => {
    const { chat, requests, deleted } = chatWith({ script: [del('c1', '/home/me'), answer('Done.')] });
    void chat.sendMessage('Delete my home');
    await waitingCall(chat, 'c1');
    expect(await chat.answerApproval('c1', { choice: 'edit', input: { path: '/home/me/tmp' } })).toEqual({ ok: true });
    await idle(chat);
    expect(deleted).toEqual(['/home/me/tmp']);
    expect(chat.getToolCall('c1')).toMatchObject({
      phase: 'done',
      input: { path: '/home/me/tmp' },
      approval: { approved: true, by: 'user', choice: 'edit', editedFrom: { path: '/home/me' } },
    });
    const shown = toolPartsOf(chat.getState().messages).get('c1');
    expect(shown).toMatchObject({ state: 'output-available', input: { path: '/home/me/tmp' } });
    const sent = toolPartsOf(requests[1]!.messages).get('c1');
    expect(sent).toMatchObject({
      state: 'output-available',
      input: { path: '/home/me/tmp' },
      output: { note: expect.stringContaining('The user edited the arguments'), output: { deleted: '/home/me/tmp' } },
    });
    expect(sent).not.toHaveProperty('approval');
    chat.dispose();
  });

  it('an edit the schema refuses runs nothing: the call keeps waiting with the error, and a good edit then runs', async () => {
    const { chat, deleted } = chatWith({ script: [del('c1', '/tmp/a'), answer('Done.')] });
    void chat.sendMessage('Delete a');
    await waitingCall(chat, 'c1');
    const refused = await chat.answerApproval('c1', { choice: 'edit', input: { path: 'relative/path' } });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/^Invalid input for tool "deleteFile": ✖ .*\n {2}→ at path$/);
    expect(chat.getToolCall('c1')).toMatchObject({ phase: 'awaiting-approval', approval: { grantable: true, editError: !refused.ok && refused.error } });
    for (const hostile of [JSON.parse('{"path":"/x","__proto__":{"polluted":true}}'), { path: 1n }, { path: `/${'x'.repeat(1_000_001)}` }]) {
      const result = await chat.answerApproval('c1', { choice: 'edit', input: hostile });
      expect(result.ok).toBe(false);
    }
    expect(deleted).toEqual([]);
    expect(await chat.answerApproval('c1', { choice: 'edit', input: { path: '/tmp/b' } })).toEqual({ ok: true });
    await idle(chat);
    expect(deleted).toEqual(['/tmp/b']);
    chat.dispose();
  });

  it('answering a call that no longer waits is refused', async () => {
    const { chat } = chatWith({ script: [del('c1', '/tmp/a'), answer('Done.')] });
    void chat.sendMessage('Delete a');
    await waitingCall(chat, 'c1');
    chat.stop();
    expect(await chat.answerApproval('c1', { choice: 'edit', input: { path: '/tmp/b' } })).toEqual({ ok: false, error: 'Tool call "c1" is not waiting for approval' });
    expect(await chat.answerApproval('nope', { choice: 'allow-once' })).toEqual({ ok: false, error: 'Tool call "nope" is not waiting for approval' });
    chat.dispose();
  });
});

describe('revoking a grant', () => {
  it('makes the next call ask again; a call the grant already let run goes on', async () => {
    let release!: () => void;
    const started: string[] = [];
    const grants = memoryGrants([{ toolName: 'slowDelete', grantedAt: 1 }]);
    const { transport } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'slowDelete', input: { path: '/a' } }), answer('Done.'), callTools({ toolCallId: 'c2', toolName: 'slowDelete', input: { path: '/b' } })]);
    const chat = createToolChat({
      id: 'c',
      transport,
      grants,
      tools: {
        slowDelete: defineTool({
          inputSchema: z.object({ path: z.string() }),
          needsApproval: true,
          execute: async ({ path }) => {
            started.push(path);
            await new Promise<void>((resolve) => (release = resolve));
            return { deleted: path };
          },
        }),
      },
    });
    void chat.sendMessage('Delete a');
    await vi.waitFor(() => expect(chat.getToolCall('c1')?.phase).toBe('running'));
    // Revoked mid-round: the running call is not taken back.
    await chat.revokeGrant({ toolName: 'slowDelete' });
    expect(await grants.load()).toEqual([]);
    release();
    await idle(chat);
    expect(chat.getToolCall('c1')?.phase).toBe('done');

    void chat.sendMessage('Delete b');
    await waitingCall(chat, 'c2');
    expect(started).toEqual(['/a']);
    chat.dispose();
  });
});

describe('approvalTimeoutMs', () => {
  it('ends an unanswered call as expired and tells the model once; Stop before it still means cancelled', async () => {
    vi.useFakeTimers();
    const { transport, requests } = scriptedTransport([del('c1', '/tmp/a'), answer('Nobody answered.'), del('c2', '/tmp/b')]);
    const deleted: string[] = [];
    const chat = createToolChat({ transport, grants: memoryGrants(), approvalTimeoutMs: 60_000, tools: { deleteFile: deleteFileTool(deleted) } });
    void chat.sendMessage('Delete a');
    await untilFake(() => chat.getToolCall('c1')?.phase === 'awaiting-approval');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(chat.getToolCall('c1')?.phase).toBe('awaiting-approval');
    await vi.advanceTimersByTimeAsync(1);
    expect(chat.getToolCall('c1')).toMatchObject({ phase: 'expired', approval: { approved: false, by: 'timeout' } });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(toolPartsOf(requests[1]!.messages).get('c1')).toMatchObject({ state: 'output-error', errorText: 'Tool "deleteFile" was not run: nobody answered its approval request in time' });
    expect(toolPartsOf(chat.getState().messages).get('c1')).toMatchObject({ state: 'output-denied', approval: { approved: false, isAutomatic: true } });
    expect(await chat.answerApproval('c1', { choice: 'allow-once' })).toMatchObject({ ok: false });
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));

    void chat.sendMessage('Delete b');
    await untilFake(() => chat.getToolCall('c2')?.phase === 'awaiting-approval');
    chat.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(chat.getToolCall('c2')?.phase).toBe('cancelled');
    expect(requests).toHaveLength(3);
    expect(deleted).toEqual([]);
    chat.dispose();
  });

  it('is checked where it enters', () => {
    expect(() => createToolChat({ approvalTimeoutMs: 0 })).toThrow('`approvalTimeoutMs` must be a number greater than 0');
  });
});
