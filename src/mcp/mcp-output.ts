import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** One block of an MCP tool result, as the server sent it (text, image, audio, resource…). */
export type McpContent = CallToolResult['content'][number];

/**
 * The output of an MCP tool call, as the model and the UI get it: the server's content blocks
 * (images and audio keep their base64 `data` and `mimeType`, so a renderer can show them as
 * `data:` URLs) and its structured content when it sent one.
 */
export interface McpToolOutput {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
}

/** Thrown by an MCP tool's `execute` when the server answers with `isError`: the model reads its text. */
export class McpToolError extends Error {
  override readonly name = 'McpToolError';
  constructor(
    message: string,
    /** The server's content blocks. */
    readonly content: McpContent[],
  ) {
    super(message);
  }
}

/** The text of the text blocks, one per line. */
export function mcpText(content: readonly McpContent[]): string {
  return content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}

/**
 * The output of a `tools/call` result, or an {@link McpToolError} when the server flagged it as
 * an error. `_meta` stays out: it is for the client, not the model.
 */
export function toMcpOutput(value: object, toolName: string): McpToolOutput {
  const result = value as { content?: unknown; isError?: unknown; structuredContent?: unknown };
  const content = Array.isArray(result.content) ? (result.content as McpContent[]) : [];
  if (result.isError === true) {
    throw new McpToolError(mcpText(content) || `The MCP tool "${toolName}" reported an error without a message`, content);
  }
  const structured = result.structuredContent;
  return typeof structured === 'object' && structured !== null && !Array.isArray(structured)
    ? { content, structuredContent: structured as Record<string, unknown> }
    : { content };
}

/** Whether a tool output is an {@link McpToolOutput}: for renderers of tool calls. */
export function isMcpToolOutput(value: unknown): value is McpToolOutput {
  return typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
}
