import { useId, useRef, useState, type ReactNode } from 'react';
import type { ToolCallView } from '../types';
import { ApprovalActions, ApprovalNote, ToolArgsSummary, ToolCallDetails, ToolCallError } from './lazy-parts';
import { useToolChatLabels } from './labels';
import { useToolTitle } from './tool-title';
import { usePartChat } from '../use-tool-chat';
import { toolCardView } from './tool-card-view';

/** Per-tool renderers, keyed by tool name: generative UI for the calls they match. */
export type ToolRenderers = Record<string, ((call: ToolCallView) => ReactNode) | undefined>;

export interface ToolCallCardProps {
  call: ToolCallView;
  /** Custom body for this call (e.g. `renderTool[call.toolName]`), shown above the details. */
  render?: ((call: ToolCallView) => ReactNode) | undefined;
  /** Controlled open state of the details. */
  open?: boolean;
  /** Uncontrolled initial state; by default the details open while approval is awaited, on error, or when interrupted. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/**
 * One tool call: its title (`defineTool({ title })`, else the name humanised), a state badge,
 * the duration, the arguments as a short key/value line, one line for an error, and
 * collapsible details with the arguments' JSON (as they stream, pretty once complete) and the
 * result. A denial is a decision, not a failure: the badge says "Denied", with the user's
 * reason if they gave one. While the call awaits approval it offers the user's choices through
 * the chat in context (`ApprovalActions`): Approve, Allow for this chat, Always allow <tool>
 * (with the scope a grant would cover), Deny (with an optional reason) and Edit; a call decided
 * without the user (the app's policy, a grant, expiry) says how.
 */
export function ToolCallCard({
  call,
  render,
  open: openProp,
  defaultOpen,
  onOpenChange,
  className,
}: ToolCallCardProps) {
  const labels = useToolChatLabels();
  // The chat in context answers the call (`ApprovalActions`).
  const chat = usePartChat();
  const title = useToolTitle(call.toolName);
  const detailsId = useId();
  const titleId = useId();
  const headerRef = useRef<HTMLButtonElement | null>(null);
  const [openState, setOpenState] = useState<boolean | undefined>(defaultOpen);
  const awaiting = call.phase === 'awaiting-approval';
  const open = openProp ?? openState ?? awaiting;
  const toggle = () => {
    setOpenState(!open);
    onOpenChange?.(!open);
  };
  const custom = render?.(call);

  return (
    // A group, not a region: a chat holds many cards, and landmarks must stay few and unique.
    <div
      role="group"
      className={className ? `toolchat-tool ${className}` : 'toolchat-tool'}
      data-state={call.phase}
      data-tool={call.toolName}
      aria-labelledby={titleId}
    >
      <button
        ref={headerRef}
        type="button"
        className="toolchat-tool-header"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={toggle}
      >
        <span className="toolchat-tool-chevron" aria-hidden="true" />
        <span className="toolchat-tool-name" id={titleId} title={call.toolName}>
          {title}
        </span>
        <span className="toolchat-badge" data-state={call.phase}>
          {labels.toolPhase[call.phase]}
        </span>
        {call.durationMs !== undefined && (
          <span className="toolchat-tool-duration">{labels.duration(call.durationMs)}</span>
        )}
      </button>
      {(custom == null || custom === false) && !open && <ToolArgsSummary input={call.input} />}
      {call.error !== undefined && <ToolCallError call={call} />}
      {custom != null && custom !== false && <div className="toolchat-tool-custom">{custom}</div>}
      {/* The tool's own view (an MCP App, a server's question), loaded by the tool's package. */}
      {toolCardView(chat.options.tools, call)}
      <div className="toolchat-tool-details" id={detailsId} hidden={!open}>
        {open && <ToolCallDetails call={call} />}
      </div>
      {call.approval !== undefined && !awaiting && <ApprovalNote call={call} />}
      {awaiting && (
        <ApprovalActions
          call={call}
          title={title}
          describedBy={titleId}
          onAnswered={() => headerRef.current?.focus()}
        />
      )}
    </div>
  );
}
ToolCallCard.displayName = 'ToolCallCard';
