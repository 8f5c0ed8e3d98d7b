import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { mcpCorsHeaders } from '../../demo/mcp-server';

/**
 * A published MCP App server (`@modelcontextprotocol/server-basic-*`), served as its own
 * `main.ts` serves it (stateless Streamable HTTP at /mcp, a server per request, CORS), but on a
 * free port of 127.0.0.1 instead of 0.0.0.0:3001.
 */
export async function startPublishedAppServer(name: 'server-basic-vanillajs' | 'server-basic-react' | 'server-budget-allocator') {
  const { createServer: createMcpServer } = (await import(`@modelcontextprotocol/${name}`)) as { createServer: () => { connect(transport: unknown): Promise<void>; close(): Promise<void> } };
  const http = createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin !== undefined) for (const [header, value] of Object.entries(mcpCorsHeaders(origin))) res.setHeader(header, value);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const server = createMcpServer();
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => (res.headersSent ? res.end() : res.writeHead(500).end()));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => {
      http.closeAllConnections();
      return new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
