import { type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import type { ToolChatSnapshot } from '../../core/chat/types';
import { usePartChat, useStoreSelector } from '../use-tool-chat';
import { useToolChatLabels } from './labels';
import { MessagePage } from './message-page';
import { useHistoryWindow } from './use-history-window';
import { useStablePages } from './use-stable-pages';
import { useStickToBottom } from './use-stick-to-bottom';

/** The list reads its messages from the chat in context; a transcript gets a read-only chat. */
export interface MessageListProps {
  /** Shown instead of the messages when there are none. */
  empty?: ReactNode;
  className?: string;
}

const selectMessages = (state: ToolChatSnapshot): readonly UIMessage[] => state.messages;

/**
 * The conversation of the chat in context (`ToolChatProvider`, `ChatWrapper`) as a `log`,
 * following the stream while the reader is at the bottom and offering "Jump to latest" once
 * they scroll up. Each row selects the rest from the chat (its calls, its ending, the actions). Status announcements belong to
 * `StatusIndicator`: reading every token aloud would drown screen reader users.
 *
 * A thread of up to 200 messages renders whole. A longer one opens with its latest 40 to 79
 * (whole pages of 40); older pages render as the reader scrolls up to them (or presses "Show
 * earlier messages") and then stay, so opening a thread costs the same at any length.
 */
export function MessageList({ empty, className }: MessageListProps) {
  const labels = useToolChatLabels();
  const messages = useStoreSelector(usePartChat(), selectMessages);
  const last = messages.at(-1);
  const { ref, contentRef, atBottom, onScroll: onScrollStick, scrollToBottom } = useStickToBottom(last ?? messages.length);
  // After useStickToBottom: the thread is scrolled to its end before it asks what is near the top.
  const { start, showEarlier, onScroll: onScrollHistory, buttonRef } = useHistoryWindow(messages, ref, contentRef);
  const onScroll = () => {
    onScrollStick();
    onScrollHistory();
  };
  const pages = useStablePages(messages, start);

  return (
    <div className={className ? `toolchat-messages ${className}` : 'toolchat-messages'}>
      <div
        ref={ref}
        role="log"
        aria-live="off"
        aria-label={labels.messageList}
        className="toolchat-log"
        tabIndex={0}
        onScroll={onScroll}
        data-state={messages.length === 0 ? 'empty' : 'filled'}
      >
        <div ref={contentRef} className="toolchat-log-content">
          {start > 0 && (
            <button ref={buttonRef} type="button" className="toolchat-earlier" onClick={showEarlier}>
              {labels.earlierMessages(start)}
            </button>
          )}
          {messages.length === 0 ? empty : pages.map((page) => <MessagePage key={page.key} messages={page.messages} />)}
        </div>
      </div>
      {!atBottom && (
        <button type="button" className="toolchat-jump" onClick={scrollToBottom}>
          {labels.jumpToLatest}
        </button>
      )}
    </div>
  );
}
MessageList.displayName = 'MessageList';
