import { isToolUIPart, type UIMessage } from 'ai';
import type { CallMap } from '../loop/call-map';
import { isBrowserApproval, type ToolPart } from './part-states';

/**
 * Writes the loop's knowledge of each call into its part, in the AI SDK's own states:
 * `approval-requested` while the user decides, `approval-responded` once approved (until the
 * result), `output-denied` after Deny. Changes the parts of `message` in place: the chat's
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
    const next = stateOf(part, call.phase, call.approval);
    if (next) parts[i] = next;
  }
}

function stateOf(part: ToolPart, phase: string, approval: { approved: boolean; reason?: string } | undefined): ToolPart | undefined {
  const open = part.state === 'input-available' || ((part.state === 'approval-requested' || part.state === 'approval-responded') && isBrowserApproval(part));
  const base = { ...part } as Record<string, unknown>;
  delete base.errorText;
  delete base.output;
  if (phase === 'denied' && (open || part.state === 'output-error')) {
    return { ...base, state: 'output-denied', approval: { id: part.toolCallId, approved: false, ...(approval?.reason === undefined ? {} : { reason: approval.reason }) } } as unknown as ToolPart;
  }
  if (!open) return undefined;
  if (phase === 'awaiting-approval') {
    return part.state === 'approval-requested' ? undefined : ({ ...base, state: 'approval-requested', approval: { id: part.toolCallId } } as unknown as ToolPart);
  }
  if (approval?.approved) {
    return part.state === 'approval-responded' ? undefined : ({ ...base, state: 'approval-responded', approval: { id: part.toolCallId, approved: true } } as unknown as ToolPart);
  }
  if (part.state === 'input-available') return undefined;
  // Asked once (a stored record), not any more (the user's grant): an ordinary call again.
  delete base.approval;
  return { ...base, state: 'input-available' } as unknown as ToolPart;
}
