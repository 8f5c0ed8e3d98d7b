import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ToolRun } from '../core/loop/tool-run';
import { nextRequest } from '../core/loop/rounds';
import { getChatSession } from './chat-session';
import { dropIncompleteCalls, inProgress, openCalls, settleOpenCalls } from './open-calls';
import type { ToolCallView, UseToolChatOptions, UseToolChatResult } from './types';

/**
 * A chat whose model calls browser-side tools: streams the answer, runs each tool call once,
 * sends the results back round after round, and reports one continuous activity.
 *
 * @example
 * const { messages, activity, sendMessage, stop } = useToolChat({ api: '/api/chat', tools });
 */
export function useToolChat(options: UseToolChatOptions = {}): UseToolChatResult {
  // A new `id` is another conversation: switch sessions.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const session = useMemo(() => getChatSession(options), [options.id]);
  // The latest props, read by the loop whenever it needs tools or callbacks.
  session.options = options;
  const { chat, loop, view } = session;
  // Not `useChat`: it commits status and error changes at once, outside its throttle.
  const { messages, status, error, version } = useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);

  const activity = loop.activity();

  const sendMessage = useCallback(
    async (text: string) => {
      const settling = settleOpenCalls(chat, loop);
      if (settling) await settling;
      loop.beginTurn();
      // A message rather than `{ text }`, which the AI SDK awaits (for files) before adding it:
      // this way the user's message shows in the same commit as the cleared composer.
      await chat.sendMessage({ role: 'user', parts: [{ type: 'text', text }] });
    },
    [chat, loop],
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

  const continueLoop = useCallback(async () => {
    if (!nextRequest(chat.messages, session.options.maxToolRounds).send) return;
    loop.resume();
    await chat.sendMessage();
  }, [chat, loop, session]);

  const getToolCall = useCallback(
    (toolCallId: string): ToolCallView | undefined => {
      const run = loop.getRun(toolCallId);
      return run && toolCallView(run);
    },
    // A new function whenever a run changes, so memoised rows see the change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loop, version],
  );

  return useMemo(
    () => ({
      id: chat.id,
      messages,
      status,
      activity,
      busy: activity.state !== 'idle' && activity.state !== 'error',
      error,
      sendMessage,
      stop,
      retry,
      approve: (toolCallId: string) => loop.approve(toolCallId),
      deny: (toolCallId: string, reason?: string) => loop.deny(toolCallId, reason),
      continue: continueLoop,
      addToolResult: (result: Parameters<UseToolChatResult['addToolResult']>[0]) => loop.addToolResult(result),
      getToolCall,
    }),
    [chat, messages, status, activity, error, sendMessage, stop, retry, continueLoop, getToolCall, loop],
  );
}

function toolCallView(run: ToolRun): ToolCallView {
  const view: ToolCallView = {
    toolCallId: run.toolCallId,
    toolName: run.toolName,
    phase: run.phase,
    input: run.input,
  };
  if (run.output !== undefined) view.output = run.output;
  if (run.error !== undefined) view.error = run.error;
  if (run.startedAt !== undefined && run.endedAt !== undefined) view.durationMs = run.endedAt - run.startedAt;
  return view;
}
