import type { UIMessage } from 'ai';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import { isToolPart } from '../../core/chat/part-states';
import type { ToolChatRows } from '../../core/chat/row-store';
import { toolCallView } from '../../core/chat/tool-call-views';
import type { AnswerEnding } from '../../core/loop/loop-state';
import type { ToolCallView } from '../types';
import { useStoreSelector } from '../use-tool-chat';

/** What a message row shows besides its message. */
export interface RowSlice {
  /** The views of the message's calls, in the order of its parts. */
  views: readonly ToolCallView[];
  /** How the answer ended, when it did not simply finish. */
  ending: AnswerEnding | undefined;
  /** The model is writing this message now. */
  streaming: boolean;
}

const NO_VIEWS: readonly ToolCallView[] = [];

/**
 * A row's slice of the chat, selected from its row store (`chat.rows`): the row renders again
 * when its calls, its ending or whether it streams change, never per token and never for
 * another message's call. (Whether it offers the way on is its notice's and its action bar's
 * to select: the last answer does not render again when the user writes.) A call the chat does not know (a restored or static
 * conversation) is read from its part.
 */
export function useRow(chat: ToolChat, message: UIMessage): RowSlice {
  // A new selector per render of the row: the row renders only when its message or slice changed.
  const select = (rows: ToolChatRows): RowSlice => {
    const id = message.id;
    return { views: viewsOf(message, rows.calls), ending: rows.endings.get(id), streaming: rows.streamingId === id };
  };
  return useStoreSelector(chat.rows, select, sameRow);
}

function viewsOf(message: UIMessage, calls: ReadonlyMap<string, ToolCallView>): readonly ToolCallView[] {
  let views: ToolCallView[] | undefined;
  for (const part of message.parts) {
    if (!isToolPart(part)) continue;
    (views ??= []).push(calls.get(part.toolCallId) ?? toolCallView(part, message.id));
  }
  return views ?? NO_VIEWS;
}

function sameRow(a: RowSlice, b: RowSlice): boolean {
  return (
    a.ending === b.ending &&
    a.streaming === b.streaming &&
    (a.views === b.views || (a.views.length === b.views.length && a.views.every((view, index) => view === b.views[index])))
  );
}
