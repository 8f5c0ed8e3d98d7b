import type { ToolSet } from '../tools/define-tool';
import { toolErrorMessages } from '../tools/errors';
import { DEFAULT_TOOL_TIMEOUT_MS, executeToolCall } from '../tools/execute-tool-calls';
import { toJsonValue } from '../tools/serialize-output';
import type { ToolCall, ToolCallResult } from '../tools/types';
import { askApproval, type ApprovalAnswer } from './approval';
import type { Limiter } from './limiter';
import type { ToolLoopOptions } from './tool-loop-options';
import type { ToolRunPhase } from './tool-run';

/** What one call needs from its loop. */
export interface RunToolCallContext {
  /** The loop's Stop signal at the time the call arrived. */
  signal: AbortSignal;
  tools: ToolSet;
  options: ToolLoopOptions;
  limiter: Limiter;
  setPhase: (phase: ToolRunPhase, output?: unknown) => void;
  askUser: () => Promise<ApprovalAnswer>;
  finish: (result: ToolCallResult, phase: 'cancelled' | 'denied' | undefined) => void;
}

/**
 * One browser call from arrival to result: the user's approval when the tool needs it (the
 * tool never runs without), a slot under the concurrency limit, then the execution with its
 * timeout, retries and preliminary outputs. Stop at any point ends it as cancelled.
 */
export async function runToolCall(call: ToolCall, context: RunToolCallContext): Promise<void> {
  const { signal, finish } = context;
  const cancelled = (): ToolCallResult => ({ ...call, ok: false, error: toolErrorMessages.cancelled(call.toolName) });
  const approval = await askApproval(call, context.tools, signal, () => {
    context.setPhase('awaiting-approval');
    return context.askUser();
  });
  if (approval && !approval.approved) {
    if (signal.aborted) finish(cancelled(), 'cancelled');
    else finish({ ...call, ok: false, error: toolErrorMessages.denied(call.toolName, approval.reason) }, 'denied');
    return;
  }
  const release = await context.limiter.acquire(signal);
  if (!release) {
    finish(cancelled(), 'cancelled');
    return;
  }
  try {
    context.setPhase('running');
    const { options } = context;
    const result = await executeToolCall(call, context.tools, {
      signal,
      timeoutMs: options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
      onPreliminaryOutput: (_id, output) => context.setPhase('running', toJsonValue(output)),
      ...(options.random ? { random: options.random } : {}),
    });
    finish(result, signal.aborted ? 'cancelled' : undefined);
  } finally {
    release();
  }
}
