import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { solidPng } from './png';

/** What the example server saw, for tests and for its log. */
export type ExampleMcpEvent =
  | { type: 'call'; tool: string; requestId: string | number }
  | { type: 'cancelled'; tool: string; requestId: string | number; reason: string }
  | { type: 'completed'; tool: string; requestId: string | number };

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

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const text = (value: string): CallToolResult['content'] => [{ type: 'text', text: value }];

/** One MCP server per session: the example's tools over a shared note store. */
function createSessionServer(notes: Map<string, string>, record: (event: ExampleMcpEvent) => void, extraTool: boolean) {
  const server = new McpServer({ name: 'toolchat-example', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  const tracked = async (tool: string, requestId: string | number, signal: AbortSignal, run: () => Promise<CallToolResult>) => {
    record({ type: 'call', tool, requestId });
    const onAbort = () => record({ type: 'cancelled', tool, requestId, reason: String(signal.reason ?? 'cancelled') });
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await run();
      record({ type: 'completed', tool, requestId });
      return result;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };

  server.registerTool(
    'add_numbers',
    {
      title: 'Add numbers',
      description: 'Adds two numbers and returns the sum.',
      inputSchema: { a: z.number().describe('First number'), b: z.number().describe('Second number') },
      outputSchema: { sum: z.number() },
      annotations: { readOnlyHint: true },
    },
    ({ a, b }, extra) =>
      tracked('add_numbers', extra.requestId, extra.signal, async () => ({
        content: text(`${a} + ${b} = ${a + b}`),
        structuredContent: { sum: a + b },
      })),
  );

  server.registerTool(
    'count_slowly',
    {
      title: 'Count slowly',
      description: 'Counts to the given number of seconds, one per second, then says it is done. Slow on purpose: stop it to see MCP cancellation.',
      inputSchema: { seconds: z.number().int().min(1).max(120).describe('How many seconds to count') },
      annotations: { readOnlyHint: true },
    },
    ({ seconds }, extra) =>
      tracked('count_slowly', extra.requestId, extra.signal, async () => {
        for (let second = 1; second <= seconds; second++) {
          await wait(1000, extra.signal);
          const progressToken = extra._meta?.progressToken;
          if (progressToken !== undefined) {
            await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: second, total: seconds } });
          }
        }
        return { content: text(`Counted to ${seconds}.`) };
      }),
  );

  server.registerTool(
    'list_notes',
    {
      title: 'List notes',
      description: 'Lists the titles of the saved notes.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    (_args, extra) =>
      tracked('list_notes', extra.requestId, extra.signal, async () => ({
        content: text(notes.size === 0 ? 'No notes.' : [...notes.keys()].join('\n')),
        structuredContent: { titles: [...notes.keys()] },
      })),
  );

  server.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Saves a note under a title (changes the server: asks for approval by default).',
      inputSchema: { title: z.string().min(1), body: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    ({ title, body }, extra) =>
      tracked('add_note', extra.requestId, extra.signal, async () => {
        notes.set(title, body);
        return { content: text(`Saved the note "${title}".`) };
      }),
  );

  server.registerTool(
    'delete_note',
    {
      title: 'Delete a note',
      description: 'Deletes the note with this title. Destructive.',
      inputSchema: { title: z.string().min(1) },
      annotations: { destructiveHint: true },
    },
    ({ title }, extra) =>
      tracked('delete_note', extra.requestId, extra.signal, async () => {
        if (!notes.delete(title)) return { isError: true, content: text(`There is no note "${title}".`) };
        return { content: text(`Deleted the note "${title}".`) };
      }),
  );

  server.registerTool(
    'check_service',
    {
      title: 'Check the service',
      description: 'Checks an upstream service. It is always down: the call fails, to show an error result.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    (_args, extra) =>
      tracked('check_service', extra.requestId, extra.signal, async () => ({
        isError: true,
        content: text('The upstream service is down (HTTP 503). Try again later.'),
      })),
  );

  server.registerTool(
    'draw_square',
    {
      title: 'Draw a square',
      description: 'Draws a small square of one colour and returns it as a PNG image.',
      inputSchema: { color: z.enum(['red', 'green', 'blue']).describe('The colour') },
      annotations: { readOnlyHint: true },
    },
    ({ color }, extra) =>
      tracked('draw_square', extra.requestId, extra.signal, async () => {
        const rgb = { red: [220, 38, 38], green: [22, 163, 74], blue: [37, 99, 235] }[color] as [number, number, number];
        return {
          content: [
            { type: 'text', text: `A ${color} square.` },
            { type: 'image', mimeType: 'image/png', data: solidPng(48, rgb).toString('base64') },
          ],
        };
      }),
  );

  const shout = server.registerTool(
    'shout',
    {
      title: 'Shout',
      description: 'Repeats the text in capitals. Appears only while the server enables it.',
      inputSchema: { text: z.string() },
      annotations: { readOnlyHint: true },
    },
    ({ text: value }, extra) =>
      tracked('shout', extra.requestId, extra.signal, async () => ({ content: text(value.toUpperCase()) })),
  );
  if (!extraTool) shout.disable();

  return { server, shout };
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
