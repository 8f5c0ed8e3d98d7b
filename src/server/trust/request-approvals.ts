import type { ToolApprovalConfiguration, ToolSet as AIToolSet, UIMessage } from 'ai';
import type { ApprovalPolicy } from '../../core/loop/approval-policy';
import { applyApprovalEdits, serverToolApproval, withEditNotes } from './server-approvals';
import type { ApprovedCall, VerifiedConversation } from './verify-tool-parts';

/** What one request's server approvals change in the model call (see `requestApprovals`). */
export interface RequestApprovals {
  /** The conversation as the model reads it: the user's edits in place of the model's inputs. */
  modelMessages: UIMessage[] | undefined;
  /** The approved calls that may run: an edit the schema refuses runs nothing. */
  runnable: Map<string, ApprovedCall>;
  /** The server tools of the request, around what runs them once: edits noted, refused edits failing. */
  wrapTools(tools: AIToolSet): AIToolSet;
  /** The AI SDK `toolApproval` of the app's `approvalPolicy`, when it has one. */
  toolApproval: ToolApprovalConfiguration<AIToolSet, never> | undefined;
}

/**
 * The server side of the user's approval vocabulary for one request: the edits the user made on
 * approved server calls (checked against the tool's schema again here; the browser's check is a
 * courtesy), and the app's policy for the calls the model makes now. Single use stays
 * `runOnceTools`'s: an edited call is claimed by its signature like any other.
 */
export async function requestApprovals(options: {
  verified: VerifiedConversation;
  tools: AIToolSet;
  policy: ApprovalPolicy | undefined;
  chatId: string;
  onPolicyError: (error: Error) => void;
}): Promise<RequestApprovals> {
  const { verified, tools, policy } = options;
  const edited = new Map<string, { toolName: string; editedInput: unknown }>();
  for (const [toolCallId, call] of verified.calls) if ('editedInput' in call) edited.set(toolCallId, { toolName: call.toolName, editedInput: call.editedInput });
  const edits = await applyApprovalEdits(verified.messages, verified.approved, edited, tools);
  const runnable = new Map([...verified.approved].filter(([, call]) => call.editError === undefined));
  return {
    modelMessages: edits.messages === verified.messages ? undefined : edits.messages,
    runnable,
    wrapTools: (wrapped) => withEditNotes(wrapped, edits.edited, verified.approved),
    toolApproval: policy
      ? serverToolApproval({ tools, policy, chatId: options.chatId, messages: verified.messages, onPolicyError: options.onPolicyError })
      : undefined,
  };
}
