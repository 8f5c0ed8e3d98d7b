import type { ChatStatus, UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../chat/ui-part';
import { isSettled } from './call-state';
import type { LoopActivity } from './activity';
import type { CallMap } from './call-map';
import type { LoopDecision } from './loop-policy';
import type { LoopState } from './loop-state';
import { countToolRounds, lastStepToolParts } from './rounds';

export interface ActivityInput {
  status: ChatStatus;
  error: Error | undefined;
  messages: readonly UIMessage[];
  loop: LoopState;
  /** What happens once every result is in (see `ToolLoop.decide`). */
  next: LoopDecision;
  maxToolRounds: number;
}

/**
 * One state for the whole loop. Between rounds the AI SDK's status is `ready`; the loop is
 * still busy while tools run, wait for approval, or their results are about to go back, so
 * the activity never flickers to idle before the final answer.
 */
export function deriveActivity(input: ActivityInput): LoopActivity {
  const { status, loop, maxToolRounds } = input;
  if (status === 'error') return { state: 'error', error: input.error ?? new Error('Unknown error') };
  const last = input.messages.at(-1);
  if (status === 'submitted' || status === 'streaming') {
    const final = loop.inFlight?.final;
    if (final) return { state: 'finalizing', final };
    if (status === 'submitted') return { state: 'thinking' };
    const lastPart = last?.role === 'assistant' ? last.parts.at(-1) : undefined;
    if (lastPart && isToolUIPart(lastPart) && lastPart.state === 'input-streaming' && !loop.calls.has(lastPart.toolCallId)) {
      return { state: 'waiting-for-tool-input' };
    }
  }
  const awaiting: string[] = [];
  const running: string[] = [];
  let deciding = false;
  for (const part of lastStepToolParts(last)) {
    const call = loop.calls.get(part.toolCallId);
    // A server tool's call waits for the user on its part.
    if (!call && part.state === 'approval-requested' && part.approval.id !== part.toolCallId) awaiting.push(getToolName(part));
    // A call the browser still works on is open even if the stream claimed a result for it.
    if (!call || isSettled(call.phase)) continue;
    if (call.phase === 'awaiting-approval') awaiting.push(call.toolName);
    // Whether the user must approve it is still being worked out: it does not run yet.
    else if (call.deciding) deciding = true;
    else running.push(call.toolName);
  }
  const round = countToolRounds(last);
  // A call waiting for the user anywhere in the thread (a restored one in an older message)
  // is waited for: the chat never reads idle past it.
  for (const toolName of awaitingApproval(loop.calls)) awaiting.push(toolName);
  if (awaiting.length > 0) return { state: 'awaiting-approval', toolNames: unique(awaiting), round, maxRounds: maxToolRounds };
  if (running.length > 0) return { state: 'executing', toolNames: unique(running), round, maxRounds: maxToolRounds };
  if (deciding) return { state: 'thinking' };
  if (status === 'streaming') return { state: 'streaming' };
  if (input.next.send) {
    // Results are complete and the next request is about to leave.
    return input.next.final ? { state: 'finalizing', final: input.next.final } : { state: 'thinking' };
  }
  return { state: 'idle' };
}

const awaitingByCalls = new WeakMap<CallMap, readonly string[]>();

/** Tools of every call waiting for approval; worked out once per state of the calls. */
function awaitingApproval(calls: CallMap): readonly string[] {
  let names = awaitingByCalls.get(calls);
  if (!names) {
    const found: string[] = [];
    for (const call of calls.values()) if (call.phase === 'awaiting-approval') found.push(call.toolName);
    names = found;
    awaitingByCalls.set(calls, names);
  }
  return names;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/** Whether the loop is at work or waiting for someone: not idle, not failed. */
export function isBusy(activity: LoopActivity): boolean {
  return activity.state !== 'idle' && activity.state !== 'error';
}
