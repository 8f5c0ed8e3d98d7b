import { useId, useState, type ReactNode } from 'react';
import { useToolChatLabels } from './labels';

export interface ToolSummaryProps {
  count: number;
  /** The folded tool cards. */
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
}

/** A finished turn's tool history folded into "Used 3 tools", expandable. */
export function ToolSummary({ count, children, defaultOpen = false, className }: ToolSummaryProps) {
  const labels = useToolChatLabels();
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  return (
    <div
      className={className ? `toolchat-tool-summary ${className}` : 'toolchat-tool-summary'}
      data-state={open ? 'open' : 'closed'}
    >
      <button
        type="button"
        className="toolchat-tool-summary-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="toolchat-tool-chevron" aria-hidden="true" />
        {labels.usedTools(count)}
      </button>
      <div id={listId} className="toolchat-tool-summary-list" hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
ToolSummary.displayName = 'ToolSummary';
