import { createContext, useContext, type ReactNode } from 'react';
import { getOwn } from '../../core/tools/own-record';
import type { ToolRenderers } from './tool-call-card';

const RenderersContext = createContext<ToolRenderers | undefined>(undefined);

export interface ToolRenderersProviderProps {
  /** Per-tool renderers, keyed by tool name (`<ChatWrapper renderTool>`). Keep it stable: a new object renders every card again. */
  renderTool: ToolRenderers | undefined;
  children?: ReactNode;
}

/**
 * Gives the tool cards below it their custom renderers (`renderTool`): each message row and
 * card looks its tool up here, so the renderers are not handed down through the list.
 */
export function ToolRenderersProvider({ renderTool, children }: ToolRenderersProviderProps) {
  return <RenderersContext.Provider value={renderTool}>{children}</RenderersContext.Provider>;
}
ToolRenderersProvider.displayName = 'ToolRenderersProvider';

/** The renderers of the nearest `ToolRenderersProvider`, if any. */
export function useToolRenderers(): ToolRenderers | undefined {
  return useContext(RenderersContext);
}

/** The renderer of a tool, looked up as an own property: the model chose the name (`constructor` is no renderer). */
export function rendererOf(renderTool: ToolRenderers | undefined, toolName: string): ToolRenderers[string] {
  const render = getOwn(renderTool, toolName);
  return typeof render === 'function' ? render : undefined;
}
