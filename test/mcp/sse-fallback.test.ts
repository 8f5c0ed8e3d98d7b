import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { executeToolCalls } from 'toolchat/core';
import { connectMcpTools } from 'toolchat/mcp';

/** A server of the 2024-11-05 protocol: GET /sse opens the stream, POST /messages carries requests. */
async function startLegacyServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const transports = new Map<string, SSEServerTransport>();
  const http: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      const server = new McpServer({ name: 'legacy', version: '0.1.0' });
      server.registerTool('echo', { description: 'Echoes', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } }, ({ text }) => ({
        content: [{ type: 'text', text }],
      }));
      await server.connect(transport);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      const transport = transports.get(url.searchParams.get('sessionId') ?? '');
      if (transport) return transport.handlePostMessage(req, res);
    }
    // What an old server says to Streamable HTTP's POST.
    res.writeHead(405).end('Method not allowed');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sse`,
    close: async () => {
      for (const transport of transports.values()) await transport.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

describe('connectMcpTools against a server of the legacy HTTP+SSE transport', () => {
  let legacy: Awaited<ReturnType<typeof startLegacyServer>>;
  beforeAll(async () => {
    legacy = await startLegacyServer();
  });
  afterAll(async () => {
    await legacy.close();
  });

  it('falls back to SSE when the server refuses Streamable HTTP with 405, and calls its tools', async () => {
    const connection = await connectMcpTools({ url: legacy.url });
    try {
      expect(connection.server.transport).toBe('sse');
      const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'echo', input: { text: 'hello' } }], connection.tools);
      expect(result).toMatchObject({ ok: true, output: { content: [{ type: 'text', text: 'hello' }] } });
    } finally {
      await connection.close();
    }
  });

  it("does not fall back when told to use Streamable HTTP only, and says why", async () => {
    await expect(connectMcpTools({ url: legacy.url, transport: 'streamable-http' })).rejects.toThrow(/Could not connect to the MCP server at .*\/sse: .*405/);
  });
});
