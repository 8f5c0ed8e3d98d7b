import type { ToolSet } from '../tools/define-tool';
import { errorMessage, toolErrorMessages } from '../tools/errors';
import { executeToolCallNow } from '../tools/execute-tool-calls';
import type { ToolCall, ToolCallResult } from '../tools/types';
import type { ApprovalAnswer } from './approval';
import type { Limiter } from './limiter';

/** What one call needs from its loop. */
export interface RunToolCallContext {
  /** The loop's Stop signal at the time the call arrived. */
  signal: AbortSignal;
  /** The tools the call may run, read once it is approved and has its slot. */
  tools: () => ToolSet;
  timeoutMs: number | undefined;
  random: (() => number) | undefined;
  limiter: Limiter;
  /** Whether the user must approve the call (see `approvalNeeded`). */
  approval: boolean | Promise<boolean>;
  /** An async `approval` came in. */
  decided: (ask: boolean) => void;
  /** Waits for the user's answer (a refusal when the call was settled meanwhile). */
  askUser: () => Promise<ApprovalAnswer>;
  started: () => void;
  progressed: (output: unknown) => void;
  /** The result; `cancelled` when Stop ended the call. Called at most once. */
  finish: (result: ToolCallResult, cancelled: boolean) => void;
}

/**
 * One browser call from arrival to result: the user's approval when the tool needs it (the
 * tool never runs without), a slot under the concurrency limit, then the execution with its
 * timeout, retries and preliminary outputs. Whatever happens, including a bug of ours or a
 * tool set that throws, the call ends with exactly one `finish`.
 */
export async function runToolCall(call: ToolCall, context: RunToolCallContext): Promise<void> {
  const { signal } = context;
  let finished = false;
  const finish = (result: ToolCallResult, cancelled: boolean) => {
    if (finished) return;
    finished = true;
    context.finish(result, cancelled);
  };
  const cancelled = (): ToolCallResult => ({ ...call, ok: false, error: toolErrorMessages.cancelled(call.toolName) });
  try {
    let ask = context.approval;
    if (typeof ask !== 'boolean') {
      ask = await ask;
      context.decided(ask);
    }
    // A denial settles the call where it is answered; Stop settles it too.
    if (ask && !(await context.askUser()).approved) return;
    if (signal.aborted) return;
    const slot = context.limiter.acquire(signal);
    const release = slot instanceof Promise ? await slot : slot;
    if (!release) {
      finish(cancelled(), true);
      return;
    }
    try {
      context.started();
      const pending = executeToolCallNow(call, context.tools(), {
        signal,
        // The default applies where the time limit acts (`executeToolCall`), once.
        ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
        onPreliminaryOutput: (_id, output) => context.progressed(output),
        ...(context.random ? { random: context.random } : {}),
      });
      // A tool that answers at once is answered in this task, as a hand-wired `onToolCall` would.
      finish(pending instanceof Promise ? await pending : pending, signal.aborted);
    } finally {
      release();
    }
  } catch (error) {
    finish({ ...call, ok: false, error: `Tool "${call.toolName}" failed: ${errorMessage(error)}` }, signal.aborted);
  }
}
