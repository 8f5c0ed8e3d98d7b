import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { errorMessage } from '../core/tools/errors';
import { createCallWatch } from './call-watch';

/** The MCP transports over HTTP: Streamable HTTP, and the legacy HTTP+SSE of 2024-11-05. */
export type McpTransportKind = 'streamable-http' | 'sse';

/** Failure to reach an MCP server, or the loss of a connection: its message says which server and why. */
export class McpConnectionError extends Error {
  override readonly name = 'McpConnectionError';
}

export interface OpenMcpClientOptions {
  headers?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  transport: McpTransportKind | 'auto';
  clientInfo: { name: string; version: string };
  /** What the client offers the server besides tools: MCP Apps, elicitation. */
  capabilities: ClientCapabilities;
  /** Sets the client's request handlers (elicitation), before it connects. */
  setup: (client: Client) => void;
  onToolsChanged: () => void;
  /** A response stream ended without an answer: the server may be gone. */
  onStreamLost: () => void;
}

export interface OpenedMcpClient {
  client: Client;
  transport: McpTransportKind;
  /** Answers every request still waiting with an error (the connection is gone). */
  settleAll: () => void;
  close: () => Promise<void>;
}

// Servers that only speak the old transport refuse the POST of `initialize` with one of these.
const OLD_SERVER_STATUS = new Set([400, 404, 405]);

function hint(error: unknown): string {
  const message = error instanceof StreamableHTTPError && error.code !== undefined ? `HTTP ${error.code}: ${errorMessage(error)}` : errorMessage(error);
  // What browsers say when a request is refused before it leaves: unreachable, or CORS.
  if (/failed to fetch|networkerror|load failed|fetch failed/i.test(message)) {
    return `${message} (is the server running, and does it allow this page's origin with CORS?)`;
  }
  return message;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The connection attempt was aborted', 'AbortError');
}

async function connectWith(
  kind: McpTransportKind,
  url: URL,
  options: OpenMcpClientOptions,
): Promise<OpenedMcpClient> {
  const client = new Client(options.clientInfo, {
    // The SDK's default (Ajv) compiles schemas with `new Function`, which a strict CSP forbids:
    // tools' output schemas are checked by the same eval-free validator as their input.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    capabilities: options.capabilities,
    listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => options.onToolsChanged() } },
  });
  options.setup(client);
  const watch = createCallWatch(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), () => `the response stream from ${url.origin} ended before the answer came`, () => options.onStreamLost());
  const requestInit: RequestInit = options.headers === undefined ? {} : { headers: options.headers };
  let transport: Transport;
  if (kind === 'streamable-http') {
    transport = new StreamableHTTPClientTransport(url, { fetch: watch.fetch, requestInit });
  } else {
    // Loaded only for servers that need it: the legacy transport brings an EventSource polyfill.
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
    transport = new SSEClientTransport(url, {
      fetch: watch.fetch,
      requestInit,
      eventSourceInit: { fetch: (input, init) => watch.fetch(input, { ...init, headers: { ...options.headers, ...(init?.headers as Record<string, string> | undefined) } }) },
    });
  }
  watch.attach(transport);
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);
  const onAbort = () => void client.close().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect(transport, signal ? { signal } : {});
  } catch (error) {
    await client.close().catch(() => {});
    if (signal?.aborted) throw abortError(signal);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return {
    client,
    transport: kind,
    settleAll: watch.settleAll,
    close: async () => {
      // Ends the server's session too (an HTTP DELETE), as the spec asks of a client that leaves.
      if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession().catch(() => {});
      await client.close().catch(() => {});
    },
  };
}

/**
 * Opens an MCP client session at `url`: Streamable HTTP, or the legacy HTTP+SSE transport, or
 * (`'auto'`) Streamable HTTP falling back to SSE when the server refuses it with HTTP 400, 404
 * or 405, as the MCP specification's backwards-compatibility section describes.
 */
export async function openMcpClient(url: URL, options: OpenMcpClientOptions): Promise<OpenedMcpClient> {
  const where = url.href;
  try {
    if (options.transport !== 'auto') return await connectWith(options.transport, url, options);
    try {
      return await connectWith('streamable-http', url, options);
    } catch (error) {
      if (!(error instanceof StreamableHTTPError) || error.code === undefined || !OLD_SERVER_STATUS.has(error.code)) throw error;
      return await connectWith('sse', url, options);
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new McpConnectionError(`Could not connect to the MCP server at ${where}: ${hint(error)}`, { cause: error });
  }
}
