import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from './ui-part';
import { APPROVAL_EXPIRED_REASON, toolErrorMessages } from '../tools/errors';
import { isBrowserApproval, type ToolPart } from './part-states';

type Part = UIMessage['parts'][number];

/**
 * The messages as the server gets them: a browser tool's approval is the browser's business,
 * so its parts go as they always did (no approval, a denial as the error the model reads).
 * Returns the same array when nothing needed changing.
 */
export function toRequestMessages(messages: readonly UIMessage[]): UIMessage[] {
  let out: UIMessage[] | undefined;
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m]!;
    let parts: Part[] | undefined;
    for (let i = 0; i < message.parts.length; i++) {
      const part = message.parts[i]!;
      if (!isToolUIPart(part) || !isBrowserApproval(part)) continue;
      parts ??= message.parts.slice();
      const { approval, ...rest } = part as ToolPart & { approval: { reason?: string; isAutomatic?: boolean; descriptor?: unknown } };
      const toolName = getToolName(part);
      if (part.state === 'output-denied') {
        parts[i] = { ...rest, state: 'output-error', errorText: deniedText(toolName, approval) } as Part;
      } else if (part.state === 'approval-requested' || part.state === 'approval-responded') {
        parts[i] = { ...rest, state: 'input-available' } as Part;
      } else if (wasEdited(approval)) {
        // The model is told that the call ran with the user's arguments (the input it sees).
        const note = toolErrorMessages.edited(toolName);
        parts[i] = (
          part.state === 'output-available'
            ? { ...rest, output: { note, output: part.output } }
            : part.state === 'output-error'
              ? { ...rest, errorText: `${note}. ${part.errorText}` }
              : rest
        ) as Part;
      } else {
        parts[i] = rest as Part;
      }
    }
    if (parts) {
      out ??= messages.slice();
      out[m] = { ...message, parts };
    }
  }
  return out ?? (messages as UIMessage[]);
}

/** What the model reads for a denied browser call: the user's denial, the policy's, or an expiry. */
function deniedText(toolName: string, approval: { reason?: string; isAutomatic?: boolean }): string {
  if (approval.reason === APPROVAL_EXPIRED_REASON) return toolErrorMessages.approvalExpired(toolName);
  return approval.isAutomatic ? toolErrorMessages.deniedByPolicy(toolName, approval.reason) : toolErrorMessages.denied(toolName, approval.reason);
}

/** A browser call the user edited before it ran (see `applyLoopStates`). */
function wasEdited(approval: { descriptor?: unknown }): boolean {
  const own = (approval.descriptor as { toolchat?: unknown } | undefined)?.toolchat;
  return typeof own === 'object' && own !== null && Object.hasOwn(own, 'editedFrom');
}
