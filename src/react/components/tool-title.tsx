import { humanizeToolName } from '../../core/tools/humanize-tool-name';
import { toolTitle } from '../../core/tools/tool-title';
import { usePartChat } from '../use-tool-chat';

export { humanizeToolName };

/** The title a tool's cards show: its `title` among the chat's tools (`defineTool({ title })`), else its name humanised. */
export function useToolTitle(toolName: string): string {
  return toolTitle(usePartChat().options.tools, toolName);
}

/** The titles of several tools, in order. */
export function useToolTitles(toolNames: readonly string[]): string[] {
  const { tools } = usePartChat().options;
  return toolNames.map((name) => toolTitle(tools, name));
}
