import type { AbstractChat, UIMessage } from 'ai';
import type { ApprovalAnswer, ApprovalResult } from '../loop/approval';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { answerServerApproval, serverApprovalCallId } from './server-approvals';

type Chat = AbstractChat<UIMessage>;

/**
 * The chat's answer to a call waiting for approval: a browser tool's call is the loop's, a server
 * tool's is answered on its part. In the loop's chunk: a call waits only once it is there.
 */
export function answerCallApproval(chat: Chat, loop: ToolLoopCore, toolCallId: string, answer: ApprovalAnswer): Promise<ApprovalResult> {
  return loop.state.calls.has(toolCallId) ? loop.answerApproval(toolCallId, answer) : answerServerApproval(chat, loop, toolCallId, answer);
}

/**
 * `addToolApprovalResponse`, the AI SDK 7 form: a browser tool's approval id is its call id, a
 * server tool's is the server's own.
 */
export function answerApprovalResponse(chat: Chat, loop: ToolLoopCore, { id, approved, reason }: { id: string; approved: boolean; reason?: string }): Promise<ApprovalResult> {
  const toolCallId = loop.state.calls.has(id) ? id : (serverApprovalCallId(chat.messages, id) ?? id);
  return answerCallApproval(chat, loop, toolCallId, approved ? { choice: 'allow-once' } : reason === undefined ? { choice: 'deny' } : { choice: 'deny', reason });
}
