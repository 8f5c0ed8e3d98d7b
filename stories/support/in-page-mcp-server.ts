import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';

function createServer(): McpServer {
  const server = new McpServer({ name: 'in-page-example', version: '1.0.0' });
  server.registerTool(
    'add_numbers',
    {
      description: 'Adds two numbers.',
      inputSchema: { a: z.number(), b: z.number() },
      annotations: { readOnlyHint: true },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: `${a} + ${b} = ${a + b}` }], structuredContent: { sum: a + b } }),
  );
  server.registerTool(
    'delete_note',
    {
      description: 'Deletes a note. Destructive.',
      inputSchema: { title: z.string() },
      annotations: { destructiveHint: true },
    },
    ({ title }) => ({ content: [{ type: 'text', text: `Deleted the note "${title}".` }] }),
  );
  return server;
}

/**
 * A `fetch` that answers with a real MCP server (the SDK's, on its web-standard Streamable HTTP
 * transport) running in this page: stories connect to it without a network or a process.
 * One session per `initialize`, as an HTTP server keeps them.
 */
export function inPageMcpFetch(): typeof fetch {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  return async (input, init) => {
    const request = new Request(input, init);
    const id = request.headers.get('mcp-session-id');
    const existing = id === null ? undefined : sessions.get(id);
    if (existing) return existing.handleRequest(request);
    if (id !== null) return new Response('Unknown session', { status: 404 });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, transport);
      },
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId);
      },
    });
    await createServer().connect(transport);
    return transport.handleRequest(request);
  };
}
