import type { UIMessage } from 'ai';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ToolCallState } from '../core/loop/call-state';
import { isBusy } from '../core/loop/derive-activity';
import { checkLoopOptions } from '../core/loop/tool-loop-options';
import { checkNumberOption, numberRules } from '../core/tools/number-options';
import type { ToolSet } from '../core/tools/define-tool';
import { getChatSession, releaseChatSession, retainChatSession } from './chat-session';
import { dropIncompleteCalls, inProgress, openCalls, runCallsAgain } from './open-calls';
import { editUserMessage, regenerateAnswer } from './rewrite-history';
import { isWorking, sendUserMessages, toUserMessage } from './send-message';
import type { SendMessageInput, ToolCallView, ToolChatMessage, UseToolChatOptions, UseToolChatResult } from './types';

/**
 * A chat whose model calls browser-side tools: streams the answer, runs each tool call once,
 * sends the results back round after round, and reports one continuous activity.
 *
 * @example
 * const { messages, activity, sendMessage, stop } = useToolChat({ api: '/api/chat', tools });
 */
export function useToolChat<TOOLS extends ToolSet = ToolSet>(options: UseToolChatOptions<TOOLS> = {}): UseToolChatResult<TOOLS> {
  checkToolChatOptions(options);
  // A new `id` is another conversation: switch sessions.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const session = useMemo(() => getChatSession(options), [options.id]);
  // The latest props, read by the loop whenever it needs tools or callbacks.
  session.options = options;
  const { chat, loop, store } = session;
  useEffect(() => {
    retainChatSession(session);
    return () => releaseChatSession(session);
  }, [session]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { messages, status, error, activity, loop: state } = snapshot;

  const send = useCallback((queued: readonly UIMessage[]) => sendUserMessages(chat, loop, queued), [chat, loop]);
  session.send = send;

  const sendMessage = useCallback(
    async (input: SendMessageInput) => {
      const made = toUserMessage(input);
      const message = made instanceof Promise ? await made : made;
      // Never two requests at once: while the loop works the message waits its turn.
      if (isWorking(chat, loop)) loop.enqueue(message);
      else await send([message]);
    },
    [chat, loop, send],
  );

  const stop = useCallback(() => {
    loop.stop();
    void chat.stop();
  }, [chat, loop]);

  const retry = useCallback(async () => {
    // A call cut mid-stream is dropped; the model makes it again if it still wants it.
    dropIncompleteCalls(chat);
    loop.resume();
    chat.clearError();
    // Results still on their way go back by themselves once they are all in.
    if (openCalls(chat).some((part) => inProgress(loop, part.toolCallId))) return;
    await chat.sendMessage();
  }, [chat, loop]);

  const continueLoop = useCallback(
    async (prompt?: string) => {
      loop.resume();
      if (loop.decide(chat.messages).send) await chat.sendMessage();
      // An answer cut off (token limit, Stop, round limit): ask the model to go on, in a new turn.
      else if (prompt !== undefined) await sendMessage(prompt);
    },
    [chat, loop, sendMessage],
  );

  const runAgain = useCallback((toolCallIds: readonly string[]) => runCallsAgain(chat, loop, toolCallIds), [chat, loop]);

  // The calls of this render's snapshot, never the live ones: a memoised row compares what the
  // old and the new function return for its calls, so each must answer for its own render.
  const calls = state.calls;
  const getToolCall = useCallback((toolCallId: string) => viewOf(calls.get(toolCallId)), [calls]);

  return useMemo(
    () => ({
      id: chat.id,
      messages: messages as ToolChatMessage<TOOLS>[],
      status,
      activity,
      busy: isBusy(activity),
      error,
      loop: state,
      sendMessage,
      queuedMessages: state.queued,
      stop,
      retry,
      approve: (toolCallId: string) => loop.approve(toolCallId),
      deny: (toolCallId: string, reason?: string) => loop.deny(toolCallId, reason),
      continue: continueLoop,
      alwaysAllow: (toolName: string) => loop.alwaysAllow(toolName),
      runAgain,
      regenerate: () => regenerateAnswer(chat, loop),
      editMessage: (messageId: string, text: string) => editUserMessage(chat, loop, messageId, text),
      addToolResult: (result: Parameters<UseToolChatResult['addToolResult']>[0]) => loop.addToolResult(result),
      getToolCall,
    }),
    [chat, messages, status, activity, error, state, sendMessage, stop, retry, continueLoop, runAgain, getToolCall, loop],
  );
}

/** Options are the app's code: a bad number is a `TypeError` naming it, on the first render. */
function checkToolChatOptions(options: UseToolChatOptions<ToolSet>): void {
  checkLoopOptions(options);
  checkNumberOption('throttle', options.throttle, numberRules.throttle);
  checkNumberOption('keepAliveMs', options.keepAliveMs, numberRules.keepAliveMs);
}

const views = new WeakMap<ToolCallState, ToolCallView>();

/** The card view of a call: one object per state of the call, so rows can compare by identity. */
function viewOf(call: ToolCallState | undefined): ToolCallView | undefined {
  if (!call) return undefined;
  let view = views.get(call);
  if (!view) {
    view = { toolCallId: call.toolCallId, toolName: call.toolName, phase: call.phase, input: call.input };
    if (call.output !== undefined) view.output = call.output;
    if (call.error !== undefined) view.error = call.error;
    if (call.endedAt !== undefined) view.durationMs = call.endedAt - call.receivedAt;
    views.set(call, view);
  }
  return view;
}
