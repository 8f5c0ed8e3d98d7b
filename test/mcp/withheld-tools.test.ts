import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { jsonSchema, type UIMessage } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants, type ToolChat, type ToolChatOptions, type ToolSet } from 'toolchat/core';
import { connectMcpTools, type McpConnection } from 'toolchat/mcp';
import { createChatHandler, memoryReplayStore } from 'toolchat/server';
import { approvalBody, deleteFilesTool, handlerWith, resultOf } from '../server/approved-call';
import { chatRequest, readChunks } from '../server/chat-stream';
import { textResponse, toolCallResponse } from '../support/mock-models';
import { startListingServer } from './listing-server';

/**
 * The loop runs only what the model was offered: a tool withheld from it (refused for its schema,
 * left out by the MCP connection, disabled on the final round, removed by `setOptions`) is an
 * unknown tool when the model calls it by name anyway, on a real handler and a real MCP server.
 */

type Listing = Awaited<ReturnType<typeof startListingServer>>;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function mcpServer(): Promise<{ server: Listing; connection: McpConnection }> {
  const server = await startListingServer(() => ({
    tools: [
      { name: 'typo', inputSchema: { type: 'object', properties: { city: { type: 'strng' } } } },
      { name: 'lookup', inputSchema: { type: 'object', properties: {} } },
    ],
  }));
  cleanup.push(() => server.close());
  const connection = await connectMcpTools({ url: server.url, name: 'srv', needsApproval: false });
  cleanup.push(() => connection.close());
  return { server, connection };
}

/** A text answer that writes the legacy `###:` marker of each call (a text-only model). */
function markerResponse(...calls: { toolName: string; parameters: object }[]) {
  return textResponse(calls.map((call) => `###:${JSON.stringify(call)}`).join('\n'));
}

/** A model that answers each request with the next response, and records what it was offered. */
function scriptedModel(responses: ((options: LanguageModelV4CallOptions) => { stream: ReadableStream<LanguageModelV4StreamPart> })[]) {
  const offered: string[][] = [];
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      offered.push((options.tools ?? []).map((tool) => tool.name));
      prompts.push(JSON.stringify(options.prompt));
      const next = responses.shift() ?? (() => textResponse('Done.'));
      return next(options);
    },
  });
  return { model, offered, prompts };
}

/** The chat's options on this handler (`setOptions` replaces them all: pass these again). */
const on = (handler: (request: Request) => Promise<Response>, options: Partial<ToolChatOptions>): ToolChatOptions => ({
  api: 'http://localhost/api/chat',
  fetch: (input, init) => handler(new Request(input, init)),
  grants: memoryGrants(),
  ...options,
});

function chatOn(handler: (request: Request) => Promise<Response>, options: Partial<ToolChatOptions>): ToolChat {
  const chat = createToolChat(on(handler, options));
  cleanup.push(() => chat.dispose());
  return chat;
}

const toolPart = (chat: ToolChat, toolCallId: string) =>
  chat
    .getState()
    .messages.flatMap((message: UIMessage) => message.parts)
    .find((part) => 'toolCallId' in part && part.toolCallId === toolCallId) as { state: string; errorText?: string; output?: unknown } | undefined;
const idle = (chat: ToolChat) => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'), { timeout: 10_000 });

describe('a tool withheld from the model does not run when the model calls it by name', () => {
  it('refused for its schema, or left out by the MCP connection: an unknown tool, the offered ones run', async () => {
    const { server, connection } = await mcpServer();
    expect(connection.rejectedTools.map((error) => error.toolName)).toEqual(['srv_typo']);
    const badSchema = vi.fn(() => 'ran');
    const tools: ToolSet = {
      ...connection.tools,
      // The app's own tool whose JSON Schema the handler would refuse: left out of requests.
      badSchema: defineTool({ inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: { a: { type: 'strng' } } } as never), execute: badSchema }),
    };
    const errors: Error[] = [];
    const { model, offered } = scriptedModel([
      () =>
        markerResponse(
          { toolName: 'srv_typo', parameters: { city: 'Paris' } },
          { toolName: 'badSchema', parameters: {} },
          { toolName: 'srv_lookup', parameters: {} },
        ),
    ]);
    const handler = createChatHandler({ model, toolMarkers: true, env: { NODE_ENV: 'test' } });
    const chat = chatOn(handler, { tools, toolMarkers: 'on', onError: (error) => errors.push(error) });
    await chat.sendMessage('Go');
    await idle(chat);

    const calls = [...chat.getState().loop.calls.values()];
    const byName = new Map(calls.map((call) => [call.toolName, call]));
    expect(byName.get('srv_typo')).toMatchObject({ phase: 'error', error: 'Tool "srv_typo" is not available' });
    expect(byName.get('badSchema')).toMatchObject({ phase: 'error', error: 'Tool "badSchema" is not available' });
    expect(byName.get('srv_lookup')).toMatchObject({ phase: 'done' });
    expect(badSchema).not.toHaveBeenCalled();
    expect(server.calls).toEqual(['lookup']);
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('Invalid tool "badSchema"')]);
    // The handler's prompt told the model of the offered tools only (text-only: in the system prompt).
    expect(offered).toHaveLength(2);
  });

  it('on the forced final round (tools disabled), a call the model makes anyway does not run', async () => {
    const { server, connection } = await mcpServer();
    const { model } = scriptedModel([
      () => markerResponse({ toolName: 'srv_lookup', parameters: {} }),
      () => markerResponse({ toolName: 'srv_lookup', parameters: {} }),
      () => markerResponse({ toolName: 'srv_lookup', parameters: {} }),
    ]);
    const handler = createChatHandler({ model, toolMarkers: true, env: { NODE_ENV: 'test' } });
    const chat = chatOn(handler, { tools: connection.tools, toolMarkers: 'on', maxToolRounds: 1 });
    await chat.sendMessage('Go');
    await idle(chat);
    const calls = [...chat.getState().loop.calls.values()];
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ phase: 'done' });
    expect(calls[1]).toMatchObject({ phase: 'error', error: 'Tool "srv_lookup" is not available' });
    expect(server.calls).toEqual(['lookup']);
  });

  it('removed by setOptions while its call waits for approval: approved later, it does not run', { timeout: 20_000 }, async () => {
    const { server, connection } = await mcpServer();
    const tools = { srv_lookup: { ...connection.tools.srv_lookup!, needsApproval: true } };
    const { model } = scriptedModel([() => toolCallResponse([{ toolCallId: 'c1', toolName: 'srv_lookup', input: {} }]), () => textResponse('It is gone.')]);
    const handler = createChatHandler({ model, env: { NODE_ENV: 'test' } });
    const chat = chatOn(handler, { tools });
    void chat.sendMessage('Go');
    await vi.waitFor(() => expect(toolPart(chat, 'c1')?.state).toBe('approval-requested'), { timeout: 10_000 });
    chat.setOptions(on(handler, { tools: {} }));
    chat.approve('c1');
    await idle(chat);
    expect(toolPart(chat, 'c1')).toMatchObject({ state: 'output-error', errorText: 'Tool "srv_lookup" is not available' });
    expect(server.calls).toEqual([]);
  });

  it('added by setOptions after the request went out: the model was not offered it, so its call does not run', async () => {
    const late = vi.fn(() => 'ran');
    const { model } = scriptedModel([
      () => {
        // The app adds the tool while the model answers.
        chat.setOptions({ ...on(handler, options), tools: { weather, late: defineTool({ inputSchema: z.object({}), execute: late }) } });
        return markerResponse({ toolName: 'late', parameters: {} });
      },
    ]);
    const weather = defineTool({ inputSchema: z.object({ city: z.string() }), execute: ({ city }) => `sunny in ${city}` });
    const handler = createChatHandler({ model, toolMarkers: true, env: { NODE_ENV: 'test' } });
    const options = { tools: { weather }, toolMarkers: 'on' as const };
    const chat = chatOn(handler, options);
    await chat.sendMessage('Go');
    await idle(chat);
    expect([...chat.getState().loop.calls.values()][0]).toMatchObject({ phase: 'error', error: 'Tool "late" is not available' });
    expect(late).not.toHaveBeenCalled();
  });
});

describe('the handler, for its own server tools', () => {
  const post = (handler: (request: Request) => Promise<Response>, body: object) =>
    handler(new Request('http://localhost/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Clean up' }] };

  it('on the final round (toolsDisabled) a server tool the model calls anyway does not run; the model reads an unknown tool', async () => {
    const execute = vi.fn(async () => ({ deleted: true }));
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
          { type: 'tool-call', toolCallId: 'd1', toolName: 'deleteFiles', input: '{}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } },
        ]),
      }),
    });
    const handler = createChatHandler({
      model,
      env: { NODE_ENV: 'test' },
      tools: { deleteFiles: { description: 'Deletes', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute } },
    });
    const response = await post(handler, { id: 'chat', messages: [user], toolsDisabled: true });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(execute).not.toHaveBeenCalled();
    expect(text).toMatch(/"type":"tool-input-error","toolCallId":"d1","toolName":"deleteFiles","input":\{\},"errorText":"Model tried to call unavailable tool 'deleteFiles'/);
  });
});

describe('the handler, a server-tool call approved before the final round', () => {
  it('runs once in the final round (toolsDisabled): the model was offered the tool when it made the call', async () => {
    const { tools, deleted } = deleteFilesTool();
    const handler = handlerWith({ tools, replayStore: memoryReplayStore(), env: { NODE_ENV: 'test' } });
    const body = await approvalBody(handler, 'chat-final');
    const chunks = await readChunks(await handler(chatRequest({ ...body, toolsDisabled: true })));
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(resultOf(chunks)).toEqual({ output: { deleted: '/tmp/cache', at: 1 } });
  });
});
