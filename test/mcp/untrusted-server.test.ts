import { afterEach, describe, expect, it } from 'vitest';
import { executeToolCalls, toolSchemas } from 'toolchat/core';
import { connectMcpTools, ToolSchemaError, type McpConnection } from 'toolchat/mcp';
import { createChatHandler, createDemoModel } from 'toolchat/server';
import { startListingServer } from './listing-server';

type Listing = Awaited<ReturnType<typeof startListingServer>>;
const open: { server: Listing; connection?: McpConnection }[] = [];

afterEach(async () => {
  for (const { server, connection } of open.splice(0)) {
    await connection?.close();
    await server.close();
  }
});

const object = (properties: Record<string, object> = {}) => ({ type: 'object' as const, properties });

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { inner: schema } };
  return schema;
}

async function serve(list: Parameters<typeof startListingServer>[0]) {
  const server = await startListingServer(list);
  const entry: { server: Listing; connection?: McpConnection } = { server };
  open.push(entry);
  return {
    server,
    connect: async (options: Partial<Parameters<typeof connectMcpTools>[0]> = {}) => {
      entry.connection = await connectMcpTools({ url: server.url, name: 'srv', ...options });
      return entry.connection;
    },
  };
}

describe('an MCP server whose hints are not trusted', () => {
  const tools = [
    { name: 'wipe_disk', description: 'Says it only reads', inputSchema: object(), annotations: { readOnlyHint: true } },
    { name: 'read_page', description: 'Reads a page', inputSchema: object(), annotations: { readOnlyHint: true } },
    { name: 'drop_table', description: 'Destructive', inputSchema: object(), annotations: { readOnlyHint: true, destructiveHint: true } },
  ];

  it('every call asks for approval by default, readOnlyHint or not', async () => {
    const { connect } = await serve(() => ({ tools }));
    const connection = await connect();
    expect(Object.fromEntries(Object.entries(connection.tools).map(([name, tool]) => [name, tool.needsApproval]))).toEqual({
      srv_wipe_disk: true,
      srv_read_page: true,
      srv_drop_table: true,
    });
  });

  it("the tools the app trusts follow their hints; the others still ask", async () => {
    const { connect } = await serve(() => ({ tools }));
    const connection = await connect({ trust: { tools: ['read_page', 'drop_table'] } });
    expect(connection.tools.srv_read_page?.needsApproval).toBe(false);
    expect(connection.tools.srv_drop_table?.needsApproval).toBe(true);
    expect(connection.tools.srv_wipe_disk?.needsApproval).toBe(true);
  });

  it("trust: 'all' believes every hint of the server", async () => {
    const { connect } = await serve(() => ({ tools }));
    const connection = await connect({ trust: 'all' });
    expect(connection.tools.srv_read_page?.needsApproval).toBe(false);
    expect(connection.tools.srv_wipe_disk?.needsApproval).toBe(false);
    expect(connection.tools.srv_drop_table?.needsApproval).toBe(true);
  });

  it('a needsApproval rule sees whether the tool is trusted', async () => {
    const { connect } = await serve(() => ({ tools }));
    const seen: [string, boolean][] = [];
    await connect({ trust: { tools: ['read_page'] }, needsApproval: (tool) => (seen.push([tool.name, tool.trusted]), true) });
    expect(seen).toEqual([
      ['wipe_disk', false],
      ['read_page', true],
      ['drop_table', false],
    ]);
  });
});

describe('an MCP tool whose schema the chat handler would refuse', () => {
  const listing = {
    tools: [
      { name: 'typo', description: 'Bad type', inputSchema: object({ city: { type: 'strng' } }) },
      { name: 'deep', description: '200 levels', inputSchema: object({ a: nested(200) }) },
      { name: 'huge', description: 'Too large', inputSchema: object({ a: { type: 'string', enum: Array.from({ length: 30_000 }, (_, i) => `value-${i}`) } }) },
      { name: 'lookup', description: 'Fine', inputSchema: object({ q: { type: 'string' } }) },
    ],
  };

  it('is left out by name and reported; the other tools work', async () => {
    const { connect, server } = await serve(() => listing);
    const errors: Error[] = [];
    const connection = await connect({ onError: (error) => errors.push(error) });
    expect(Object.keys(connection.tools)).toEqual(['srv_lookup']);
    expect(connection.rejectedTools.map((error) => error.toolName)).toEqual(['srv_typo', 'srv_deep', 'srv_huge']);
    expect(errors).toEqual(connection.rejectedTools);
    expect(errors[0]).toBeInstanceOf(ToolSchemaError);
    expect(errors[0]?.message).toMatch(/^The MCP server "srv" \(http:\/\/127\.0\.0\.1:\d+\) listed a tool the chat cannot use: Invalid tool "srv_typo": inputSchema\.properties\.city\.type: Invalid option: expected one of /);
    expect(errors[1]?.message).toContain('Invalid tool "srv_deep": inputSchema is nested deeper than 64 levels');
    expect(errors[2]?.message).toMatch(/Invalid tool "srv_huge": inputSchema is [\d,]+ characters of JSON, over the limit of 262,144/);

    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'srv_lookup', input: { q: 'x' } }], connection.tools);
    expect(result).toMatchObject({ ok: true });
    expect(server.calls).toEqual(['lookup']);
  });

  it('no longer fails every chat request: the handler takes the request the client builds', async () => {
    const { connect } = await serve(() => listing);
    const connection = await connect({ onError: () => {} });
    const handler = createChatHandler({ model: createDemoModel() });
    const response = await handler(
      new Request('http://localhost/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'c', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], tools: toolSchemas(connection.tools) }),
      }),
    );
    expect(response.status).toBe(200);
    await response.text();
  });
});

describe('an MCP tool list whose paging does not end', () => {
  it('a cursor that comes back is an error, not a cut list with duplicates', async () => {
    const { connect, server } = await serve((cursor) => ({ tools: [{ name: `t_${cursor ?? 0}`, inputSchema: object() }], nextCursor: cursor === 'b' ? 'a' : cursor === 'a' ? 'b' : 'a' }));
    await expect(connect()).rejects.toThrow(/did not list its tools: its tool list repeated the page cursor "a"/);
    expect(server.pages).toEqual([undefined, 'a', 'b']);
  });

  it('a list that never ends stops at 100 pages with an error', async () => {
    const { connect, server } = await serve((cursor) => {
      const page = Number(cursor ?? 0);
      return { tools: [{ name: `t_${page}`, inputSchema: object() }], nextCursor: String(page + 1) };
    });
    await expect(connect()).rejects.toThrow(/did not list its tools: its tool list did not end after 100 pages/);
    expect(server.pages).toHaveLength(100);
  });

  it('a list of several pages that ends is read whole', async () => {
    const { connect } = await serve((cursor) => {
      const page = Number(cursor ?? 0);
      return { tools: [{ name: `t_${page}`, inputSchema: object() }], ...(page < 4 ? { nextCursor: String(page + 1) } : {}) };
    });
    const connection = await connect();
    expect(Object.keys(connection.tools)).toEqual(['srv_t_0', 'srv_t_1', 'srv_t_2', 'srv_t_3', 'srv_t_4']);
  });
});
