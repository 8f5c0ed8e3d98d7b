import { generateId } from 'ai';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CodeHighlighterProvider, type CodeHighlighter } from '../markdown/highlight';
import { ImageOriginsProvider } from '../markdown/image-origins';
import { preloadMarkdown } from '../markdown/markdown';
import type { ToolSet } from '../../core/tools/define-tool';
import type { ToolCallView, UseToolChatOptions } from '../types';
import { useToolChat } from '../use-tool-chat';
import { Composer } from './composer';
import { EmptyState } from './empty-state';
import { ErrorBanner } from './error-banner';
import { ToolChatLabelsProvider, defaultUiLabels, useToolChatLabels, type UiLabels } from './labels';
import { MessageList } from './message-list';
import { StatusIndicator } from './status-indicator';

// Memoised here, not where they are exported: while tokens stream their props do not change,
// so each commit renders only the message list.
const StableComposer = memo(Composer);
const StableStatusIndicator = memo(StatusIndicator);

/** `useToolChat`'s options plus how the chat looks. */
export interface ChatWrapperProps<TOOLS extends ToolSet = ToolSet> extends UseToolChatOptions<TOOLS> {
  /** Per-tool renderers receiving the call (`input`, `output`, `phase`…): generative UI. */
  renderTool?: { [NAME in keyof TOOLS & string]?: (call: ToolCallView) => ReactNode };
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
  /**
   * Origins whose images in answers load without asking, besides the page's own; images from
   * anywhere else show a placeholder naming the host, with a button to load them.
   * @default []
   * @example imageOrigins={['https://images.example.com']}
   */
  imageOrigins?: readonly string[];
  /** Every user-visible string, loop and UI; English by default. */
  labels?: Partial<UiLabels>;
  /**
   * Called with the new chat's id when the user starts a new chat (the "New chat" button,
   * shown with a `storage`), so the app can list it or put it in the URL.
   */
  onChatChange?: (id: string) => void;
}

/**
 * A complete chat: messages, tool cards, status, error banner and composer arranged around
 * `useToolChat`. Each part is exported, so another arrangement is a few lines away.
 */
export function ChatWrapper<TOOLS extends ToolSet = ToolSet>({
  renderTool,
  suggestions,
  theme = 'system',
  className,
  highlightCode,
  imageOrigins,
  onChatChange,
  ...props
}: ChatWrapperProps<TOOLS>) {
  // The conversation on screen: the `id` prop, until the user starts a new chat.
  const [ids, setIds] = useState({ prop: props.id, current: props.id });
  if (ids.prop !== props.id) setIds({ prop: props.id, current: props.id });
  const options = ids.current === undefined || ids.current === props.id ? props : { ...props, id: ids.current };
  const chat = useToolChat(options);
  const newChat = useCallback(() => {
    const id = generateId();
    setIds((previous) => ({ ...previous, current: id }));
    onChatChange?.(id);
  }, [onChatChange]);
  // Fetch the Markdown chunk while the user types, so answers never show its plain stand-in.
  useEffect(() => void preloadMarkdown(), []);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  // Stable callbacks keep the memoised message rows from re-rendering on every token.
  const latest = useRef(chat);
  latest.current = chat;
  const onApprove = useCallback((id: string) => latest.current.approve(id), []);
  const onDeny = useCallback((id: string) => latest.current.deny(id), []);
  const onAlwaysAllow = useCallback((toolName: string) => latest.current.alwaysAllow(toolName), []);
  const continuePrompt = options.labels?.continuePrompt ?? defaultUiLabels.continuePrompt;
  const onContinue = useCallback(() => void latest.current.continue(continuePrompt), [continuePrompt]);
  const onRunAgain = useCallback((ids: readonly string[]) => latest.current.runAgain(ids), []);
  const onSend = useCallback((text: string) => void latest.current.sendMessage(text), []);
  const onSuggestion = useCallback((text: string) => {
    void latest.current.sendMessage(text);
    inputRef.current?.focus();
  }, []);

  const empty = useMemo(() => <EmptyState suggestions={suggestions} onSuggestion={onSuggestion} />, [suggestions, onSuggestion]);

  return (
    <ToolChatLabelsProvider labels={options.labels}>
      <CodeHighlighterProvider highlight={highlightCode}>
        <ImageOriginsProvider origins={imageOrigins}>
        <div
          className={className ? `toolchat ${className}` : 'toolchat'}
          data-theme={theme}
          data-state={chat.activity.state}
        >
          {options.storage && (
            <div className="toolchat-toolbar">
              <NewChatButton onClick={newChat} disabled={chat.messages.length === 0} />
            </div>
          )}
          <MessageList
            messages={chat.messages}
            busy={chat.busy}
            getToolCall={chat.getToolCall}
            renderTool={renderTool}
            onApprove={onApprove}
            onDeny={onDeny}
            onAlwaysAllow={onAlwaysAllow}
            endings={chat.loop.endings}
            maxToolRounds={options.maxToolRounds}
            onContinue={onContinue}
            onRunAgain={onRunAgain}
            empty={empty}
          />
          <StableStatusIndicator activity={chat.activity} showError={!chat.error} />
          {chat.error && <ErrorBanner error={chat.error} onRetry={() => void chat.retry()} />}
          <StableComposer onSend={onSend} onStop={chat.stop} busy={chat.busy} inputRef={inputRef} />
        </div>
        </ImageOriginsProvider>
      </CodeHighlighterProvider>
    </ToolChatLabelsProvider>
  );
}
ChatWrapper.displayName = 'ChatWrapper';

function NewChatButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  const labels = useToolChatLabels();
  return (
    <button type="button" className="toolchat-new-chat" onClick={onClick} disabled={disabled}>
      {labels.newChat}
    </button>
  );
}
