import { isToolUIPart, type ChatStatus, type UIMessage } from 'ai';
import type { Activity } from './activity';
import type { ToolLabels } from './labels';
import type { FinalReason } from './loop-policy';
import { countToolRounds, hasToolResult, lastStepToolParts } from './rounds';
import type { ToolRun } from './tool-run';

export interface ActivityInput {
  status: ChatStatus;
  error: Error | undefined;
  messages: readonly UIMessage[];
  runs: ReadonlyMap<string, ToolRun>;
  /**
   * What happens once every result is in: whether the loop sends them (false after Stop, or
   * when `autoContinue` holds them), and whether that request is a forced final one.
   */
  next: { send: boolean; final: FinalReason | undefined };
  /** Set while the request in flight is the forced final one, with tools disabled. */
  finalRound: FinalReason | undefined;
  maxToolRounds: number;
  labels: ToolLabels;
}

/**
 * One state for the whole loop. Between rounds the AI SDK's status is `ready`; the loop is
 * still busy while tools run, wait for approval, or their results are about to go back, so
 * the activity never flickers to idle before the final answer.
 */
export function deriveActivity(input: ActivityInput): Activity {
  const { status, labels, maxToolRounds } = input;
  if (status === 'error') {
    const error = input.error ?? new Error('Unknown error');
    return { state: 'error', label: labels.error(error), error };
  }
  const last = input.messages.at(-1);
  if (status === 'submitted' || status === 'streaming') {
    if (input.finalRound) return finalizing(input.finalRound, labels);
    if (status === 'submitted') return { state: 'thinking', label: labels.thinking };
    const lastPart = last?.role === 'assistant' ? last.parts.at(-1) : undefined;
    if (lastPart && isToolUIPart(lastPart) && lastPart.state === 'input-streaming') {
      return { state: 'waiting-for-tool-input', label: labels.waitingForToolInput };
    }
  }
  const parts = lastStepToolParts(last);
  // A call the browser still works on is open even if the stream claimed a result for it.
  const open = parts.filter((part) => {
    const phase = input.runs.get(part.toolCallId)?.phase;
    return !hasToolResult(part) || phase === 'awaiting-approval' || phase === 'running' || phase === 'pending';
  });
  const round = countToolRounds(last);
  const waiting = open.filter((part) => input.runs.get(part.toolCallId)?.phase === 'awaiting-approval');
  if (waiting.length > 0) {
    const toolNames = unique(waiting.map((part) => runName(input.runs, part.toolCallId)));
    return { state: 'awaiting-approval', label: labels.awaitingApproval(toolNames), toolNames, round, maxRounds: maxToolRounds };
  }
  const running = open.filter((part) => {
    const phase = input.runs.get(part.toolCallId)?.phase;
    return phase === 'running' || phase === 'pending';
  });
  if (running.length > 0) {
    const toolNames = unique(running.map((part) => runName(input.runs, part.toolCallId)));
    return {
      state: 'executing',
      label: labels.executing(toolNames, round, maxToolRounds),
      toolNames,
      round,
      maxRounds: maxToolRounds,
    };
  }
  if (status === 'streaming') return { state: 'streaming', label: labels.streaming };
  if (input.next.send) {
    // Results are complete and the next request is about to leave.
    return input.next.final ? finalizing(input.next.final, labels) : { state: 'thinking', label: labels.thinking };
  }
  return { state: 'idle', label: labels.idle };
}

function finalizing(reason: FinalReason, labels: ToolLabels): Activity {
  return { state: 'finalizing', label: reason === 'budget' ? labels.budgetReached : labels.finalizing };
}

function runName(runs: ReadonlyMap<string, ToolRun>, toolCallId: string): string {
  return runs.get(toolCallId)?.toolName ?? 'tool';
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
