import type { UIMessage } from 'ai';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import { isToolPart } from '../../core/chat/part-states';
import { toolCallView, type ToolCallViews } from '../../core/chat/tool-call-views';
import { createListeners, type ReadableStore } from '../../core/chat/listeners';
import type { ToolChatSnapshot } from '../../core/chat/types';
import type { ToolCallView } from '../types';
import { chatOfLookup, noStore, useStoreSelector } from '../use-tool-chat';
import { toolCallViewFromPart } from './tool-call-view';

const NO_VIEWS: readonly ToolCallView[] = [];

const rowStores = new WeakMap<ToolChat, ReadableStore<ToolChatSnapshot>>();

/**
 * The chat as its rows read it: told only when a call's view or the loop (an answer's ending)
 * changed, through one listener on the chat for all of them. A streamed token then costs the
 * rows nothing, however many are shown. @internal
 */
export function rowStore(chat: ToolChat | undefined): ReadableStore<ToolChatSnapshot | undefined> {
  if (!chat) return noStore;
  let store = rowStores.get(chat);
  if (!store) {
    const rows = createListeners();
    let calls: unknown;
    let loop: unknown;
    chat.subscribe(() => {
      const changed = calls !== (calls = chat.getToolCalls());
      if (loop !== (loop = chat.getState().loop) || changed) rows.emit();
    });
    rowStores.set(chat, (store = { getState: chat.getState, subscribe: rows.subscribe }));
  }
  return store;
}

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
  const fromChat = linked ?? (getToolCall ? undefined : chat);
  // (A new selector per render of the row: the row renders only when its message or calls changed.)
  const selected = useStoreSelector(
    rowStore(fromChat),
    (state: ToolChatSnapshot | undefined) => viewsOf(message, state && fromChat?.getToolCalls()),
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
