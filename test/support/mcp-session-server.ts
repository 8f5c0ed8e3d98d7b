import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { mcpCorsHeaders } from '../../demo/mcp-server';

export interface McpSessionServer {
  url: string;
  close: () => Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * A real MCP server (the official SDK over Streamable HTTP) on a free port of 127.0.0.1, one
 * `McpServer` from `build` per session (sessions let the server ask the client questions while
 * a call runs), answering browsers from any origin with CORS.
 */
export async function startMcpSessionServer(build: () => McpServer): Promise<McpSessionServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((req, res) => {
    const run = async () => {
      const origin = req.headers.origin;
      if (origin !== undefined) for (const [name, value] of Object.entries(mcpCorsHeaders(origin))) res.setHeader(name, value);
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const id = req.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? sessions.get(id) : undefined;
      if (existing) return existing.handleRequest(req, res, req.method === 'POST' ? await readJson(req) : undefined);
      if (req.method !== 'POST') return void res.writeHead(400).end();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
        onsessionclosed: (sessionId) => void sessions.delete(sessionId),
      });
      await build().connect(transport);
      await transport.handleRequest(req, res, await readJson(req));
    };
    run().catch(() => (res.headersSent ? res.end() : res.writeHead(500).end()));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      for (const transport of sessions.values()) await transport.close().catch(() => {});
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
