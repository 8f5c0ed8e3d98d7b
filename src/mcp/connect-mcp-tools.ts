import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpToolListing } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSet } from '../core/tools/define-tool';
import { errorMessage } from '../core/tools/errors';
import { createListeners } from '../core/chat/listeners';
import { quoteClientText } from '../core/tools/issue-text';
import { ToolSchemaError, toolDefinitionProblem } from '../core/tools/tool-schema-check';
import { McpConnectionError, openMcpClient, type McpTransportKind } from './mcp-transport';
import { defaultNeedsApproval, toToolDefinition, type McpToolInfo, type McpTrust } from './mcp-tool';
import { objectSchema } from './json-schema';
import { localToolNames } from './tool-names';
import { TOOL_CARD_VIEW } from '../react/components/tool-card-view';
import { MCP_APP_MIME_TYPE, toolUiMeta } from './apps/ui-meta';
import type { McpToolCardSource } from './apps/tool-card-source';
import { handleElicitations, type McpElicitations } from './elicitation/elicitations';
import { mcpToolCardView } from './react/mcp-tool-card-view';

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
   * Whether a call waits for the user's approval: for every tool, or decided per tool (the
   * rule sees whether `trust` covers the tool).
   * @default every call asks, except to a trusted tool annotated `readOnlyHint: true` and not `destructiveHint: true`
   */
  needsApproval?: boolean | ((tool: McpToolInfo) => boolean);
  /**
   * The tools (by the server's names) whose annotations the app believes, or `'all'` for a
   * server it trusts. A hint from a tool not listed never skips approval: any server can call
   * a destructive tool `readOnlyHint`.
   * @default none: every call asks
   * @example trust: { tools: ['search_docs', 'read_page'] }
   */
  trust?: McpTrust;
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
   * Shows the MCP App of a tool that names one (`_meta.ui.resourceUri`) in its card, and tells
   * the server the chat can (the MCP Apps extension). `false`: its tools are plain tools.
   * @default true
   */
  apps?: boolean;
  /**
   * Largest MCP App resource shown, in bytes: a bigger one is refused with a message in the card.
   * @default 4194304 (4 MiB)
   */
  maxAppResourceBytes?: number;
  /**
   * Lets the server ask the user questions while one of its tools runs (MCP elicitation, form
   * mode): a form in that call's card. `false`: the client does not offer it.
   * @default true
   */
  elicitation?: boolean;
  /**
   * How long a question waits for the user before it is answered `cancel`.
   * @default 300000 (5 minutes)
   */
  elicitationTimeoutMs?: number;
  /**
   * How the client introduces itself to the server.
   * @default { name: 'toolchat', version: '0.1.0' }
   */
  clientInfo?: { name: string; version: string };
}

/** The extension id of MCP Apps, under the client's `capabilities.extensions`. */
const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
const DEFAULT_MAX_APP_RESOURCE_BYTES = 4 * 1024 * 1024;
const DEFAULT_ELICITATION_TIMEOUT_MS = 300_000;

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
  /**
   * The server's tools left out of `tools`, each an error naming the tool and why: a name or
   * JSON Schema a chat handler would refuse (an unknown type, too deep, too large). Each also
   * reaches `onError` when it first appears.
   */
  readonly rejectedTools: readonly ToolSchemaError[];
  /** The server's questions waiting for the user (each also shows in its call's card). */
  readonly elicitations: McpElicitations;
  /** Calls `listener` when `tools` or `state` change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Asks the server for its tools again (done by itself on `tools/list_changed`). */
  refresh(): Promise<void>;
  /** Ends the session; calls still running end as errors. */
  close(): Promise<void>;
}

// How long a server that reported trouble has to answer a ping before it counts as gone.
const PING_TIMEOUT_MS = 5000;

/** Pages of a tool list past which a server is taken to page forever. */
const MAX_TOOL_PAGES = 100;

/** Every tool of the server, page after page; an error when the paging does not end. */
async function listAllTools(client: Client): Promise<McpToolListing[]> {
  const tools: McpToolListing[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page === MAX_TOOL_PAGES) throw new Error(`its tool list did not end after ${MAX_TOOL_PAGES} pages`);
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    // The same page again would page forever, listing the same tools each time.
    if (cursors.has(cursor)) throw new Error(`its tool list repeated the page cursor ${quoteClientText(cursor)}`);
    cursors.add(cursor);
  }
}

/**
 * Connects to an MCP server over HTTP from the browser (with the official SDK's client) and
 * turns its tools into toolchat tools: their input is validated in the browser against each
 * tool's JSON Schema, `execute` calls `tools/call` with the loop's signal (Stop and timeouts
 * send MCP's cancellation), and the output carries the MCP content. Every call asks for
 * approval by default, unless the app trusts the tool (`trust`) and it is annotated read-only.
 * A tool whose name or schema a chat handler would refuse is left out and reported
 * (`rejectedTools`, `onError`); the others work. The set follows `tools/list_changed`. Rejects with a readable {@link McpConnectionError} when the
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
  const listeners = createListeners();
  const notify = () => listeners.emit();
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
    trust: options.trust,
    timeoutMs: options.timeoutMs,
    running: new Map<string, AbortSignal>(),
  };
  const apps = options.apps !== false;
  // Tools an app of this server may call, by the server's names: a Map, never a plain object.
  let appTools = new Map<string, { localName: string; tool: ReturnType<typeof toToolDefinition> }>();
  let modelOnly = new Set<string>();
  let elicitations: McpElicitations = { pending: [], subscribe: () => () => {} };
  // One source per tool, kept across refreshes of the list: a card's app is not reloaded (nor its
  // state lost) because the server's tool list changed. Keyed by the server's names: a Map.
  const sources = new Map<string, McpToolCardSource>();
  const sourceOf = (listing: McpToolListing, uri: string | undefined): McpToolCardSource => {
    const resourceUri = apps ? uri : undefined;
    const kept = sources.get(listing.name);
    if (kept && kept.resourceUri === resourceUri) {
      kept.listing = listing;
      return kept;
    }
    const source: McpToolCardSource = {
      serverLabel: label,
      listing,
      resourceUri,
      elicitations,
      maxResourceBytes: options.maxAppResourceBytes ?? DEFAULT_MAX_APP_RESOURCE_BYTES,
      readResource: (resource, signal) => context.client().readResource({ uri: resource }, { signal }),
      appTool: (name) => {
        const found = appTools.get(name);
        if (found) return found;
        if (modelOnly.has(name)) return { refused: `the tool "${name}" of ${label} is for the model only` };
        return { refused: `${label} has no tool "${name}" an app may call` };
      },
    };
    sources.set(listing.name, source);
    return source;
  };
  let rejectedTools: ToolSchemaError[] = [];
  // Reported once per tool and problem, not on every refresh.
  const reported = new Set<string>();

  let refreshes = 0;
  const refresh = async () => {
    // Changes close together: only the latest listing is applied.
    const refreshing = ++refreshes;
    const listings = await listAllTools(context.client());
    if (refreshing !== refreshes || state !== 'open') return;
    const names = localToolNames(listings.map((listing) => listing.name), options.name);
    const accepted: [string, ReturnType<typeof toToolDefinition>][] = [];
    const rejected: ToolSchemaError[] = [];
    const forApps = new Map<string, { localName: string; tool: ReturnType<typeof toToolDefinition> }>();
    const forModel = new Set<string>();
    for (const [i, listing] of listings.entries()) {
      const definition = toToolDefinition(listing, names[i]!, context);
      const ui = toolUiMeta(listing);
      // Its card shows its app and the server's questions; the card loads none of this code.
      Object.assign(definition, { [TOOL_CARD_VIEW]: mcpToolCardView(sourceOf(listing, ui.resourceUri)) });
      if (ui.app) forApps.set(listing.name, { localName: names[i]!, tool: definition });
      else forModel.add(listing.name);
      // A tool only its app may call (`visibility: ['app']`) is never offered to the model.
      if (!ui.model) continue;
      // The check the chat handler makes: a tool it would refuse fails here, alone, by name.
      const problem = toolDefinitionProblem(names[i]!, { description: definition.description, inputSchema: objectSchema(listing.inputSchema) });
      if (problem === undefined) accepted.push([names[i]!, definition]);
      else rejected.push(new ToolSchemaError(names[i]!, `The MCP server ${label} listed a tool the chat cannot use: ${problem}`));
    }
    tools = Object.fromEntries(accepted);
    appTools = forApps;
    modelOnly = forModel;
    rejectedTools = rejected;
    for (const error of rejected) {
      if (reported.has(error.message)) continue;
      reported.add(error.message);
      reportError(error);
    }
    notify();
  };

  const opened = await openMcpClient(url, {
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    transport: options.transport ?? 'auto',
    clientInfo: options.clientInfo ?? { name: 'toolchat', version: '0.1.0' },
    capabilities: {
      ...(apps ? { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } } : {}),
      ...(options.elicitation === false ? {} : { elicitation: { form: {} } }),
    },
    setup: (opening) => {
      if (options.elicitation === false) return;
      elicitations = handleElicitations(opening, {
        serverLabel: label,
        running: context.running,
        timeoutMs: options.elicitationTimeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS,
        report: reportError,
      });
    },
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
    get rejectedTools() {
      return rejectedTools;
    },
    elicitations,
    server,
    subscribe(listener) {
      return listeners.subscribe(listener);
    },
    refresh,
    close,
  };
}
