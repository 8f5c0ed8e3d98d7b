import { useId, useState, type ReactNode } from 'react';
import { useToolChatLabels } from './labels';

export interface ToolSummaryProps {
  /** The folded calls' tool names, one per call. */
  toolNames: readonly string[];
  /** How many of them failed (errors, timeouts, denials, cancellations). */
  failed?: number;
  /** The folded tool cards. */
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
}

/**
 * A finished turn's tool history folded into "Used getWeather and getTime", expandable; a
 * failure shows without opening it ("1 failed").
 */
export function ToolSummary({ toolNames, failed = 0, children, defaultOpen = false, className }: ToolSummaryProps) {
  const labels = useToolChatLabels();
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
        {labels.usedTools([...new Set(toolNames)], toolNames.length)}
        {failed > 0 && (
          <>
            {' '}
            <span className="toolchat-badge" data-state="error">
              {labels.failedTools(failed)}
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
