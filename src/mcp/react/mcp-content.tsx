import type { ReactNode } from 'react';
import type { ToolSet } from '../../core/tools/define-tool';
import { safeLinkUrl } from '../../react/components/safe-url';
import type { ToolCallView } from '../../react/types';
import { isMcpToolOutput, type McpContent } from '../mcp-output';

// Raster images and common audio only: an SVG data URL can carry script.
const IMAGE_TYPES = /^image\/(?:png|jpe?g|gif|webp|avif)$/i;
const AUDIO_TYPES = /^audio\/(?:mpeg|mp3|wav|ogg|webm|aac|flac)$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface McpContentViewProps {
  /** The content blocks of an MCP tool result. */
  content: readonly McpContent[];
}

function block(item: McpContent, index: number): ReactNode {
  switch (item.type) {
    case 'text':
      return (
        <p key={index} className="toolchat-mcp-text">
          {item.text}
        </p>
      );
    case 'image':
      if (!IMAGE_TYPES.test(item.mimeType) || !BASE64.test(item.data)) return null;
      return <img key={index} className="toolchat-file-image" src={`data:${item.mimeType};base64,${item.data}`} alt="" />;
    case 'audio':
      if (!AUDIO_TYPES.test(item.mimeType) || !BASE64.test(item.data)) return null;
      return <audio key={index} controls src={`data:${item.mimeType};base64,${item.data}`} />;
    case 'resource_link': {
      const url = safeLinkUrl(item.uri);
      const name = item.title ?? item.name;
      return url ? (
        <a key={index} className="toolchat-source" href={url} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
      ) : (
        <span key={index} className="toolchat-source">
          {name}
        </span>
      );
    }
    case 'resource':
      return 'text' in item.resource ? (
        <pre key={index} className="toolchat-tool-json">
          {item.resource.text}
        </pre>
      ) : null;
  }
}

/**
 * The content of an MCP tool result as a person reads it: text as paragraphs, images and audio
 * inline (raster and common audio types only, from base64 data), resource links as links.
 */
export function McpContentView({ content }: McpContentViewProps) {
  return <div className="toolchat-mcp-content">{content.map(block)}</div>;
}
McpContentView.displayName = 'McpContentView';

/** A `renderTool` entry for an MCP tool: its content once the result is in. */
export function renderMcpToolCall(call: ToolCallView): ReactNode {
  return isMcpToolOutput(call.output) ? <McpContentView content={call.output.content} /> : null;
}

/**
 * `renderTool` entries for every tool of a set (an MCP connection's), so their cards show
 * text, images and audio instead of JSON alone.
 *
 * @example
 * <ChatWrapper tools={tools} renderTool={mcpToolRenderers(mcp.tools)} />
 */
export function mcpToolRenderers(tools: ToolSet): Record<string, (call: ToolCallView) => ReactNode> {
  return Object.fromEntries(Object.keys(tools).map((name) => [name, renderMcpToolCall]));
}
