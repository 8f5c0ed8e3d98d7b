import type { ToolSet } from './define-tool';
import { findTool } from './find-tool';
import { humanizeToolName } from './humanize-tool-name';

/** The name people read for a tool: its `title` (`defineTool({ title })`), else its name humanised. */
export function toolTitle(tools: ToolSet, toolName: string): string {
  const title = findTool(tools, toolName)?.title;
  return typeof title === 'string' && title.trim() !== '' ? title : humanizeToolName(toolName);
}
