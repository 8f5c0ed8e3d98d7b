import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A real MCP server (the official SDK's `Server` over Streamable HTTP, stateless) on 127.0.0.1
 * whose tool list is whatever `list` answers for each page: for listings no well-behaved server
 * sends (bad schemas, hints that lie, paging that never ends). Every call answers "ran <name>".
 */
export async function startListingServer(list: (cursor: string | undefined) => ListToolsResult) {
  const calls: string[] = [];
  const pages: (string | undefined)[] = [];
  const http = createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const server = new Server({ name: 'listing', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      pages.push(request.params?.cursor);
      return list(request.params?.cursor);
    });
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      calls.push(request.params.name);
      return { content: [{ type: 'text', text: `ran ${request.params.name}` }] };
    });
    // Stateless (no session id): a server and a transport per request.
    const transport = new StreamableHTTPServerTransport({});
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, await readJson(req));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    pages,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}
