import type { ReadResourceResult, Tool as McpToolListing } from '@modelcontextprotocol/sdk/types.js';
import type { AnyToolDefinition } from '../../core/tools/define-tool';
import type { McpElicitations } from '../elicitation/elicitations';

/** What an MCP tool's card needs of its connection: the app's resource and calls, the server's questions. */
export interface McpToolCardSource {
  /** The server, as the connection names it. */
  serverLabel: string;
  /** The tool as the server lists it (its app gets it as `toolInfo`). */
  listing: McpToolListing;
  /** The tool's MCP App (`_meta.ui.resourceUri`), when it has one and apps are on. */
  resourceUri: string | undefined;
  /** The server's questions waiting for an answer. */
  elicitations: McpElicitations;
  /** Largest UI resource shown, in bytes. */
  maxResourceBytes: number;
  /** Reads a resource of the server. */
  readResource(uri: string, signal: AbortSignal): Promise<ReadResourceResult>;
  /** The tool an app of this server may call, by the server's name for it, or why it may not. */
  appTool(name: string): { localName: string; tool: AnyToolDefinition } | { refused: string };
}
