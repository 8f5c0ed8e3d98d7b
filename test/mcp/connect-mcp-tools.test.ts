import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeToolCalls, toolSchemas } from 'toolchat/core';
import { connectMcpTools, McpConnectionError, type McpConnection } from 'toolchat/mcp';
import { startExampleMcpServer, type ExampleMcpServer } from '../../demo/mcp-server';

describe('connectMcpTools against a real MCP server on 127.0.0.1', () => {
  let server: ExampleMcpServer;
  const open: McpConnection[] = [];
  const connect = async (options: Partial<Parameters<typeof connectMcpTools>[0]> = {}) => {
    const connection = await connectMcpTools({ url: server.url, name: 'example', ...options });
    open.push(connection);
    return connection;
  };
  const callsOf = (tool: string, type: 'call' | 'cancelled' | 'completed') =>
    server.events.filter((event) => event.tool === tool && event.type === type).length;

  beforeAll(async () => {
    server = await startExampleMcpServer({ port: 0 });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.close()));
    server.setExtraTool(false);
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists the server's tools under prefixed names, with their JSON Schemas for the model", async () => {
    const connection = await connect();
    expect(Object.keys(connection.tools).sort()).toEqual([
      'example_add_note',
      'example_add_numbers',
      'example_check_service',
      'example_count_slowly',
      'example_delete_note',
      'example_draw_square',
      'example_list_notes',
      'example_pick_color',
    ]);
    expect(connection.server).toMatchObject({ name: 'toolchat-example', version: '1.0.0', transport: 'streamable-http' });
    expect(toolSchemas(connection.tools).example_add_numbers).toEqual({
      description: 'Adds two numbers and returns the sum.',
      inputSchema: expect.objectContaining({
        type: 'object',
        properties: { a: { type: 'number', description: 'First number' }, b: { type: 'number', description: 'Second number' } },
        required: ['a', 'b'],
      }),
    });
  });

  it('asks for approval for every tool, and believes the hints of trusted ones, unless told otherwise', async () => {
    const untrusted = await connect();
    expect(Object.values(untrusted.tools).every((tool) => tool.needsApproval === true)).toBe(true);
    const connection = await connect({ trust: 'all' });
    const approval = Object.fromEntries(Object.entries(connection.tools).map(([name, tool]) => [name, tool.needsApproval]));
    expect(approval).toMatchObject({
      example_add_numbers: false,
      example_list_notes: false,
      example_add_note: true,
      example_delete_note: true,
    });
    const trusting = await connect({ needsApproval: (tool) => tool.name === 'delete_note' });
    expect(trusting.tools.example_add_note?.needsApproval).toBe(false);
    expect(trusting.tools.example_delete_note?.needsApproval).toBe(true);
  });

  it('calls a tool and returns its text and structured content', async () => {
    const connection = await connect();
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_add_numbers', input: { a: 2, b: 3 } }], connection.tools);
    expect(result).toEqual({
      toolCallId: 'c1',
      toolName: 'example_add_numbers',
      ok: true,
      output: { content: [{ type: 'text', text: '2 + 3 = 5' }], structuredContent: { sum: 5 } },
    });
  });

  it("refuses input that fails the tool's JSON Schema in the browser: the server never sees the call", async () => {
    const connection = await connect();
    const before = callsOf('add_numbers', 'call');
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_add_numbers', input: { a: 'two' } }], connection.tools);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid input for tool "example_add_numbers": ✖ /) });
    expect(result?.ok === false && result.error).toMatch(/→ at a/);
    expect(result?.ok === false && result.error).toMatch(/"b"/);
    expect(callsOf('add_numbers', 'call')).toBe(before);
  });

  it('turns an isError result into an error result with the server’s message', async () => {
    const connection = await connect();
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_check_service', input: {} }], connection.tools);
    expect(result).toEqual({
      toolCallId: 'c1',
      toolName: 'example_check_service',
      ok: false,
      error: 'The upstream service is down (HTTP 503). Try again later.',
    });
  });

  it('returns images as MCP image content the UI can show', async () => {
    const connection = await connect();
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_draw_square', input: { color: 'blue' } }], connection.tools);
    expect(result?.ok).toBe(true);
    const output = result?.ok ? (result.output as { content: Array<{ type: string; mimeType?: string; data?: string }> }) : undefined;
    expect(output?.content[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from(output?.content[1]?.data ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it("gives the server's progress notifications as preliminary outputs, then the result", async () => {
    const connection = await connect();
    const seen: unknown[] = [];
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_count_slowly', input: { seconds: 2 } }], connection.tools, {
      onPreliminaryOutput: (_id, output) => seen.push(output),
    });
    const final = { content: [{ type: 'text', text: 'Counted to 2.' }] };
    expect(result).toMatchObject({ ok: true, output: final });
    expect(seen).toEqual([{ progress: 1, total: 2 }, { progress: 2, total: 2 }, final]);
  });

  it('sends MCP cancellation when the loop aborts a call (Stop), and the server sees it', async () => {
    const connection = await connect();
    const stop = new AbortController();
    const before = callsOf('count_slowly', 'cancelled');
    const running = executeToolCalls([{ toolCallId: 'c1', toolName: 'example_count_slowly', input: { seconds: 60 } }], connection.tools, {
      signal: stop.signal,
    });
    await expect.poll(() => callsOf('count_slowly', 'call') > callsOf('count_slowly', 'cancelled') + callsOf('count_slowly', 'completed')).toBe(true);
    stop.abort();
    expect(await running).toEqual([{ toolCallId: 'c1', toolName: 'example_count_slowly', ok: false, error: 'Tool "example_count_slowly" was cancelled by the user' }]);
    await expect.poll(() => callsOf('count_slowly', 'cancelled')).toBe(before + 1);
  });

  it('sends MCP cancellation when a call times out', async () => {
    const connection = await connect({ timeoutMs: 300 });
    const before = callsOf('count_slowly', 'cancelled');
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_count_slowly', input: { seconds: 60 } }], connection.tools);
    expect(result).toMatchObject({ ok: false, error: 'Tool "example_count_slowly" timed out after 300 ms' });
    await expect.poll(() => callsOf('count_slowly', 'cancelled')).toBe(before + 1);
  });

  it('follows tools/list_changed: a tool the server adds appears, and goes when it is removed', async () => {
    const connection = await connect();
    const listener = vi.fn();
    connection.subscribe(listener);
    server.setExtraTool(true);
    await expect.poll(() => 'example_shout' in connection.tools).toBe(true);
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_shout', input: { text: 'hi' } }], connection.tools);
    expect(result).toMatchObject({ ok: true, output: { content: [{ type: 'text', text: 'HI' }] } });
    server.setExtraTool(false);
    await expect.poll(() => 'example_shout' in connection.tools).toBe(false);
    expect(listener).toHaveBeenCalled();
  });

  it('keeps two servers apart by their names', async () => {
    const first = await connect({ name: 'left' });
    const second = await connect({ name: 'right' });
    const tools = { ...first.tools, ...second.tools };
    expect(Object.keys(tools)).toHaveLength(16);
    expect(tools.left_add_numbers).toBeDefined();
    expect(tools.right_add_numbers).toBeDefined();
  });

  it('gives a malformed result back as a readable error, never a stuck call', async () => {
    // A fetch that answers tools/call with a result whose content is not a list.
    const malformed: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { id?: number; method?: string }) : {};
      if (body.method !== 'tools/call') return fetch(input, init);
      const reply = { jsonrpc: '2.0', id: body.id, result: { content: 'not a list' } };
      return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const connection = await connect({ fetch: malformed });
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_add_numbers', input: { a: 1, b: 2 } }], connection.tools);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^The MCP server "example" \(http:\/\/127\.0\.0\.1:\d+\) failed on "add_numbers": /) });
  });

  it('answers a call whose response stream ends without its answer with an error', async () => {
    // A fetch that cuts the response stream of tools/call short, as a proxy or a crash would.
    const cutting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {};
      if (body.method !== 'tools/call' || !response.body) return response;
      void response.body.cancel();
      return new Response(new ReadableStream({ start: (controller) => controller.close() }), { status: 200, headers: response.headers });
    };
    const connection = await connect({ fetch: cutting });
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_count_slowly', input: { seconds: 60 } }], connection.tools);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/response stream from http:\/\/127\.0\.0\.1:\d+ ended before the answer came/) });
  });

  it('closes: the tools go, and calls made with an old set fail readably', async () => {
    const connection = await connect();
    const old = connection.tools;
    await connection.close();
    expect(connection.state).toBe('closed');
    expect(connection.tools).toEqual({});
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'example_add_numbers', input: { a: 1, b: 2 } }], old);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/connection to the MCP server "example" .* is closed/) });
  });
});

describe('connectMcpTools when the server is not there, or goes away', () => {
  it('rejects with a readable McpConnectionError when nothing listens', async () => {
    const server = await startExampleMcpServer({ port: 0 });
    const { url } = server;
    await server.close();
    const attempt = connectMcpTools({ url });
    await expect(attempt).rejects.toBeInstanceOf(McpConnectionError);
    await expect(attempt).rejects.toThrow(new RegExp(`^Could not connect to the MCP server at ${url.replace(/[.]/g, '\\.')}: `));
  });

  it('rejects readably when the URL is not an MCP endpoint (after trying the SSE fallback)', async () => {
    const server = await startExampleMcpServer({ port: 0 });
    try {
      await expect(connectMcpTools({ url: server.url.replace('/mcp', '/nothing-here') })).rejects.toThrow(/Could not connect to the MCP server at .*\/nothing-here: .*404/);
    } finally {
      await server.close();
    }
  });

  it('ends a running call with an error when the server goes away, and reports the lost connection', async () => {
    const server = await startExampleMcpServer({ port: 0 });
    const errors: Error[] = [];
    const connection = await connectMcpTools({ url: server.url, onError: (error) => errors.push(error) });
    try {
      const running = executeToolCalls([{ toolCallId: 'c1', toolName: 'count_slowly', input: { seconds: 60 } }], connection.tools);
      await expect.poll(() => server.events.some((event) => event.type === 'call')).toBe(true);
      await server.close();
      const [result] = await running;
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^The MCP server http:\/\/127\.0\.0\.1:\d+ failed on "count_slowly": /) });
      await expect.poll(() => connection.state).toBe('lost');
      expect(connection.tools).toEqual({});
      expect(errors.at(-1)).toBeInstanceOf(McpConnectionError);
      expect(errors.at(-1)?.message).toMatch(/is no longer reachable/);
    } finally {
      await connection.close();
    }
  });

  it('stops connecting when its signal aborts', async () => {
    const server = await startExampleMcpServer({ port: 0 });
    try {
      const controller = new AbortController();
      controller.abort();
      await expect(connectMcpTools({ url: server.url, signal: controller.signal })).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});
