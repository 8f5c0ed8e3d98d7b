import type { ReactNode } from 'react';
import type { ToolSet } from '../../core/tools/define-tool';
import type { ToolCallView } from '../types';

/**
 * The key under which a tool carries its own view inside its card (`toolchat/mcp` puts an MCP
 * App there, and a server's questions): a registered symbol, so the card finds it without
 * loading any of that code, and two copies of the package agree on it.
 * @internal
 */
export const TOOL_CARD_VIEW = Symbol.for('toolchat.toolCardView');

/**
 * What a tool keeps under {@link TOOL_CARD_VIEW}. With `stays`, its cards stay where they are
 * once answered, as custom cards do, instead of folding into the summary (an app stays on screen).
 */
export type ToolCardView = ((call: ToolCallView) => ReactNode) & { stays?: boolean };

function viewOf(tools: ToolSet | undefined, toolName: string): ToolCardView | undefined {
  const tool = tools && Object.hasOwn(tools, toolName) ? (tools[toolName] as { [TOOL_CARD_VIEW]?: unknown } | undefined) : undefined;
  const view = tool?.[TOOL_CARD_VIEW];
  return typeof view === 'function' ? (view as ToolCardView) : undefined;
}

/** The view the call's tool brings for its card, if any (an own property of the chat's tools). */
export function toolCardView(tools: ToolSet | undefined, call: ToolCallView): ReactNode {
  return viewOf(tools, call.toolName)?.(call) ?? null;
}

/** Whether the tool's cards stay unfolded once answered (its view says so). */
export function toolCardStays(tools: ToolSet | undefined, toolName: string): boolean {
  return viewOf(tools, toolName)?.stays === true;
}
