import { useId } from 'react';
import type { ToolChatRows } from '../../core/chat/row-store';
import type { ToolCallViewOf } from '../../core/chat/types';
import { usePartChat, useStoreSelector } from '../use-tool-chat';
import { ApprovalActions } from './approval-actions';
import { useToolChatLabels } from './labels';
import { useToolTitles } from './tool-title';

export interface PendingApprovalsProps {
  className?: string;
}

/**
 * Calls waiting for the user's approval outside the last message (a restored chat, a long
 * thread whose older rows are not on screen), pinned above the status with the same choices as
 * their card (Approve, Allow for this chat, Always allow, Deny, Edit), so a waiting call always
 * reaches the user. Calls of the last message are asked in their card. Reads and answers the
 * chat in context.
 */
export function PendingApprovals({ className }: PendingApprovalsProps) {
  const labels = useToolChatLabels();
  const chat = usePartChat();
  // Worked out again only when a call's view or the last message changed: not per streamed token.
  const waiting = useStoreSelector(chat.rows, olderWaiting, sameViews);
  const titles = useToolTitles(waiting.map((call) => call.toolName));
  if (waiting.length === 0 || chat.readOnly) return null;
  return (
    <div className={className ? `toolchat-pending-approvals ${className}` : 'toolchat-pending-approvals'} role="region" aria-label={labels.awaitingApproval(titles)}>
      {waiting.map((call, index) => (
        <PendingApproval key={call.toolCallId} call={call} title={titles[index]!} />
      ))}
    </div>
  );
}
PendingApprovals.displayName = 'PendingApprovals';

const NONE: ToolCallViewOf[] = [];

function PendingApproval({ call, title }: { call: ToolCallViewOf; title: string }) {
  const nameId = useId();
  return (
    <div className="toolchat-pending-approval" role="group" aria-labelledby={nameId} data-state="awaiting-approval">
      <span className="toolchat-pending-approval-name" id={nameId} title={call.toolName}>
        {title}
      </span>
      <ApprovalActions call={call} title={title} describedBy={nameId} />
    </div>
  );
}

/** Calls waiting for approval outside the last message (the last message's are asked in their card). */
function olderWaiting({ calls, lastAnswerId }: ToolChatRows): ToolCallViewOf[] {
  let waiting: ToolCallViewOf[] | undefined;
  for (const call of calls.values()) if (call.phase === 'awaiting-approval' && call.messageId !== lastAnswerId) (waiting ??= []).push(call);
  return waiting ?? NONE;
}

function sameViews(a: readonly ToolCallViewOf[], b: readonly ToolCallViewOf[]): boolean {
  return a.length === b.length && a.every((view, i) => view === b[i]);
}
