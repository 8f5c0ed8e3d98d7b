import type { ToolSet } from '../tools/define-tool';
import { errorMessage, toolErrorMessages } from '../tools/errors';
import { executeToolCallNow } from '../tools/execute-tool-calls-now';
import type { ToolCall, ToolCallResult } from '../tools/types';
import type { ApprovalOutcome } from './approval';
import type { ApprovalGate } from './approval-gate';
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
  /** What stands before the run (see `approvalGate`). */
  gate: ApprovalGate | Promise<ApprovalGate>;
  /** An async `gate` came in. */
  decided: (gate: ApprovalGate) => void;
  /** Waits for the user's answer; an approval may carry the user's edited input. */
  askUser: () => Promise<ApprovalOutcome>;
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
    let gate = context.gate;
    if (gate instanceof Promise) {
      gate = await gate;
      context.decided(gate);
    }
    // A denial settles the call where it is decided; Stop, an expiry settle it too.
    if (gate.kind === 'denied') return;
    let input = call.input;
    if (gate.kind === 'ask') {
      const answer = await context.askUser();
      if (!answer.approved) return;
      // The user's edited arguments, already checked against the schema.
      if ('input' in answer) input = answer.input;
    }
    if (signal.aborted) return;
    const run: ToolCall = input === call.input ? call : { ...call, input };
    const slot = context.limiter.acquire(signal);
    const release = slot instanceof Promise ? await slot : slot;
    if (!release) {
      finish(cancelled(), true);
      return;
    }
    try {
      context.started();
      const pending = executeToolCallNow(run, context.tools(), {
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
