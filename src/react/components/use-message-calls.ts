import type { UIMessage } from 'ai';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import { isToolPart } from '../../core/chat/part-states';
import { toolCallView, type ToolCallViews } from '../../core/chat/tool-call-views';
import type { ToolCallView } from '../types';
import { chatOfLookup, noStore, useStoreSelector } from '../use-tool-chat';
import { toolCallViewFromPart } from './tool-call-view';

const NO_VIEWS: readonly ToolCallView[] = [];

/**
 * The views of a message's calls, in the order of its parts. From the chat in context, the row
 * subscribes to its own calls: it renders again when one of them changes, not when another
 * message's does. With `getToolCall` (a list given the older props) they are read at render;
 * with neither, the parts alone tell them.
 */
export function useMessageCalls(
  chat: ToolChat | undefined,
  message: UIMessage,
  givenGetToolCall: ((toolCallId: string) => ToolCallView | undefined) | undefined,
): readonly ToolCallView[] {
  // `useToolChat().getToolCall` names its chat: select from it rather than read at render.
  const linked = chatOfLookup(givenGetToolCall);
  const getToolCall = linked ? undefined : givenGetToolCall;
  // A message without calls (the user's, plain text) has nothing to listen for.
  const fromChat = message.parts.some(isToolPart) ? (linked ?? (getToolCall ? undefined : chat)) : undefined;
  // The chat's views as the store: while a token streams they are the same map, so a row's
  // selector does not run (nor allocate) per token, however many rows are shown.
  // (A new store and selector per render of the row: the row renders only when its message or calls changed.)
  const selected = useStoreSelector(
    fromChat ? { getState: fromChat.getToolCalls, subscribe: fromChat.subscribe } : noStore,
    (calls: ToolCallViews | undefined) => viewsOf(message, calls),
    sameViews,
  );
  if (!getToolCall) return selected;
  const views: ToolCallView[] = [];
  for (const part of message.parts) if (isToolPart(part)) views.push(toolCallViewFromPart(part, getToolCall(part.toolCallId)));
  return views;
}

function viewsOf(message: UIMessage, calls: ToolCallViews | undefined): readonly ToolCallView[] {
  let views: ToolCallView[] | undefined;
  for (const part of message.parts) {
    if (!isToolPart(part)) continue;
    (views ??= []).push(calls?.get(part.toolCallId) ?? toolCallView(part, message.id));
  }
  return views ?? NO_VIEWS;
}

function sameViews(a: readonly ToolCallView[], b: readonly ToolCallView[]): boolean {
  return a === b || (a.length === b.length && a.every((view, index) => view === b[index]));
}
