import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ToolSet } from '../../core/tools/define-tool';
import { humanizeToolName } from '../../core/tools/humanize-tool-name';

export { humanizeToolName };

// Keyed by tool names a model or server chose: a Map, never a plain object.
const TitlesContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

export interface ToolTitlesProviderProps {
  /** The chat's tools; each one's `title` names its cards. */
  tools?: ToolSet | undefined;
  children?: ReactNode;
}

/** Gives tool cards below it the titles of the chat's tools (`defineTool({ title })`). */
export function ToolTitlesProvider({ tools, children }: ToolTitlesProviderProps) {
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    if (tools) {
      for (const name of Object.keys(tools)) {
        const title = tools[name]?.title;
        if (typeof title === 'string' && title.trim() !== '') map.set(name, title);
      }
    }
    return map;
  }, [tools]);
  return <TitlesContext.Provider value={titles}>{children}</TitlesContext.Provider>;
}
ToolTitlesProvider.displayName = 'ToolTitlesProvider';

/** The title a tool's cards show: its `title`, else its name humanised. */
export function useToolTitle(toolName: string): string {
  const titles = useContext(TitlesContext);
  return titles?.get(toolName) ?? humanizeToolName(toolName);
}

/** The titles of several tools, in order. */
export function useToolTitles(toolNames: readonly string[]): string[] {
  const titles = useContext(TitlesContext);
  return toolNames.map((name) => titles?.get(name) ?? humanizeToolName(name));
}
