import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants, type ApprovalPolicy, type ApprovalPolicyRequest } from 'toolchat/core';
import { answer, callTools, scriptedTransport, toolPartsOf } from './script';

function toolsRecording(ran: string[]) {
  return {
    // Asks by its own rule.
    deleteFile: defineTool({
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: ({ path }) => (ran.push(`delete ${path}`), { deleted: path }),
    }),
    // Never asks by its own rule.
    readFile: defineTool({
      inputSchema: z.object({ path: z.string() }),
      execute: ({ path }) => (ran.push(`read ${path}`), { text: 'hello' }),
    }),
  };
}

function chatWith(approvalPolicy: ApprovalPolicy, script: Parameters<typeof scriptedTransport>[0], onError?: (error: Error) => void) {
  const ran: string[] = [];
  const { transport, requests } = scriptedTransport(script);
  const chat = createToolChat({ id: 'chat-7', transport, grants: memoryGrants(), tools: toolsRecording(ran), approvalPolicy, ...(onError ? { onError } : {}) });
  return { chat, ran, requests };
}

const call = (toolCallId: string, toolName: string, path: string) => callTools({ toolCallId, toolName, input: { path } });

afterEach(() => {
  vi.useRealTimers();
});

describe('an approval policy', () => {
  it('sees the tool, the validated input, the conversation and the chat id', async () => {
    const seen: ApprovalPolicyRequest[] = [];
    const { chat } = chatWith((request) => (seen.push(request), undefined), [call('c1', 'readFile', '/a'), answer('Done.')]);
    await chat.sendMessage('Read a');
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ toolName: 'readFile', toolCallId: 'c1', input: { path: '/a' }, chatId: 'chat-7' });
    expect(seen[0]!.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    chat.dispose();
  });

  it("'allow' runs a call that would ask, and its card says it was allowed automatically, with the reason", async () => {
    const { chat, ran } = chatWith(() => ({ decision: 'allow', reason: 'scratch files may go' }), [call('c1', 'deleteFile', '/tmp/x'), answer('Done.')]);
    await chat.sendMessage('Delete x');
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    expect(ran).toEqual(['delete /tmp/x']);
    expect(chat.getToolCall('c1')?.approval).toEqual({ approved: true, by: 'policy', reason: 'scratch files may go' });
    expect(toolPartsOf(chat.getState().messages).get('c1')).toMatchObject({
      state: 'output-available',
      approval: { approved: true, isAutomatic: true, reason: 'scratch files may go' },
    });
    chat.dispose();
  });

  it("'deny' refuses a call that would not ask, and the model reads the reason", async () => {
    const { chat, ran, requests } = chatWith(() => ({ decision: 'deny', reason: 'no reading on Sundays' }), [call('c1', 'readFile', '/a'), answer('OK.')]);
    await chat.sendMessage('Read a');
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    expect(ran).toEqual([]);
    expect(chat.getToolCall('c1')).toMatchObject({ phase: 'denied', approval: { approved: false, by: 'policy', reason: 'no reading on Sundays' } });
    expect(toolPartsOf(requests[1]!.messages).get('c1')).toMatchObject({
      state: 'output-error',
      errorText: 'The app\'s approval policy denied running tool "readFile": no reading on Sundays',
    });
    chat.dispose();
  });

  it("'ask' asks the user about a call that would not ask, with the reason on the card", async () => {
    const { chat, ran } = chatWith(async () => ({ decision: 'ask', reason: 'outside your home folder' }), [call('c1', 'readFile', '/etc/passwd'), answer('Done.')]);
    void chat.sendMessage('Read passwd');
    await vi.waitFor(() => expect(chat.getToolCall('c1')?.phase).toBe('awaiting-approval'));
    expect(chat.getToolCall('c1')?.approval).toEqual({ grantable: true, requestReason: 'outside your home folder' });
    expect(toolPartsOf(chat.getState().messages).get('c1')).toMatchObject({ state: 'approval-requested', approval: { requestReason: 'outside your home folder' } });
    expect(ran).toEqual([]);
    chat.approve('c1');
    await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
    expect(ran).toEqual(['read /etc/passwd']);
    chat.dispose();
  });

  it('with no opinion (undefined) leaves it to the tool and the user’s grants', async () => {
    const { chat, ran } = chatWith(() => undefined, [callTools({ toolCallId: 'r', toolName: 'readFile', input: { path: '/a' } }, { toolCallId: 'd', toolName: 'deleteFile', input: { path: '/b' } })]);
    void chat.sendMessage('Read a, delete b');
    await vi.waitFor(() => expect(chat.getToolCall('d')?.phase).toBe('awaiting-approval'));
    await vi.waitFor(() => expect(ran).toEqual(['read /a']));
    chat.dispose();
  });

  it('that throws, rejects or answers nonsense never runs a tool unasked: the user is asked, told why, and onError hears of it', async () => {
    const failing: ApprovalPolicy[] = [
      () => {
        throw new Error('OPA is down');
      },
      () => Promise.reject(new Error('OPA is down')),
      () => 'yes please' as never,
      () => ({ decision: 'maybe' }) as never,
    ];
    for (const policy of failing) {
      const errors: Error[] = [];
      const { chat, ran } = chatWith(policy, [call('c1', 'readFile', '/a')], (error) => errors.push(error));
      void chat.sendMessage('Read a');
      await vi.waitFor(() => expect(chat.getToolCall('c1')?.phase).toBe('awaiting-approval'));
      expect(chat.getToolCall('c1')?.approval?.requestReason).toMatch(/^The approval policy failed: /);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/^The approval policy failed: /);
      expect(ran).toEqual([]);
      chat.dispose();
    }
  });

  it('that hangs asks the user after 10 seconds; the call waits, never running, until then', async () => {
    vi.useFakeTimers();
    const { chat, ran } = chatWith(() => new Promise(() => {}), [call('c1', 'readFile', '/a')], () => {});
    void chat.sendMessage('Read a');
    for (let i = 0; i < 50 && chat.getToolCall('c1') === undefined; i++) await vi.advanceTimersByTimeAsync(0);
    expect(chat.getToolCall('c1')?.phase).toBe('pending');
    expect(chat.getState().activity.state).toBe('thinking');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(chat.getToolCall('c1')?.phase).toBe('awaiting-approval');
    expect(chat.getToolCall('c1')?.approval?.requestReason).toBe('The approval policy failed: it did not answer within 10 s');
    expect(ran).toEqual([]);
    chat.dispose();
  });

  it('is a function, checked where it enters', () => {
    expect(() => createToolChat({ approvalPolicy: 'allow' as never })).toThrow('`approvalPolicy` must be a function; got string.');
  });

  it('whatever it answers, a call runs only when it allows, the tool does not ask, or the user approves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<unknown>('allow', 'deny', 'ask', undefined, { decision: 'allow', reason: 'r' }, 'nonsense', null, 42, { decision: 'deny' }),
        fc.constantFrom('readFile', 'deleteFile'),
        fc.boolean(),
        async (decision, toolName, approves) => {
          const { chat, ran } = chatWith(() => decision as never, [call('c1', toolName, '/a'), answer('Done.')], () => {});
          void chat.sendMessage('Go');
          await vi.waitFor(() => expect(['awaiting-approval', 'done', 'denied']).toContain(chat.getToolCall('c1')?.phase));
          const asked = chat.getToolCall('c1')?.phase === 'awaiting-approval';
          if (asked) chat.answerApproval('c1', approves ? { choice: 'allow-once' } : { choice: 'deny' });
          await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
          const allowed = decision === 'allow' || (typeof decision === 'object' && decision !== null && (decision as { decision: string }).decision === 'allow');
          const undecided = decision === undefined;
          const shouldRun = allowed || (undecided && toolName === 'readFile') || (asked && approves);
          expect(ran.length).toBe(shouldRun ? 1 : 0);
          chat.dispose();
        },
      ),
      { numRuns: 40 },
    );
  });
});
