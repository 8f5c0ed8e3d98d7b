import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpToolListing } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSet } from '../core/tools/define-tool';
import { errorMessage } from '../core/tools/errors';
import { McpConnectionError, openMcpClient, type McpTransportKind } from './mcp-transport';
import { defaultNeedsApproval, toToolDefinition, type McpToolInfo } from './mcp-tool';
import { localToolNames } from './tool-names';

/** Options of {@link connectMcpTools}. */
export interface ConnectMcpToolsOptions {
  /** The server's MCP endpoint, e.g. `https://example.com/mcp`. */
  url: string | URL;
  /** Headers sent with every request (an `Authorization` token, say). The server's CORS must allow them. */
  headers?: Record<string, string>;
  /**
   * The `fetch` to use.
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Prefixes the tools' names (`name_tool`), so several servers in one chat cannot clash.
   * @default no prefix
   */
  name?: string;
  /**
   * Streamable HTTP, the legacy HTTP+SSE transport, or Streamable HTTP falling back to SSE when
   * the server refuses it with HTTP 4xx.
   * @default 'auto'
   */
  transport?: McpTransportKind | 'auto';
  /**
   * Whether a call waits for the user's approval: for every tool, or decided per tool.
   * @default tools not annotated `readOnlyHint: true`, or annotated `destructiveHint: true`, ask
   */
  needsApproval?: boolean | ((tool: McpToolInfo) => boolean);
  /**
   * Time limit of each call; the loop aborts it (sending MCP's cancellation) when it runs out.
   * @default the chat's `timeoutMs` (30 000)
   */
  timeoutMs?: number;
  /** Errors after the connection is up: a tool list that cannot be refreshed, a connection lost. */
  onError?: (error: Error) => void;
  /** Aborting it cancels the connection attempt, or closes the connection. */
  signal?: AbortSignal;
  /**
   * How the client introduces itself to the server.
   * @default { name: 'toolchat', version: '0.1.0' }
   */
  clientInfo?: { name: string; version: string };
}

/** The server, as it introduced itself. */
export interface McpServerInfo {
  name: string;
  version: string;
  /** What the server tells clients about using it, when it says something. */
  instructions?: string;
  /** The transport in use. */
  transport: McpTransportKind;
}

/** What {@link connectMcpTools} resolves with. */
export interface McpConnection {
  /** The server's tools, ready for `tools`; a new object whenever the server's list changes. */
  readonly tools: ToolSet;
  readonly server: McpServerInfo;
  /** `'open'`, or `'closed'` after `close()`, or `'lost'` when the server went away. */
  readonly state: 'open' | 'closed' | 'lost';
  /** Calls `listener` when `tools` or `state` change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Asks the server for its tools again (done by itself on `tools/list_changed`). */
  refresh(): Promise<void>;
  /** Ends the session; calls still running end as errors. */
  close(): Promise<void>;
}

// How long a server that reported trouble has to answer a ping before it counts as gone.
const PING_TIMEOUT_MS = 5000;

/** Every tool of the server, page after page. */
async function listAllTools(client: Client): Promise<McpToolListing[]> {
  const tools: McpToolListing[] = [];
  let cursor: string | undefined;
  // A server that repeats its cursor would page forever: the bound is far above any real list.
  for (let page = 0; page < 100; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/**
 * Connects to an MCP server over HTTP from the browser (with the official SDK's client) and
 * turns its tools into toolchat tools: their input is validated in the browser against each
 * tool's JSON Schema, `execute` calls `tools/call` with the loop's signal (Stop and timeouts
 * send MCP's cancellation), and the output carries the MCP content. Tools that are not
 * annotated read-only, or are annotated destructive, ask for approval by default. The set
 * follows `tools/list_changed`. Rejects with a readable {@link McpConnectionError} when the
 * server cannot be reached or refuses the session.
 *
 * @example
 * const docs = await connectMcpTools({ url: 'https://docs.example.com/mcp', name: 'docs' });
 * <ChatWrapper api="/api/chat" tools={{ ...myTools, ...docs.tools }} />
 * // later: await docs.close();
 */
export async function connectMcpTools(options: ConnectMcpToolsOptions): Promise<McpConnection> {
  const url = new URL(options.url);
  const label = options.name ? `"${options.name}" (${url.origin})` : url.origin;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  let state: McpConnection['state'] = 'open';
  let tools: ToolSet = {};
  let rejectLost: (error: Error) => void = () => {};
  const lost = new Promise<never>((_, reject) => {
    rejectLost = reject;
  });
  // Calls race this: nobody may be left waiting on a connection that is gone.
  lost.catch(() => {});

  const reportError = (error: unknown) => {
    const wrapped = error instanceof Error ? error : new Error(errorMessage(error));
    options.onError?.(wrapped);
  };

  let client: Client | undefined;
  let checking = false;
  const context = {
    client: () => {
      if (!client || state !== 'open') throw new Error(`the connection to the MCP server ${label} is ${state === 'lost' ? 'lost' : 'closed'}`);
      return client;
    },
    lost: () => lost,
    serverLabel: label,
    needsApproval: options.needsApproval ?? defaultNeedsApproval,
    timeoutMs: options.timeoutMs,
  };

  let refreshes = 0;
  const refresh = async () => {
    // Changes close together: only the latest listing is applied.
    const refreshing = ++refreshes;
    const listings = await listAllTools(context.client());
    if (refreshing !== refreshes || state !== 'open') return;
    const names = localToolNames(listings.map((listing) => listing.name), options.name);
    tools = Object.fromEntries(listings.map((listing, i) => [names[i]!, toToolDefinition(listing, names[i]!, context)]));
    notify();
  };

  const opened = await openMcpClient(url, {
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    transport: options.transport ?? 'auto',
    clientInfo: options.clientInfo ?? { name: 'toolchat', version: '0.1.0' },
    onToolsChanged: () => {
      if (state === 'open') refresh().catch(reportError);
    },
    onStreamLost: () => checkAlive(),
  });
  client = opened.client;

  const end = (next: 'closed' | 'lost', error: Error) => {
    if (state !== 'open') return;
    state = next;
    tools = {};
    rejectLost(error);
    opened.settleAll();
    notify();
  };
  const loseConnection = (cause: unknown) => {
    if (state !== 'open') return;
    const error = new McpConnectionError(`The MCP server ${label} is no longer reachable: ${errorMessage(cause)}`, { cause });
    reportError(error);
    end('lost', error);
  };
  client.onclose = () => loseConnection('it closed the connection');
  // The SDK reports trouble it may recover from here (a dropped stream it reopens, a response
  // stream cut short, which the call watch answers): a ping tells whether the server is still there.
  client.onerror = () => checkAlive();
  function checkAlive() {
    if (checking || state !== 'open' || !client) return;
    checking = true;
    context
      .client()
      .ping({ timeout: PING_TIMEOUT_MS })
      .catch(loseConnection)
      .finally(() => {
        checking = false;
      });
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      end('closed', new McpConnectionError(`The connection to the MCP server ${label} was closed`));
      listeners.clear();
      await opened.close();
    })());
  options.signal?.addEventListener('abort', () => void close(), { once: true });

  try {
    await refresh();
  } catch (error) {
    await close();
    throw new McpConnectionError(`The MCP server ${label} did not list its tools: ${errorMessage(error)}`, { cause: error });
  }

  const version = client.getServerVersion();
  const instructions = client.getInstructions();
  const server: McpServerInfo = {
    name: version?.name ?? url.host,
    version: version?.version ?? '',
    ...(instructions === undefined ? {} : { instructions }),
    transport: opened.transport,
  };

  return {
    get tools() {
      return tools;
    },
    get state() {
      return state;
    },
    server,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    close,
  };
}
