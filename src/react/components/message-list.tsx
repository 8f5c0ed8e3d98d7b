import { useMemo, type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import type { AnswerEnding } from '../../core/loop/loop-state';
import type { ToolCallView } from '../types';
import { useToolChatLabels } from './labels';
import { MessageListSettingsContext, useMessageListSettings, type MessageListSettings } from './message-list-settings';
import { MessagePage } from './message-page';
import type { ToolRenderers } from './tool-call-card';
import { ToolRenderersProvider, useToolRenderers } from './tool-renderers';
import { useHistoryWindow } from './use-history-window';
import { useSharedMessages } from './use-shared-messages';
import { useStablePages } from './use-stable-pages';
import { useStickToBottom } from './use-stick-to-bottom';

/**
 * Inside a `ToolChatProvider` (or `ChatWrapper`) `messages` and `busy` are all a list needs:
 * each row reads its calls, its ending and the actions from the chat. The other props are for
 * messages that come from elsewhere, and override the chat's.
 */
export interface MessageListProps {
  messages: readonly UIMessage[];
  /** True while the loop runs; the last assistant message is then the streaming one. */
  busy?: boolean;
  /** The views of the calls; by default the chat's in context, else the parts alone. */
  getToolCall?: ((toolCallId: string) => ToolCallView | undefined) | undefined;
  /** Custom cards by tool name; by default those of the nearest `ToolRenderersProvider` (`<ChatWrapper renderTool>`). */
  renderTool?: ToolRenderers | undefined;
  /** By default the chat's `approve`, in context. */
  onApprove?: ((toolCallId: string) => void) | undefined;
  /** By default the chat's `deny`, in context. */
  onDeny?: ((toolCallId: string) => void) | undefined;
  /** By default the chat's `alwaysAllow`, in context. */
  onAlwaysAllow?: ((toolName: string) => void) | undefined;
  /** How answers ended when they did not simply finish, by message id (`useToolChat().loop.endings`). */
  endings?: ReadonlyMap<string, AnswerEnding> | undefined;
  maxToolRounds?: number | undefined;
  /** "Continue" under the last answer when it did not finish (shown while the chat is idle); by default the chat's `continue`. */
  onContinue?: (() => void) | undefined;
  /** "Run again" under the last turn when a reload cut off its calls (shown while the chat is idle). */
  onRunAgain?: ((toolCallIds: readonly string[]) => void) | undefined;
  /** Shown instead of the messages when there are none. */
  empty?: ReactNode;
  className?: string;
}

/**
 * The conversation as a `log`, following the stream while the reader is at the bottom and
 * offering "Jump to latest" once they scroll up. Status announcements belong to
 * `StatusIndicator`: reading every token aloud would drown screen reader users.
 *
 * A thread of up to 200 messages renders whole. A longer one opens with its latest 40 to 79
 * (whole pages of 40); older pages render as the reader scrolls up to them (or presses "Show
 * earlier messages") and then stay, so opening a thread costs the same at any length.
 */
export function MessageList({
  messages,
  busy = false,
  getToolCall,
  renderTool,
  onApprove,
  onDeny,
  onAlwaysAllow,
  endings,
  maxToolRounds,
  onContinue,
  onRunAgain,
  empty,
  className,
}: MessageListProps) {
  const labels = useToolChatLabels();
  const last = messages.at(-1);
  const { ref, contentRef, atBottom, onScroll: onScrollStick, scrollToBottom } = useStickToBottom(last ?? messages.length);
  // After useStickToBottom: the thread is scrolled to its end before it asks what is near the top.
  const { start, showEarlier, onScroll: onScrollHistory, buttonRef } = useHistoryWindow(messages, ref, contentRef);
  const onScroll = () => {
    onScrollStick();
    onScrollHistory();
  };
  const streamingId = busy && last?.role === 'assistant' ? last.id : undefined;
  const shared = useSharedMessages(messages, streamingId);
  const pages = useStablePages(shared, start);
  // The way on is offered under the last answer only, and only while nothing runs.
  const actionableId = !busy && last?.role === 'assistant' ? last.id : undefined;
  const outer = useMessageListSettings();
  const outerRenderers = useToolRenderers();
  const offers = onContinue !== undefined || onRunAgain !== undefined;
  // Only what the app passed: a list given none of it (in a provider) changes nothing for its rows.
  const settings = useMemo<MessageListSettings>(
    () =>
      getToolCall || onApprove || onDeny || onAlwaysAllow || endings || maxToolRounds !== undefined || offers
        ? { getToolCall, onApprove, onDeny, onAlwaysAllow, endings, maxToolRounds, onContinue, onRunAgain, actionableId: offers ? actionableId : undefined }
        : outer,
    [getToolCall, onApprove, onDeny, onAlwaysAllow, endings, maxToolRounds, onContinue, onRunAgain, offers, actionableId, outer],
  );

  const list = (
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
          {messages.length === 0 ? empty : pages.map((page, index, all) => (
            <MessagePage key={page.key} messages={page.messages} streamingId={index === all.length - 1 ? streamingId : undefined} />
          ))}
        </div>
      </div>
      {!atBottom && (
        <button type="button" className="toolchat-jump" onClick={scrollToBottom}>
          {labels.jumpToLatest}
        </button>
      )}
    </div>
  );
  // Always both providers, so the tree keeps its shape (and the rows their state) whatever the props.
  return (
    <ToolRenderersProvider renderTool={renderTool ?? outerRenderers}>
      <MessageListSettingsContext.Provider value={settings}>{list}</MessageListSettingsContext.Provider>
    </ToolRenderersProvider>
  );
}
MessageList.displayName = 'MessageList';
