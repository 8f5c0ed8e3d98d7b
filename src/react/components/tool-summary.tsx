import { useId, useState, type ReactNode } from 'react';
import { useToolChatLabels } from './labels';
import { useToolTitles } from './tool-title';

export interface ToolSummaryProps {
  /** The folded calls' tool names, one per call. */
  toolNames: readonly string[];
  /** How many of them failed (errors and timeouts; a denial or a Stop is the user's choice, not a failure). */
  failed?: number;
  /** How many of them the user denied: shown beside the summary, neutral. */
  denied?: number;
  /** The folded tool cards. */
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
}

/**
 * A finished turn's tool history folded into "Used Get weather and Get time", expandable; a
 * failure shows without opening it ("1 failed"), and so does a denial, neutral ("1 denied").
 */
export function ToolSummary({ toolNames, failed = 0, denied = 0, children, defaultOpen = false, className }: ToolSummaryProps) {
  const labels = useToolChatLabels();
  const titles = useToolTitles(toolNames);
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  return (
    <div
      className={className ? `toolchat-tool-summary ${className}` : 'toolchat-tool-summary'}
      data-state={open ? 'open' : 'closed'}
      data-failed={failed > 0 ? '' : undefined}
    >
      <button
        type="button"
        className="toolchat-tool-summary-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="toolchat-tool-chevron" aria-hidden="true" />
        {labels.usedTools([...new Set(titles)], toolNames.length)}
        {failed > 0 && (
          <>
            {' '}
            <span className="toolchat-badge" data-state="error">
              {labels.failedTools(failed)}
            </span>
          </>
        )}
        {denied > 0 && (
          <>
            {' '}
            <span className="toolchat-badge" data-state="denied">
              {labels.deniedTools(denied)}
            </span>
          </>
        )}
      </button>
      <div id={listId} className="toolchat-tool-summary-list" hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
ToolSummary.displayName = 'ToolSummary';
