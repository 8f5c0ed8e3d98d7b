import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, type Tool as McpToolListing } from '@modelcontextprotocol/sdk/types.js';
import type { AnyToolDefinition } from '../core/tools/define-tool';
import { errorMessage } from '../core/tools/errors';
import { humanizeToolName } from '../core/tools/humanize-tool-name';
import { objectSchema, wireJsonSchema } from './json-schema';
import { toMcpOutput, type McpToolOutput } from './mcp-output';

/** What `needsApproval` decides from: an MCP tool as the server lists it. */
export interface McpToolInfo {
  /** The name the server knows the tool by. */
  name: string;
  /** The name the model calls it by (prefixed by the connection's `name`). */
  localName: string;
  title?: string;
  description?: string;
  /**
   * Whether the app trusts this tool's annotations (the connection's `trust` lists it, or is
   * `'all'`). As MCP says, hints from a server you do not trust cannot be believed.
   */
  trusted: boolean;
  /** The server's hints; as MCP says, none of them can be trusted from an untrusted server. */
  annotations?: {
    title?: string | undefined;
    readOnlyHint?: boolean | undefined;
    destructiveHint?: boolean | undefined;
    idempotentHint?: boolean | undefined;
    openWorldHint?: boolean | undefined;
  };
}

/**
 * The default approval rule: every call asks, unless the app trusts the tool (`trust`) and the
 * server says it only reads (`readOnlyHint: true`) and does not say it is destructive. A hint
 * alone, from a server the app does not trust, never skips the question.
 */
export function defaultNeedsApproval(tool: McpToolInfo): boolean {
  if (!tool.trusted) return true;
  return tool.annotations?.readOnlyHint !== true || tool.annotations.destructiveHint === true;
}

/** Which tools of a server the app trusts: their annotations are believed (see `defaultNeedsApproval`). */
export type McpTrust = 'all' | { tools: readonly string[] };

/** Whether `trust` covers the tool the server calls `name`. */
export function isTrusted(trust: McpTrust | undefined, name: string): boolean {
  if (trust === undefined) return false;
  if (trust === 'all') return true;
  return trust.tools.includes(name);
}

// Timers wrap above 2^31 − 1 ms: the SDK's own limit stays out of the loop's way at this.
const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

export interface McpToolContext {
  client: () => Client;
  /** Rejects while a call is running when the connection is lost, so no call waits forever. */
  lost: () => Promise<never>;
  serverLabel: string;
  needsApproval: boolean | ((tool: McpToolInfo) => boolean);
  trust: McpTrust | undefined;
  timeoutMs: number | undefined;
  /**
   * The calls of this connection that are running, by id, in the order they started: a
   * server's question shows in the card of one of them. Each signal aborts when its call ends.
   */
  running: Map<string, AbortSignal>;
}

/** A progress notification of a running MCP call: the call's output until its result comes. */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * `tools/call` as an async generator: each progress notification the server sends is yielded
 * (the loop shows it on the card while the call runs), then the result. The call races the
 * connection's loss, so it never waits on a server that is gone.
 */
async function* callWithProgress(
  name: string,
  input: Record<string, unknown>,
  { signal, toolCallId }: { signal: AbortSignal; toolCallId: string },
  context: McpToolContext,
): AsyncGenerator<McpProgress | McpToolOutput> {
  const ended = new AbortController();
  const end = () => {
    context.running.delete(toolCallId);
    ended.abort();
  };
  signal.addEventListener('abort', end, { once: true });
  context.running.set(toolCallId, ended.signal);
  try {
    yield* progressOf(name, input, signal, context);
  } finally {
    signal.removeEventListener('abort', end);
    end();
  }
}

async function* progressOf(name: string, input: Record<string, unknown>, signal: AbortSignal, context: McpToolContext): AsyncGenerator<McpProgress | McpToolOutput> {
  const updates: McpProgress[] = [];
  let wake = () => {};
  let settled: { ok: true; value: object } | { ok: false; error: unknown } | undefined;
  const onprogress = ({ progress, total, message }: { progress: number; total?: number | undefined; message?: string | undefined }) => {
    updates.push({ progress, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) });
    wake();
  };
  Promise.race([
    context.client().callTool({ name, arguments: input }, CallToolResultSchema, {
      signal,
      timeout: NO_SDK_TIMEOUT_MS,
      resetTimeoutOnProgress: true,
      onprogress,
    }),
    context.lost(),
  ]).then(
    (value) => {
      settled = { ok: true, value };
      wake();
    },
    (error: unknown) => {
      settled = { ok: false, error };
      wake();
    },
  );
  for (;;) {
    while (updates.length > 0) yield updates.shift()!;
    if (settled) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  const outcome = settled as NonNullable<typeof settled>;
  if (!outcome.ok) {
    if (signal.aborted) throw outcome.error;
    throw new Error(`The MCP server ${context.serverLabel} failed on "${name}": ${errorMessage(outcome.error)}`);
  }
  yield toMcpOutput(outcome.value, name);
}

/** The server's description, readable when it gave none. */
function describe(listing: McpToolListing): string {
  const text = listing.description ?? listing.title ?? listing.annotations?.title;
  return text && text.trim() !== '' ? text : `The MCP tool "${listing.name}"`;
}

function approvalOf(info: McpToolInfo, rule: McpToolContext['needsApproval']): boolean {
  if (typeof rule === 'boolean') return rule;
  try {
    return rule(info) !== false;
  } catch {
    // An approval rule that fails asks the user: never run unasked by accident.
    return true;
  }
}

/**
 * A toolchat tool for one MCP tool: its JSON Schema goes to the model and validates input in
 * the browser; `execute` calls `tools/call` with the loop's signal, so Stop and timeouts send
 * MCP's `notifications/cancelled`; an `isError` result, a malformed result or a lost
 * connection become errors the model reads.
 */
export function toToolDefinition(listing: McpToolListing, localName: string, context: McpToolContext): AnyToolDefinition {
  const info: McpToolInfo = {
    name: listing.name,
    localName,
    trusted: isTrusted(context.trust, listing.name),
    ...(listing.title === undefined ? {} : { title: listing.title }),
    ...(listing.description === undefined ? {} : { description: listing.description }),
    ...(listing.annotations === undefined ? {} : { annotations: listing.annotations }),
  };
  const execute = (input: Record<string, unknown>, options: { signal: AbortSignal; toolCallId: string }) =>
    callWithProgress(listing.name, input, options, context);
  // The cards' title: the server's, else its own name for the tool (not the prefixed local one).
  const title = listing.title ?? listing.annotations?.title ?? humanizeToolName(listing.name);
  return {
    title,
    description: describe(listing),
    inputSchema: wireJsonSchema(objectSchema(listing.inputSchema)),
    execute,
    needsApproval: approvalOf(info, context.needsApproval),
    ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
  };
}
