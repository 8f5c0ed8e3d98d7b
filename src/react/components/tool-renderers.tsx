import { getOwn } from '../../core/tools/own-record';
import type { ToolRenderers } from './tool-call-card';

/** The renderer of a tool, looked up as an own property: the model chose the name (`constructor` is no renderer). */
export function rendererOf(renderTool: ToolRenderers | undefined, toolName: string): ToolRenderers[string] {
  const render = getOwn(renderTool, toolName);
  return typeof render === 'function' ? render : undefined;
}
