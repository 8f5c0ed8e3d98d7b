import type { Tool as McpToolListing } from '@modelcontextprotocol/sdk/types.js';

/** What a tool's `_meta.ui` says (MCP Apps): its UI resource and who may call it. */
export interface ToolUiMeta {
  /** The `ui://` resource the tool's card shows, when it names a valid one. */
  resourceUri: string | undefined;
  /** The model may call the tool (`visibility` holds `model`, or is absent). */
  model: boolean;
  /** An app of the same server may call the tool (`visibility` holds `app`, or is absent). */
  app: boolean;
}

/** The MIME type of an MCP App's HTML resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

const NO_UI: ToolUiMeta = { resourceUri: undefined, model: true, app: true };

/**
 * Reads `_meta.ui` (and the older flat `_meta["ui/resourceUri"]`) of a listed tool, as the
 * ext-apps SDK does, without loading it: anything odd is ignored, never thrown.
 */
export function toolUiMeta(listing: McpToolListing): ToolUiMeta {
  const meta = listing._meta;
  if (typeof meta !== 'object' || meta === null) return NO_UI;
  const ui = Object.hasOwn(meta, 'ui') ? (meta.ui as { resourceUri?: unknown; visibility?: unknown } | null) : undefined;
  const uri = typeof ui === 'object' && ui !== null && Object.hasOwn(ui, 'resourceUri') ? ui.resourceUri : Object.hasOwn(meta, 'ui/resourceUri') ? meta['ui/resourceUri'] : undefined;
  const visibility = typeof ui === 'object' && ui !== null && Array.isArray(ui.visibility) ? (ui.visibility as unknown[]) : undefined;
  return {
    resourceUri: typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined,
    model: visibility === undefined || visibility.includes('model'),
    app: visibility === undefined || visibility.includes('app'),
  };
}
