import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { CodeHighlighterProvider, type CodeHighlighter } from '../markdown/highlight';
import { preloadMarkdown } from '../markdown/markdown';
import type { ToolCallView, UseToolChatOptions } from '../types';
import { useToolChat } from '../use-tool-chat';
import { Composer } from './composer';
import { EmptyState } from './empty-state';
import { ErrorBanner } from './error-banner';
import { ToolChatLabelsProvider, type UiLabels } from './labels';
import { MessageList } from './message-list';
import { StatusIndicator } from './status-indicator';

/** `useToolChat`'s options plus how the chat looks. */
export type ChatWrapperProps = Omit<UseToolChatOptions, 'labels'> & {
  /** Per-tool renderers receiving the call (`input`, `output`, `phase`…): generative UI. */
  renderTool?: Record<string, (call: ToolCallView) => ReactNode>;
  /** Prompts an empty chat offers as one-click buttons. */
  suggestions?: string[];
  /**
   * Colour scheme; `'system'` follows `prefers-color-scheme`.
   * @default 'system'
   */
  theme?: 'light' | 'dark' | 'system';
  className?: string;
  /** Highlights code blocks; load the highlighter inside it with `import()`. Keep it stable (module level). */
  highlightCode?: CodeHighlighter;
  /** Every user-visible string, loop and UI; English by default. */
  labels?: Partial<UiLabels>;
};

/**
 * A complete chat: messages, tool cards, status, error banner and composer arranged around
 * `useToolChat`. Each part is exported, so another arrangement is a few lines away.
 */
export function ChatWrapper({
  renderTool,
  suggestions,
  theme = 'system',
  className,
  highlightCode,
  ...options
}: ChatWrapperProps) {
  const chat = useToolChat(options);
  // Fetch the Markdown chunk while the user types, so answers never show its plain stand-in.
  useEffect(() => void preloadMarkdown(), []);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  // Stable callbacks keep the memoised message rows from re-rendering on every token.
  const latest = useRef(chat);
  latest.current = chat;
  const onApprove = useCallback((id: string) => latest.current.approve(id), []);
  const onDeny = useCallback((id: string) => latest.current.deny(id), []);
  const onSend = useCallback((text: string) => void latest.current.sendMessage(text), []);
  const onSuggestion = useCallback((text: string) => {
    void latest.current.sendMessage(text);
    inputRef.current?.focus();
  }, []);

  return (
    <ToolChatLabelsProvider labels={options.labels}>
      <CodeHighlighterProvider highlight={highlightCode}>
        <div
          className={className ? `toolchat ${className}` : 'toolchat'}
          data-theme={theme}
          data-state={chat.activity.state}
        >
          <MessageList
            messages={chat.messages}
            busy={chat.busy}
            getToolCall={chat.getToolCall}
            renderTool={renderTool}
            onApprove={onApprove}
            onDeny={onDeny}
            empty={<EmptyState suggestions={suggestions} onSuggestion={onSuggestion} />}
          />
          <StatusIndicator activity={chat.activity} showError={!chat.error} />
          {chat.error && <ErrorBanner error={chat.error} onRetry={() => void chat.retry()} />}
          <Composer onSend={onSend} onStop={chat.stop} busy={chat.busy} inputRef={inputRef} />
        </div>
      </CodeHighlighterProvider>
    </ToolChatLabelsProvider>
  );
}
ChatWrapper.displayName = 'ChatWrapper';
