import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeToolCalls } from 'toolchat/core';
import { connectMcpTools, type McpConnection } from 'toolchat/mcp';
import { startHostileAppServer, type HostileAppServer } from './hostile-app-server';

describe('connectMcpTools and MCP Apps metadata', () => {
  let server: HostileAppServer;
  beforeAll(async () => {
    server = await startHostileAppServer();
  });
  afterAll(() => server?.close());

  it('offers the model every tool but those only an app may call (`visibility: ["app"]`)', async () => {
    const connection = await connectMcpTools({ url: server.url, name: 'h' });
    expect(Object.keys(connection.tools)).toContain('h_model_only');
    expect(Object.keys(connection.tools)).toContain('h_hostile_app');
    expect(Object.keys(connection.tools)).not.toContain('h_app_only');
    await connection.close();
  });
});

describe('a server’s question while its tool runs (elicitation, form mode)', () => {
  let server: HostileAppServer;
  let connection: McpConnection;
  const errors: Error[] = [];
  beforeAll(async () => {
    server = await startHostileAppServer();
    connection = await connectMcpTools({ url: server.url, name: 'h', needsApproval: false, onError: (error) => errors.push(error), elicitationTimeoutMs: 200 });
  });
  afterAll(async () => {
    await connection?.close();
    await server?.close();
  });

  const ask = (tool = 'h_ask', signal?: AbortSignal) => executeToolCalls([{ toolCallId: `c-${tool}`, toolName: tool, input: {} }], connection.tools, signal ? { signal } : {});
  const question = () => vi.waitFor(() => {
    const [first] = connection.elicitations.pending;
    if (!first) throw new Error('no question yet');
    return first;
  });

  it('waits in `elicitations` with the call it belongs to, and the server gets the user’s answer', async () => {
    const running = ask();
    const asked = await question();
    expect(asked).toMatchObject({ toolCallId: 'c-h_ask', message: 'Who are you?', requestedSchema: { type: 'object', required: ['name', 'age'] } });
    asked.respond({ action: 'accept', content: { name: 'Ada', age: 36 } });
    // Only the first answer counts.
    asked.respond({ action: 'decline' });
    const [result] = await running;
    expect(result).toMatchObject({ ok: true });
    expect(server.answers.at(-1)).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    expect(connection.elicitations.pending).toEqual([]);
  });

  it('answers cancel when the call is stopped', async () => {
    const controller = new AbortController();
    const running = ask('h_ask', controller.signal);
    await question();
    controller.abort();
    await running;
    await vi.waitFor(() => expect(server.answers.at(-1)).toEqual({ action: 'cancel' }));
    expect(connection.elicitations.pending).toEqual([]);
  });

  it('answers cancel when nobody answers in time', async () => {
    const running = ask();
    await question();
    await running;
    expect(server.answers.at(-1)).toEqual({ action: 'cancel' });
  });

  it('refuses an endless or invalid schema with an error that says why, also to onError', async () => {
    await ask('h_ask_endless');
    expect(JSON.stringify(server.answers.at(-1))).toMatch(/its schema has 500 fields \(at most 30\)/);
    await ask('h_ask_invalid');
    expect(JSON.stringify(server.answers.at(-1))).toMatch(/the field \\"address\\" is of type \\"object\\"/);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/asked a question the chat refused: its schema has 500 fields/),
      expect.stringMatching(/asked a question the chat refused: the field "address" is of type "object"/),
    ]);
    expect(connection.elicitations.pending).toEqual([]);
  });
});

describe('a client that does not offer elicitation', () => {
  it('is never asked: the server gets "Method not found"', async () => {
    const server = await startHostileAppServer();
    const connection = await connectMcpTools({ url: server.url, name: 'h', needsApproval: false, elicitation: false });
    await executeToolCalls([{ toolCallId: 'c1', toolName: 'h_ask', input: {} }], connection.tools);
    expect(JSON.stringify(server.answers.at(-1))).toMatch(/Method not found/);
    await connection.close();
    await server.close();
  });
});
