import { errorMessage } from '../tools/errors';
import { callChanges } from './call-changes';
import { formatLoopEvent } from './events';
import { loopEvents } from './loop-events';
import type { LoopState } from './loop-state';
import type { LoopAction } from './reduce';
import type { LoopChat } from './tool-loop-core';
import type { ResolvedLoopOptions } from './tool-loop-options';

/**
 * Everything one transition does outside the state, in the order it happened: the log events
 * (`onEvent`, `debug`), the app's `onToolCall` / `onToolResult`, and each settled call's result
 * handed to the chat. The one place these happen. Part of the loop's chunk: a transition before
 * it has loaded (a Stop before anything was sent) has no call and nothing to log.
 */
export function runEffects(
  action: LoopAction,
  prev: LoopState,
  next: LoopState,
  options: ResolvedLoopOptions,
  chat: LoopChat | undefined,
  at: number,
): void {
  const changes = callChanges(action, prev, next);
  // The log is built only for someone who reads it.
  if (options.debug || options.onEvent) {
    for (const event of loopEvents(action, prev, next, changes, at)) {
      if (options.debug) console.debug(formatLoopEvent(event));
      guard('onEvent', () => options.onEvent?.(event));
    }
  }
  const { onToolCall, onToolResult } = options;
  if (onToolCall) {
    for (const call of changes.received) {
      guard('onToolCall', () => onToolCall({ toolCallId: call.toolCallId, toolName: call.toolName, input: call.input }));
    }
  }
  for (const { call, result, wasOpen } of changes.settled) {
    if (wasOpen && onToolResult) guard('onToolResult', () => onToolResult(call.toolName, result));
    // A call the model did not make (`runToolCall`) answers its caller, not the conversation.
    if (call.origin !== undefined) continue;
    // The result always lands, so the conversation stays valid (every call answered); after
    // Stop, `sendAutomaticallyWhen` keeps it from going to the model until the user writes.
    void chat?.addToolOutput(
      call.phase === 'done'
        ? { tool: call.toolName, toolCallId: call.toolCallId, output: call.output }
        : { tool: call.toolName, toolCallId: call.toolCallId, state: 'output-error', errorText: call.error ?? '' },
    );
  }
}

/** App callbacks must not break the loop. */
function guard(name: string, callback: () => void): void {
  try {
    callback();
  } catch (error) {
    console.error(`toolchat: ${name} threw`, errorMessage(error));
  }
}
