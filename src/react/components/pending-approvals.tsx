import { useId, useMemo } from 'react';
import type { ToolCallViewOf } from '../../core/chat/types';
import type { ToolChatSnapshot } from '../../core/chat/types';
import { useOptionalToolChatContext, useToolChatSelector } from '../use-tool-chat';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import { ApprovalActions } from './approval-actions';
import { useToolChatLabels } from './labels';
import { useToolTitle } from './tool-title';

export interface PendingApprovalsProps {
  /** In place of the chat's Approve (`answerApproval`). */
  onApprove?: ((toolCallId: string) => void) | undefined;
  /** In place of the chat's Deny (`answerApproval`). */
  onDeny?: ((toolCallId: string) => void) | undefined;
  className?: string;
}

/**
 * Calls waiting for the user's approval outside the last message (a restored chat, a long
 * thread whose older rows are not on screen), pinned above the status with the same choices as
 * their card (Approve, Allow for this chat, Always allow, Deny, Edit), so a waiting call always
 * reaches the user. Calls of the last message are asked in their card.
 */
export function PendingApprovals(props: PendingApprovalsProps) {
  const chat = useOptionalToolChatContext();
  return chat ? <PendingApprovalsOf chat={chat} {...props} /> : null;
}
PendingApprovals.displayName = 'PendingApprovals';

function PendingApprovalsOf({ chat, onApprove, onDeny, className }: PendingApprovalsProps & { chat: ToolChat }) {
  const labels = useToolChatLabels();
  // Worked out again only when a call's view or the last message changed: not per streamed token.
  const select = useMemo(() => {
    let last: { calls: ReadonlyMap<string, ToolCallViewOf>; lastId: string | undefined; waiting: ToolCallViewOf[] } | undefined;
    return (state: ToolChatSnapshot) => {
      const calls = chat.getToolCalls();
      const lastId = state.messages.at(-1)?.id;
      if (last?.calls !== calls || last.lastId !== lastId) last = { calls, lastId, waiting: olderWaiting(lastId, calls) };
      return last.waiting;
    };
  }, [chat]);
  const waiting = useToolChatSelector(chat, select, sameViews);
  if (waiting.length === 0) return null;
  return (
    <div className={className ? `toolchat-pending-approvals ${className}` : 'toolchat-pending-approvals'} role="region" aria-label={labels.awaitingApproval(waiting.map((call) => call.toolName))}>
      {waiting.map((call) => (
        <PendingApproval key={call.toolCallId} call={call} handlers={{ onApprove, onDeny }} />
      ))}
    </div>
  );
}

function PendingApproval({ call, handlers }: { call: ToolCallViewOf; handlers: { onApprove?: ((toolCallId: string) => void) | undefined; onDeny?: ((toolCallId: string) => void) | undefined } }) {
  const title = useToolTitle(call.toolName);
  const nameId = useId();
  return (
    <div className="toolchat-pending-approval" role="group" aria-labelledby={nameId} data-state="awaiting-approval">
      <span className="toolchat-pending-approval-name" id={nameId} title={call.toolName}>
        {title}
      </span>
      <ApprovalActions call={call} title={title} describedBy={nameId} handlers={handlers} />
    </div>
  );
}

function olderWaiting(lastId: string | undefined, calls: ReadonlyMap<string, ToolCallViewOf>): ToolCallViewOf[] {
  const waiting: ToolCallViewOf[] = [];
  for (const call of calls.values()) if (call.phase === 'awaiting-approval' && call.messageId !== lastId) waiting.push(call);
  return waiting;
}

function sameViews(a: readonly ToolCallViewOf[], b: readonly ToolCallViewOf[]): boolean {
  return a.length === b.length && a.every((view, i) => view === b[i]);
}
