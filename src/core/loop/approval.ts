import type { ToolSet } from '../tools/define-tool';
import { findTool } from '../tools/execute-tool-calls';
import { validateToolInput } from '../tools/input-schema';
import type { ToolCall } from '../tools/types';

export interface ApprovalAnswer {
  approved: boolean;
  reason?: string;
}

/**
 * Asks the user when the call's tool needs approval, and resolves with the answer; resolves
 * `undefined` when no approval is needed. Input the schema refuses skips the question: the
 * call will fail validation without running. When `needsApproval` throws, the user is asked.
 */
export async function askApproval(
  call: ToolCall,
  tools: ToolSet,
  signal: AbortSignal,
  ask: () => Promise<ApprovalAnswer>,
): Promise<ApprovalAnswer | undefined> {
  const tool = findTool(tools, call.toolName);
  if (!tool?.execute || tool.needsApproval === undefined || tool.needsApproval === false) return undefined;
  const parsed = await validateToolInput(tool, call.input);
  if (!parsed.success) return undefined;
  let needed = true;
  if (typeof tool.needsApproval === 'function') {
    try {
      needed = await (tool.needsApproval as (input: unknown) => boolean | PromiseLike<boolean>)(parsed.value);
    } catch {
      needed = true;
    }
  }
  if (!needed) return undefined;
  if (signal.aborted) return { approved: false, reason: 'cancelled' };
  return ask();
}
