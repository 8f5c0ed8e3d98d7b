import type { UIMessage } from 'ai';
import { isToolUIPart } from './ui-part';
import type { CallMap } from '../loop/call-map';
import type { ToolCallState } from '../loop/call-state';
import { APPROVAL_EXPIRED_REASON, APPROVAL_GRANTED_REASON } from '../tools/errors';
import { isBrowserApproval, type ToolPart } from './part-states';

/**
 * Writes the loop's knowledge of each call into its part, in the AI SDK's own states:
 * `approval-requested` while the user decides (with the policy's `requestReason`),
 * `approval-responded` once approved (until the result), `output-denied` after Deny, a denial by
 * the app's policy or an expiry. A decision made without the user carries `isAutomatic`, as the
 * AI SDK's do; a call the user edited carries the edited input, and the model's own in
 * `approval.descriptor.toolchat.editedFrom`. Changes the parts of `message` in place: the chat's
 * state calls it on its own copy of each message it stores. In the loop's chunk: the loop knows
 * of a call only once a response (which waits for that chunk), a restored chat or Run again
 * (which wait for it too) brought it.
 */
export function applyLoopStates(message: UIMessage, calls: CallMap): void {
  if (message.role !== 'assistant') return;
  const parts = message.parts;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!isToolUIPart(part) || part.providerExecuted === true) continue;
    const call = calls.get(part.toolCallId);
    if (!call) continue;
    const next = stateOf(part, call);
    if (next) parts[i] = next;
  }
}

type Approval = Record<string, unknown>;

function stateOf(part: ToolPart, call: ToolCallState): ToolPart | undefined {
  const open = part.state === 'input-available' || ((part.state === 'approval-requested' || part.state === 'approval-responded') && isBrowserApproval(part));
  const { phase, approval } = call;
  // Runs for every tool part of the streamed message on every chunk: the copy is made only for a
  // part that changes (most keep their state), and without `delete`, which slows an object down.
  const base = (): Record<string, unknown> => {
    const { errorText: _errorText, output: _output, ...rest } = part as Record<string, unknown>;
    return rest;
  };
  if ((phase === 'denied' || phase === 'expired') && (open || part.state === 'output-error')) {
    const denied: Approval = { id: part.toolCallId, approved: false };
    if (approval && approval.by !== 'user') denied.isAutomatic = true;
    const reason = phase === 'expired' ? APPROVAL_EXPIRED_REASON : approval?.reason;
    if (reason !== undefined) denied.reason = reason;
    return { ...base(), state: 'output-denied', approval: denied } as unknown as ToolPart;
  }
  if (phase === 'awaiting-approval') {
    if (!open || part.state === 'approval-requested') return undefined;
    const asked: Approval = { id: part.toolCallId };
    if (call.question?.reason !== undefined) asked.requestReason = call.question.reason;
    return { ...base(), state: 'approval-requested', approval: asked } as unknown as ToolPart;
  }
  if (approval?.approved) {
    const written = part.approval as Approval | undefined;
    // Once written, the approval stays on the part through its result (the AI SDK keeps it).
    if (written?.approved === true && (!open || part.state === 'approval-responded')) return undefined;
    if (!open && part.state !== 'output-available' && part.state !== 'output-error') return undefined;
    const approved: Approval = { id: part.toolCallId, approved: true };
    if (approval.by !== 'user') approved.isAutomatic = true;
    const reason = approval.reason ?? (approval.by === 'grant' ? APPROVAL_GRANTED_REASON : undefined);
    if (reason !== undefined) approved.reason = reason;
    const next: Record<string, unknown> = open ? { ...base(), state: 'approval-responded' } : { ...part };
    if ('editedFrom' in approval) {
      approved.descriptor = { toolchat: { editedFrom: approval.editedFrom } };
      next.input = call.input;
    }
    return { ...next, approval: approved } as unknown as ToolPart;
  }
  if (!open || part.state === 'input-available') return undefined;
  // Asked once (a stored record), not any more (the user's grant): an ordinary call again.
  const { approval: _approval, ...plain } = base();
  return { ...plain, state: 'input-available' } as unknown as ToolPart;
}
