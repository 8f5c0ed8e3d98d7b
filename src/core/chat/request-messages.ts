import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { toolErrorMessages } from '../tools/errors';
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
      const { approval, ...rest } = part as ToolPart & { approval: { reason?: string } };
      if (part.state === 'output-denied') {
        parts[i] = { ...rest, state: 'output-error', errorText: toolErrorMessages.denied(getToolName(part), approval.reason) } as Part;
      } else if (part.state === 'approval-requested' || part.state === 'approval-responded') {
        parts[i] = { ...rest, state: 'input-available' } as Part;
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
