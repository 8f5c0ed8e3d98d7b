import { useId, useState, type FormEvent } from 'react';
import type { ApprovalAnswer } from '../../core/loop/approval';
import type { ToolCallView } from '../types';
import { usePartChat } from '../use-tool-chat';
import { usePartLabels } from './part-labels';

export interface ApprovalActionsProps {
  call: ToolCallView;
  /** The call's title, for "Always allow <title>". */
  title: string;
  /** The id of the element naming the call, which every button is described by. */
  describedBy: string;
  /** After an answer is taken (the buttons go away): the card keeps focus on itself. */
  onAnswered?: () => void;
}

type Open = 'none' | 'deny' | 'edit';

/**
 * The user's answers to a call waiting for approval, through the chat in context
 * (`answerApproval`): Approve, Allow for this chat, Always allow <title>, Deny (at once, or with
 * a reason the model reads), and Edit the arguments (checked against the tool's schema; a
 * refused edit says why and the call keeps waiting). The scope a grant would cover is shown
 * before the user commits; a call whose scope could not be read offers only this once. In a
 * read-only chat, or outside one, Approve and Deny show disabled and nothing else is offered.
 */
export function ApprovalActions({ call, title, describedBy, onAnswered }: ApprovalActionsProps) {
  const labels = usePartLabels();
  const chat = usePartChat();
  const acts = !chat.readOnly;
  const [open, setOpen] = useState<Open>('none');
  const [reason, setReason] = useState('');
  const [text, setText] = useState(() => pretty(call.input));
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const errorId = useId();
  const scopeId = useId();
  const approval = call.approval;
  const grantable = approval?.grantable !== false && acts;
  const shownError = error ?? approval?.editError;

  const answer = async (given: ApprovalAnswer) => {
    if (!acts) return;
    setBusy(true);
    const result = await chat.answerApproval(call.toolCallId, given);
    setBusy(false);
    if (result.ok) {
      setError(undefined);
      onAnswered?.();
    } else setError(result.error);
  };
  const approve = () => void answer({ choice: 'allow-once' });
  const deny = (withReason?: string) => {
    const trimmed = withReason?.trim();
    void answer(trimmed ? { choice: 'deny', reason: trimmed } : { choice: 'deny' });
  };
  const alwaysAllow = () => void answer({ choice: 'allow-always' });
  const submitEdit = (event: FormEvent) => {
    event.preventDefault();
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (parseError) {
      setError(labels.invalidJson(parseError instanceof Error ? parseError.message : String(parseError)));
      return;
    }
    void answer({ choice: 'edit', input });
  };
  const submitDeny = (event: FormEvent) => {
    event.preventDefault();
    deny(reason);
  };
  const cancel = () => {
    setOpen('none');
    setError(undefined);
  };

  return (
    <div className="toolchat-tool-approval">
      {approval?.requestReason !== undefined && <p className="toolchat-tool-approval-reason">{approval.requestReason}</p>}
      {approval?.scope !== undefined && grantable && (
        <p className="toolchat-tool-approval-scope" id={scopeId}>
          {labels.grantScope(approval.scope)}
        </p>
      )}
      {shownError !== undefined && (
        <p className="toolchat-tool-error" role="alert" id={errorId}>
          {shownError}
        </p>
      )}
      {open === 'deny' && (
        <form className="toolchat-tool-approval-form" id={formId} onSubmit={submitDeny}>
          <label>
            <span>{labels.denyReason}</span>
            <input type="text" value={reason} maxLength={1000} autoFocus onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="toolchat-tool-actions">
            <button type="submit" className="toolchat-button" disabled={busy} aria-describedby={describedBy}>
              {labels.deny}
            </button>
            <button type="button" className="toolchat-button" data-variant="quiet" onClick={cancel}>
              {labels.cancelEdit}
            </button>
          </div>
        </form>
      )}
      {open === 'edit' && (
        <form className="toolchat-tool-approval-form" id={formId} onSubmit={submitEdit}>
          <label>
            <span>{labels.editArgumentsLabel}</span>
            <textarea
              value={text}
              rows={Math.min(12, text.split('\n').length + 1)}
              spellCheck={false}
              autoFocus
              aria-invalid={shownError !== undefined}
              {...(shownError !== undefined ? { 'aria-errormessage': errorId } : {})}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
          </label>
          <div className="toolchat-tool-actions">
            <button type="submit" className="toolchat-button" data-variant="primary" disabled={busy} aria-describedby={describedBy}>
              {labels.runEdited}
            </button>
            <button type="button" className="toolchat-button" data-variant="quiet" onClick={cancel}>
              {labels.cancelEdit}
            </button>
          </div>
        </form>
      )}
      {open === 'none' && (
        <div className="toolchat-tool-actions">
          <button type="button" className="toolchat-button" data-variant="primary" disabled={!acts || busy} aria-describedby={describedBy} onClick={approve}>
            {labels.approve}
          </button>
          {grantable && (
            <button type="button" className="toolchat-button" disabled={busy} aria-describedby={approval?.scope !== undefined ? `${describedBy} ${scopeId}` : describedBy} onClick={() => void answer({ choice: 'allow-chat' })}>
              {labels.allowForChat}
            </button>
          )}
          {grantable && (
            <button type="button" className="toolchat-button" data-variant="quiet" disabled={busy} {...(approval?.scope !== undefined ? { 'aria-describedby': scopeId } : {})} onClick={alwaysAllow}>
              {labels.alwaysAllow(title)}
            </button>
          )}
          <button type="button" className="toolchat-button" disabled={!acts || busy} aria-describedby={describedBy} onClick={() => deny()}>
            {labels.deny}
          </button>
          {acts && (
            <button type="button" className="toolchat-button" data-variant="quiet" disabled={busy} aria-describedby={describedBy} onClick={() => setOpen('deny')}>
              {labels.denyWithReason}
            </button>
          )}
          {acts && (
            <button
              type="button"
              className="toolchat-button"
              data-variant="quiet"
              disabled={busy}
              aria-describedby={describedBy}
              onClick={() => {
                setText(pretty(call.input));
                setOpen('edit');
              }}
            >
              {labels.editArguments}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
ApprovalActions.displayName = 'ApprovalActions';

/**
 * How the call's approval was decided, when it says more than the badge: automatically by the
 * app's policy (with the reason), by one of the user's grants, by the clock, or with the user's
 * edited arguments.
 */
export function ApprovalNote({ call }: { call: ToolCallView }) {
  const labels = usePartLabels();
  const approval = call.approval;
  if (!approval || approval.approved === undefined || approval.by === undefined) return null;
  // A browser call's denial by the policy is the card's error line already, with the reason.
  if (approval.by === 'policy' && !approval.approved && !approval.server) return null;
  const note = labels.approvalDecided({
    approved: approval.approved,
    by: approval.by,
    ...(approval.reason === undefined ? {} : { reason: approval.reason }),
    edited: 'editedFrom' in approval,
  });
  return note === undefined ? null : (
    <p className="toolchat-tool-approval-note" data-by={approval.by}>
      {note}
    </p>
  );
}
ApprovalNote.displayName = 'ApprovalNote';

function pretty(input: unknown): string {
  try {
    return JSON.stringify(input ?? {}, null, 2) ?? '{}';
  } catch {
    return '{}';
  }
}
