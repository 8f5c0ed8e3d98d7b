import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants, type ToolLoopEvent } from 'toolchat/core';
import { answer, deferred, scriptedTransport } from './script';

function deleteFile(deleted: string[]) {
  return defineTool({
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      deleted.push(path);
      return { deleted: path };
    },
  });
}

const ORIGIN = 'mcp-app:c1';
const callsOf = (chat: ReturnType<typeof createToolChat>) => [...chat.getState().loop.calls.values()];

describe('chat.runToolCall: a call the model did not make (an MCP App’s own call)', () => {
  it('runs it through the loop and resolves with the tool’s own output, never touching the conversation', async () => {
    const { transport, requests } = scriptedTransport([]);
    const results: unknown[] = [];
    const tools = { add: defineTool({ inputSchema: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => ({ sum: a + b }) }) };
    const chat = createToolChat({ transport, tools, grants: memoryGrants(), onToolResult: (_name, result) => results.push(result) });

    const result = await chat.runToolCall({ toolName: 'add', input: { a: 2, b: 3 }, origin: ORIGIN });

    expect(result).toMatchObject({ ok: true, output: { sum: 5 }, toolName: 'add' });
    expect(result.toolCallId.startsWith(`${ORIGIN}:`)).toBe(true);
    expect(chat.getState().messages).toEqual([]);
    expect(requests).toHaveLength(0);
    expect(callsOf(chat)).toMatchObject([{ toolName: 'add', phase: 'done', origin: ORIGIN }]);
    expect(results).toHaveLength(1);
    chat.dispose();
  });

  it('validates the input against the tool’s schema: a bad input is an error result, and the tool does not run', async () => {
    const execute = vi.fn(() => 'ran');
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants(), tools: { add: defineTool({ inputSchema: z.object({ a: z.number() }), execute }) } });
    const result = await chat.runToolCall({ toolName: 'add', input: { a: 'two' }, origin: ORIGIN });
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.error).toMatch(/Invalid input for tool "add"/);
    expect(execute).not.toHaveBeenCalled();
    chat.dispose();
  });

  it('refuses a tool the chat does not have', async () => {
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants() });
    const result = await chat.runToolCall({ toolName: 'toString', input: {}, origin: ORIGIN });
    expect(result).toMatchObject({ ok: false, error: 'Tool "toString" is not available' });
    chat.dispose();
  });

  it('asks for approval as any call does: nothing runs until the user approves, and a denial is the result', async () => {
    const deleted: string[] = [];
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants(), tools: { deleteFile: deleteFile(deleted) } });

    const first = chat.runToolCall({ toolName: 'deleteFile', input: { path: '/a' }, origin: ORIGIN });
    await vi.waitFor(() => expect(callsOf(chat)[0]?.phase).toBe('awaiting-approval'));
    expect(chat.getState().activity.state).toBe('awaiting-approval');
    expect(deleted).toEqual([]);
    chat.deny(callsOf(chat)[0]!.toolCallId, 'not now');
    expect(await first).toMatchObject({ ok: false, error: 'The user denied running tool "deleteFile": not now' });

    const second = chat.runToolCall({ toolName: 'deleteFile', input: { path: '/b' }, origin: ORIGIN });
    await vi.waitFor(() => expect(callsOf(chat)[1]?.phase).toBe('awaiting-approval'));
    chat.approve(callsOf(chat)[1]!.toolCallId);
    // A second answer changes nothing: one result per call.
    chat.deny(callsOf(chat)[1]!.toolCallId);
    expect(await second).toMatchObject({ ok: true, output: { deleted: '/b' } });
    expect(deleted).toEqual(['/b']);
    chat.dispose();
  });

  it('runs without asking once the user chose "Always allow" for the tool', async () => {
    const deleted: string[] = [];
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants(), tools: { deleteFile: deleteFile(deleted) } });
    chat.alwaysAllow('deleteFile');
    expect(await chat.runToolCall({ toolName: 'deleteFile', input: { path: '/c' }, origin: ORIGIN })).toMatchObject({ ok: true });
    expect(deleted).toEqual(['/c']);
    chat.dispose();
  });

  it('runs the `tool` it is given (a tool only the app may call), under the loop’s rules', async () => {
    const deleted: string[] = [];
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants() });
    const pending = chat.runToolCall({ toolName: 'refresh', input: { path: '/d' }, tool: deleteFile(deleted), origin: ORIGIN });
    await vi.waitFor(() => expect(callsOf(chat)[0]?.phase).toBe('awaiting-approval'));
    chat.approve(callsOf(chat)[0]!.toolCallId);
    expect(await pending).toMatchObject({ ok: true, output: { deleted: '/d' } });
    chat.dispose();
  });

  it('ends as cancelled on Stop, while waiting for approval or running, and the tool sees its signal abort', async () => {
    const gate = deferred<void>();
    let aborted = false;
    const slow = defineTool({
      inputSchema: z.object({}),
      execute: async (_input, { signal }) => {
        signal.addEventListener('abort', () => (aborted = true));
        await gate.promise;
        return 'late';
      },
    });
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants(), tools: { slow, deleteFile: deleteFile([]) } });
    const running = chat.runToolCall({ toolName: 'slow', input: {}, origin: ORIGIN });
    const waiting = chat.runToolCall({ toolName: 'deleteFile', input: { path: '/e' }, origin: ORIGIN });
    await vi.waitFor(() => expect(callsOf(chat).map((call) => call.phase)).toEqual(['running', 'awaiting-approval']));
    chat.stop();
    expect(await running).toMatchObject({ ok: false, error: 'Tool "slow" was cancelled by the user' });
    expect(await waiting).toMatchObject({ ok: false, error: 'Tool "deleteFile" was cancelled by the user' });
    expect(aborted).toBe(true);
    gate.resolve();
    chat.dispose();
  });

  it('ends as cancelled when the caller’s signal aborts (the app went away)', async () => {
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants(), tools: { deleteFile: deleteFile([]) } });
    const controller = new AbortController();
    const pending = chat.runToolCall({ toolName: 'deleteFile', input: { path: '/f' }, origin: ORIGIN, signal: controller.signal });
    await vi.waitFor(() => expect(callsOf(chat)[0]?.phase).toBe('awaiting-approval'));
    controller.abort();
    expect(await pending).toMatchObject({ ok: false });
    expect(callsOf(chat)[0]?.phase).toBe('cancelled');
    chat.dispose();
  });

  it('never blocks the user: a message goes at once while an app’s call runs', async () => {
    const gate = deferred<void>();
    const slow = defineTool({ inputSchema: z.object({}), execute: async () => gate.promise.then(() => 'done') });
    const { transport, requests } = scriptedTransport([answer('Hello.')]);
    const chat = createToolChat({ transport, grants: memoryGrants(), tools: { slow } });
    const pending = chat.runToolCall({ toolName: 'slow', input: {}, origin: ORIGIN });
    await vi.waitFor(() => expect(callsOf(chat)[0]?.phase).toBe('running'));
    await chat.sendMessage('Hi');
    expect(requests).toHaveLength(1);
    // The app's call is not part of what the model gets.
    expect(JSON.stringify(requests[0]!.messages)).not.toContain('slow');
    gate.resolve();
    expect(await pending).toMatchObject({ ok: true, output: 'done' });
    chat.dispose();
  });

  it('logs the call like any other', async () => {
    const events: ToolLoopEvent[] = [];
    const chat = createToolChat({ transport: scriptedTransport([]).transport, grants: memoryGrants(), onEvent: (event) => events.push(event), tools: { echo: defineTool({ inputSchema: z.object({}), execute: () => 'hi' }) } });
    await chat.runToolCall({ toolName: 'echo', input: {}, origin: ORIGIN });
    await vi.waitFor(() => expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['tool-call-start', 'tool-call-end'])));
    chat.dispose();
  });
});
