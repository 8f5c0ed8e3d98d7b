import { errorMessage } from '../tools/errors';
import { callChanges, type CallChanges } from './call-changes';
import { loadLoopChunk, loopChunk, type LoopChunk } from './load-loop-chunk';
import type { LoopState } from './loop-state';
import type { LoopAction } from './reduce';
import type { LoopChat } from './tool-loop-core';
import type { ToolLoopOptions } from './tool-loop-options';

/**
 * Everything one transition does outside the state, in the order it happened: the log events
 * (`onEvent`, `debug`), the app's `onToolCall` / `onToolResult`, and each settled call's result
 * handed to the chat. The one place these happen.
 */
export function runEffects(action: LoopAction, prev: LoopState, next: LoopState, options: ToolLoopOptions, chat: LoopChat | undefined, at: number): void {
  const changes = callChanges(action, prev, next);
  // The log is built only for someone who reads it.
  if (options.debug || options.onEvent) writeLog({ action, prev, next, changes, at, options });
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

interface Transition {
  action: LoopAction;
  prev: LoopState;
  next: LoopState;
  changes: CallChanges;
  at: number;
  options: ToolLoopOptions;
}

/** Transitions whose log waits for the loop's chunk, in order. */
let backlog: Transition[] = [];

/**
 * The log (`onEvent`, `debug`) is built by the loop's chunk, which a loop loads when it is made:
 * a transition before it arrives is logged once it does, in order, with its own time.
 */
function writeLog(transition: Transition): void {
  const chunk = loopChunk();
  if (chunk && backlog.length === 0) return log(chunk, transition);
  backlog.push(transition);
  if (backlog.length > 1) return;
  loadLoopChunk().then(
    (loaded) => {
      const waiting = backlog;
      backlog = [];
      for (const waited of waiting) log(loaded, waited);
    },
    (error: unknown) => {
      backlog = [];
      console.error('toolchat: the loop log could not load', errorMessage(error));
    },
  );
}

function log({ loopEvents, formatLoopEvent }: LoopChunk, { action, prev, next, changes, at, options }: Transition): void {
  for (const event of loopEvents(action, prev, next, changes, at)) {
    if (options.debug) console.debug(formatLoopEvent(event));
    guard('onEvent', () => options.onEvent?.(event));
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
