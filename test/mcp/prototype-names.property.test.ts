import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeToolCalls, toolSchemas } from 'toolchat/core';
import { connectMcpTools } from 'toolchat/mcp';
import { definedAndCalledArbitrary } from '../support/prototype-names';

/**
 * A Streamable HTTP MCP server (stateless) whose tools are whatever `names` holds when it is
 * asked. The SDK's low-level `Server`: its `McpServer` keeps tools in a plain object, where
 * `__proto__` cannot be registered.
 */
async function startNamedToolsServer(): Promise<{ url: string; names: string[]; close: () => Promise<void> }> {
  const state = { names: [] as string[] };
  const http: HttpServer = createServer(async (req, res) => {
    const server = new Server({ name: 'names', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: state.names.map((name) => ({
        name,
        description: `The ${name} tool`,
        inputSchema: { type: 'object' as const, properties: { n: { type: 'number' } }, required: ['n'] },
        annotations: { readOnlyHint: true },
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [{ type: 'text', text: `${request.params.name} ${String(request.params.arguments?.n)}` }],
    }));
    const transport = new StreamableHTTPServerTransport({});
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get names() {
      return state.names;
    },
    set names(next: string[]) {
      state.names = next;
    },
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

describe('given an MCP server whose tools are named like Object.prototype members', () => {
  let server: Awaited<ReturnType<typeof startNamedToolsServer>>;
  beforeAll(async () => {
    server = await startNamedToolsServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every tool, sends each JSON Schema to the model, and calls it by name (property)', async () => {
    await fc.assert(
      fc.asyncProperty(definedAndCalledArbitrary, async ({ defined, called }) => {
        server.names = [...defined];
        const connection = await connectMcpTools({ url: server.url, transport: 'streamable-http', needsApproval: () => false });
        try {
          expect(Object.keys(connection.tools).sort()).toEqual([...defined].sort());
          const schemas = toolSchemas(connection.tools);
          expect(Object.keys(schemas).sort()).toEqual([...defined].sort());
          for (const name of defined) expect(schemas[name]?.description).toBe(`The ${name} tool`);

          const results = await executeToolCalls(
            called.map((toolName, i) => ({ toolCallId: `c${i}`, toolName, input: { n: i } })),
            connection.tools,
          );
          results.forEach((result, i) => {
            const name = called[i]!;
            if (defined.includes(name)) expect(result).toMatchObject({ ok: true, output: { content: [{ type: 'text', text: `${name} ${i}` }] } });
            else expect(result).toMatchObject({ ok: false, error: `Tool "${name}" is not available` });
          });
        } finally {
          await connection.close();
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
