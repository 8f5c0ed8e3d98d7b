import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { tool, type UIMessage, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createChatHandler, type ApprovalPolicy, type ChatHandlerOptions, type UnverifiedToolPart } from 'toolchat/server';
import { textResponse, toolCallResponse } from '../support/mock-models';
import { SECRET, user } from './approved-call';
import { assistantMessage, chatRequest, readChunks } from './chat-stream';

// createChatHandler's side of the approval vocabulary: what a server approval tells the browser
// (the schema to check an edit, the scope of a grant), the user's edit checked again and run,
// the app's policy on server tools. "Allow for this chat" and "Always allow" are the browser's
// grants answering later approvals, each an ordinary approval: single use is tested beside it.

function deletingModel() {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }): Promise<{ stream: ReadableStream<LanguageModelV4StreamPart> }> =>
      prompt.some((message) => message.role === 'assistant' || message.role === 'tool')
        ? textResponse('Done.')
        : toolCallResponse([{ toolCallId: 'call_del', toolName: 'deleteFiles', input: { path: '/tmp/cache/a.txt' } }]),
  });
}

function deleteFiles(needsApproval = true) {
  const deleted = vi.fn(async ({ path }: { path: string }) => ({ deleted: path }));
  return {
    deleted,
    tools: { deleteFiles: tool({ description: 'Delete files', inputSchema: z.object({ path: z.string().startsWith('/tmp/') }), needsApproval, execute: deleted }) },
  };
}

function handlerWith(options: ChatHandlerOptions & { model?: MockLanguageModelV4 }) {
  return createChatHandler({ model: deletingModel(), secret: SECRET, ...options });
}

const send = async (handler: (request: Request) => Promise<Response>, body: unknown) => readChunks(await handler(chatRequest(body)));

function approvalRequest(chunks: UIMessageChunk[]) {
  const chunk = chunks.find((each) => each.type === 'tool-approval-request');
  if (chunk?.type !== 'tool-approval-request') throw new Error('no approval request');
  return chunk;
}

/** The browser's answer: approved, with the user's edit on the approval's descriptor when there is one. */
function answered(message: UIMessage, answer: { approved: boolean; editedInput?: unknown; reason?: string }): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (!('toolCallId' in part) || part.state !== 'approval-requested') return part;
      const descriptor = part.approval.descriptor as { toolchat?: Record<string, unknown> } | undefined;
      const edited = 'editedInput' in answer ? { descriptor: { ...descriptor, toolchat: { ...descriptor?.toolchat, editedInput: answer.editedInput } } } : {};
      return {
        ...part,
        state: 'approval-responded',
        approval: { ...part.approval, ...edited, approved: answer.approved, ...(answer.reason ? { reason: answer.reason } : {}) },
      } as UIMessage['parts'][number];
    }),
  };
}

function resultOf(chunks: UIMessageChunk[]) {
  const chunk = chunks.find((each) => (each.type === 'tool-output-available' || each.type === 'tool-output-error') && each.toolCallId === 'call_del');
  return chunk?.type === 'tool-output-available' ? { output: chunk.output } : chunk?.type === 'tool-output-error' ? { errorText: chunk.errorText } : undefined;
}

describe('given a server tool that needs approval', () => {
  it('its approval request tells the browser the input schema and the scope a grant would cover', async () => {
    const { tools } = deleteFiles();
    const handler = handlerWith({ tools, grantScopes: { deleteFiles: ({ path }: { path: string }) => path.slice(0, path.lastIndexOf('/') + 1) } });
    const request = approvalRequest(await send(handler, { id: 'chat-1', messages: [user] }));
    const own = (request.approvalDescriptor as { toolchat: { inputSchema: { properties: object }; scope: string; grantable: boolean } }).toolchat;
    expect(own.scope).toBe('/tmp/cache/');
    expect(own.grantable).toBe(true);
    expect(own.inputSchema.properties).toHaveProperty('path');
  });

  it('a scope function that throws makes the call approvable once only', async () => {
    const { tools } = deleteFiles();
    const handler = handlerWith({ tools, grantScopes: { deleteFiles: () => { throw new Error('no folder'); } } });
    const request = approvalRequest(await send(handler, { id: 'chat-1', messages: [user] }));
    expect(request.approvalDescriptor).toMatchObject({ toolchat: { grantable: false } });
  });

  it('an edited approval runs the call with the user\'s input, and the model is told so', async () => {
    const { tools, deleted } = deleteFiles();
    const model = deletingModel();
    const handler = handlerWith({ tools, model });
    const first = await send(handler, { id: 'chat-1', messages: [user] });
    const assistant = answered(await assistantMessage(first), { approved: true, editedInput: { path: '/tmp/cache/b.txt' } });
    const second = await send(handler, { id: 'chat-1', messages: [user, assistant] });
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(deleted.mock.calls[0]![0]).toEqual({ path: '/tmp/cache/b.txt' });
    expect(resultOf(second)).toEqual({ output: { deleted: '/tmp/cache/b.txt' } });
    const prompt = JSON.stringify(model.doStreamCalls.at(-1)?.prompt);
    expect(prompt).toContain('/tmp/cache/b.txt');
    expect(prompt).toContain('edited the arguments');
    expect(prompt).not.toContain('/tmp/cache/a.txt');

    // The next request verifies the result with its edit; the model still reads the edited call.
    const dropped: UnverifiedToolPart[] = [];
    const later = handlerWith({ tools, model, onUnverifiedToolPart: (part) => dropped.push(part) });
    const done = await assistantMessage(second, assistant);
    await send(later, { id: 'chat-1', messages: [user, done, { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Thanks' }] }] });
    expect(dropped).toEqual([]);
    expect(JSON.stringify(model.doStreamCalls.at(-1)?.prompt)).toContain('/tmp/cache/b.txt');
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('an edit the schema refuses runs nothing: the call ends with the schema\'s error', async () => {
    const { tools, deleted } = deleteFiles();
    const handler = handlerWith({ tools });
    const first = await send(handler, { id: 'chat-1', messages: [user] });
    const assistant = answered(await assistantMessage(first), { approved: true, editedInput: { path: '/etc/passwd' } });
    const second = await send(handler, { id: 'chat-1', messages: [user, assistant] });
    expect(deleted).not.toHaveBeenCalled();
    expect(resultOf(second)?.errorText).toMatch(/edited do not match its schema/);
  });

  it('an edit that is not plain JSON data (a prototype key) runs nothing', async () => {
    const { tools, deleted } = deleteFiles();
    const handler = handlerWith({ tools });
    const first = await send(handler, { id: 'chat-1', messages: [user] });
    const assistant = answered(await assistantMessage(first), { approved: true, editedInput: JSON.parse('{"path":"/tmp/x","__proto__":{"admin":true}}') });
    const second = await send(handler, { id: 'chat-1', messages: [user, assistant] });
    expect(deleted).not.toHaveBeenCalled();
    expect(resultOf(second)?.errorText).toMatch(/edited are invalid/);
  });

  it('an edit changed after the call ran does not verify: its result is dropped', async () => {
    const { tools } = deleteFiles();
    const handler = handlerWith({ tools });
    const first = await send(handler, { id: 'chat-1', messages: [user] });
    const assistant = answered(await assistantMessage(first), { approved: true, editedInput: { path: '/tmp/cache/b.txt' } });
    const done = await assistantMessage(await send(handler, { id: 'chat-1', messages: [user, assistant] }), assistant);
    const forged = JSON.parse(JSON.stringify(done).replaceAll('/tmp/cache/b.txt', '/tmp/other')) as UIMessage;
    const dropped: UnverifiedToolPart[] = [];
    const later = handlerWith({ tools, onUnverifiedToolPart: (part) => dropped.push(part) });
    await send(later, { id: 'chat-1', messages: [user, forged, { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Thanks' }] }] });
    expect(dropped).toEqual([{ toolCallId: 'call_del', toolName: 'deleteFiles', failed: 'result' }]);
  });

  it('a denial with a reason reaches the model', async () => {
    const { tools, deleted } = deleteFiles();
    const model = deletingModel();
    const handler = handlerWith({ tools, model });
    const first = await send(handler, { id: 'chat-1', messages: [user] });
    await send(handler, { id: 'chat-1', messages: [user, answered(await assistantMessage(first), { approved: false, reason: 'Keep the cache' })] });
    expect(deleted).not.toHaveBeenCalled();
    expect(JSON.stringify(model.doStreamCalls.at(-1)?.prompt)).toContain('Keep the cache');
  });
});

describe('given an approval policy on the handler', () => {
  const policyHandler = (policy: ApprovalPolicy, needsApproval = true, onApprovalPolicyError?: (error: Error) => void) => {
    const { tools, deleted } = deleteFiles(needsApproval);
    return { deleted, handler: handlerWith({ tools, approvalPolicy: policy, ...(onApprovalPolicyError ? { onApprovalPolicyError } : {}) }) };
  };

  it("'allow' runs the call without asking, automatically, with the reason", async () => {
    const seen = vi.fn<ApprovalPolicy>(() => ({ decision: 'allow', reason: 'Cache files are safe' }));
    const { handler, deleted } = policyHandler(seen);
    const chunks = await send(handler, { id: 'chat-9', messages: [user] });
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-approval-request', isAutomatic: true }));
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-approval-response', approved: true, reason: 'Cache files are safe' }));
    expect(seen.mock.calls[0]![0]).toMatchObject({ toolName: 'deleteFiles', input: { path: '/tmp/cache/a.txt' }, chatId: 'chat-9' });
    expect(seen.mock.calls[0]![0].messages.map((message) => message.id)).toEqual(['u1']);
  });

  it("'deny' refuses it with the reason; 'ask' asks even a tool without needsApproval", async () => {
    const denying = policyHandler(() => ({ decision: 'deny', reason: 'Not on Fridays' }));
    const denied = await send(denying.handler, { id: 'chat-1', messages: [user] });
    expect(denying.deleted).not.toHaveBeenCalled();
    expect(denied).toContainEqual(expect.objectContaining({ type: 'tool-approval-response', approved: false, reason: 'Not on Fridays' }));

    const asking = policyHandler(() => 'ask', false);
    expect(approvalRequest(await send(asking.handler, { id: 'chat-1', messages: [user] }))).toBeDefined();
    expect(asking.deleted).not.toHaveBeenCalled();
  });

  it('no opinion leaves it to needsApproval', async () => {
    const { handler, deleted } = policyHandler(() => undefined);
    expect(approvalRequest(await send(handler, { id: 'chat-1', messages: [user] }))).toBeDefined();
    expect(deleted).not.toHaveBeenCalled();
  });

  it('a policy that throws asks the user, says why, and is reported', async () => {
    const errors: Error[] = [];
    const { handler, deleted } = policyHandler(() => {
      throw new Error('policy store down');
    }, false, (error) => errors.push(error));
    const request = approvalRequest(await send(handler, { id: 'chat-1', messages: [user] }));
    expect(request.reason).toMatch(/policy failed: policy store down/);
    expect(deleted).not.toHaveBeenCalled();
    expect(errors.map((error) => error.message)).toEqual(['The approval policy failed: policy store down']);
  });

  it('a policy that answers nonsense asks the user', async () => {
    const { handler, deleted } = policyHandler((() => 'yes please') as unknown as ApprovalPolicy, false, () => {});
    expect(approvalRequest(await send(handler, { id: 'chat-1', messages: [user] })).reason).toMatch(/not 'allow', 'deny', 'ask'/);
    expect(deleted).not.toHaveBeenCalled();
  });

  it('a policy that hangs asks the user after 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { handler, deleted } = policyHandler(() => new Promise(() => {}), false, () => {});
      const answer = send(handler, { id: 'chat-1', messages: [user] });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(approvalRequest(await answer).reason).toMatch(/did not answer within 10 s/);
      expect(deleted).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
