import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createSessionServer, type ExampleMcpEvent } from './mcp-example-tools';

export type { ExampleMcpEvent } from './mcp-example-tools';

export interface ExampleMcpServerOptions {
  /** @default 3001 (0 picks a free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /**
   * Browser origins allowed to call the server (CORS). `'*'` allows any origin.
   * @default any http://localhost:* or http://127.0.0.1:* origin
   */
  allowedOrigins?: readonly string[] | '*';
  /** Called for every call, cancellation and completion. */
  onEvent?: (event: ExampleMcpEvent) => void;
}

export interface ExampleMcpServer {
  /** The endpoint to connect to, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  /** Every call, cancellation and completion so far. */
  events: ExampleMcpEvent[];
  /** Adds or removes the `shout` tool in every session, which sends `tools/list_changed`. */
  setExtraTool: (enabled: boolean) => void;
  /** Drops every open connection at once, as a crashed server would (the port stays open). */
  dropConnections: () => void;
  close: () => Promise<void>;
}

const LOOPBACK_ORIGIN = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/;

/** The headers a browser needs to talk to an MCP server from another origin. */
export function mcpCorsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    // The client sends these on every request after the first.
    'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
    // Without this the browser hides the session id from the client, and every call after
    // `initialize` fails with "Bad Request: No valid session ID".
    'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  return body === '' ? undefined : (JSON.parse(body) as unknown);
}

/**
 * The example MCP server of the demo (`npm run mcp-example`): Streamable HTTP at `/mcp`, one
 * session per client, with tools that show each behaviour of `connectMcpTools` — a fast one
 * (`add_numbers`), a slow one that can be cancelled (`count_slowly`), one that changes state
 * (`add_note`) and a destructive one (`delete_note`), both asking for approval, one that
 * always fails (`check_service`) and one that returns an image (`draw_square`). It answers
 * browsers from loopback origins with the CORS headers of {@link mcpCorsHeaders}.
 */
export async function startExampleMcpServer(options: ExampleMcpServerOptions = {}): Promise<ExampleMcpServer> {
  const { port = 3001, host = '127.0.0.1', allowedOrigins } = options;
  const events: ExampleMcpEvent[] = [];
  const record = (event: ExampleMcpEvent) => {
    events.push(event);
    options.onEvent?.(event);
  };
  const notes = new Map<string, string>([['Shopping', 'Milk, eggs, bread']]);
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; shout: ReturnType<typeof createSessionServer>['shout'] }>();
  let extraTool = false;

  const originAllowed = (origin: string) =>
    allowedOrigins === '*' || (allowedOrigins ? allowedOrigins.includes(origin) : LOOPBACK_ORIGIN.test(origin));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!originAllowed(origin)) {
        res.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: `Origin ${origin} is not allowed` }));
        return;
      }
      for (const [name, value] of Object.entries(mcpCorsHeaders(origin))) res.setHeader(name, value);
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (path !== '/mcp') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp');
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) {
      await existing.transport.handleRequest(req, res, req.method === 'POST' ? await readJson(req) : undefined);
      return;
    }
    if (req.method !== 'POST' || sessionId !== undefined) {
      res.writeHead(sessionId === undefined ? 400 : 404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session: initialize first' }, id: null }));
      return;
    }
    const { server, shout } = createSessionServer(notes, record, extraTool);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, shout });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, await readJson(req));
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${hostInUrl}:${address.port}/mcp`,
    events,
    setExtraTool(enabled) {
      extraTool = enabled;
      for (const { shout } of sessions.values()) {
        if (enabled) shout.enable();
        else shout.disable();
      }
    },
    dropConnections() {
      http.closeAllConnections();
    },
    async close() {
      for (const { transport } of sessions.values()) await transport.close().catch(() => {});
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
