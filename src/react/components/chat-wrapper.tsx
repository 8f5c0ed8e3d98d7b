import type { FileUIPart } from 'ai';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CodeHighlighterProvider, type CodeHighlighter } from '../markdown/highlight';
import { ImageOriginsProvider } from '../markdown/image-origins';
import { preloadMarkdown } from '../markdown/markdown';
import type { ToolSet } from '../../core/tools/define-tool';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import type { ToolCallView, UseToolChatOptions } from '../types';
import { ToolChatProvider, useToolChat } from '../use-tool-chat';
import { newChatId } from '../../core/chat-id';
import type { AttachmentOptions } from './attachment-tray';
import type { ToolRenderers } from './tool-call-card';
import { Composer } from './composer';
import { EmptyState } from './empty-state';
import { ToolChatLabelsProvider, useToolChatLabels, type UiLabels } from './labels';
import { MessageActionsProvider, preloadMessageActions, type MessageActionsValue } from './message-actions';
import { MessageList } from './message-list';
import { ErrorBanner, PendingApprovals, partsLoaded, preloadParts } from './lazy-parts';
import { ContextMeter, FollowUps } from './lazy-chat-parts';
import type { ContextMeterProps } from './context-meter';
import type { FeedbackHandler } from './feedback';
import type { FollowUpSource } from './follow-ups';
import { StatusIndicator } from './status-indicator';
import { ToolTitlesProvider } from './tool-title';
import { ToolRenderersProvider } from './tool-renderers';

// Memoised here, not where they are exported: while tokens stream their props do not change,
// so each commit renders only the message list.
const StableComposer = memo(Composer);
const StableStatusIndicator = memo(StatusIndicator);

/** `useToolChat`'s options plus how the chat looks. */
export interface ChatWrapperProps<TOOLS extends ToolSet = ToolSet> extends UseToolChatOptions<TOOLS> {
  /**
   * A chat made with `createToolChat`, shared with the rest of the app. Without it the wrapper
   * owns a chat made from its options. With it, the chat's own options apply (set them with
   * `chat.setOptions`); the props here only say how the chat looks.
   */
  chat?: ToolChat<TOOLS>;
  /** Per-tool renderers receiving the call, typed by the tool (`input`, `output`, `phase`…): generative UI. */
  renderTool?: { [NAME in keyof TOOLS & string]?: (call: ToolCallView<TOOLS, NAME>) => ReactNode };
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
  /**
   * Lets the user attach files to a message (a button, paste and drop), sent as the AI SDK's
   * file parts; `true` takes any file up to 10 MiB, ten per message. Only turn it on for a
   * model that reads files.
   * @default false
   * @example attachments={{ accept: 'image/*,application/pdf', maxFileSize: 5_000_000 }}
   */
  attachments?: boolean | AttachmentOptions;
  /**
   * The actions under messages: Copy on every message, Regenerate under the last answer, Edit
   * on the user's messages (an edit replaces what followed it). `false` shows none.
   * @default true
   */
  messageActions?: boolean;
  /**
   * Follow-up prompts under the last answer, once the chat is idle, one click each: the answer's
   * own (its `data-suggestions` part, which `createChatHandler` writes from the model), or the
   * app's, as a list or a function of the answer. `false` shows none.
   * @default true
   */
  followUps?: boolean | FollowUpSource;
  /**
   * Thumbs up and down under answers, then an optional comment: called with the message's id, the
   * thumb (`null` when taken back) and, once written, the comment. Without it, no thumbs.
   */
  onFeedback?: FeedbackHandler;
  /**
   * How full the model's context window is, above the messages, from the usage the answers
   * report; `true` shows the tokens alone, `{ window, prices }` the share of the window and the
   * cost.
   * @default false
   * @example contextMeter={{ window: 128_000, prices: { input: 2.5, output: 10 } }}
   */
  contextMeter?: boolean | ContextMeterProps;
  /**
   * Read aloud under answers and dictation in the composer, where the browser has the Web Speech
   * API (each hidden where it has not). Off by default: Chromium sends dictated speech to a
   * recognition service, which an app should choose to do.
   * @default false
   */
  speech?: boolean;
}

/**
 * A complete chat: messages, tool cards, status, error banner and composer arranged around
 * `useToolChat`. Each part is exported, so another arrangement is a few lines away.
 */
export function ChatWrapper<TOOLS extends ToolSet = ToolSet>({
  chat: givenChat,
  renderTool,
  suggestions,
  theme = 'system',
  className,
  highlightCode,
  imageOrigins,
  onChatChange,
  attachments = false,
  messageActions = true,
  followUps = true,
  onFeedback,
  contextMeter = false,
  speech = false,
  ...props
}: ChatWrapperProps<TOOLS>) {
  // The conversation on screen: the `id` prop, until the user starts a new chat.
  const [ids, setIds] = useState({ prop: props.id, current: props.id });
  if (ids.prop !== props.id) setIds({ prop: props.id, current: props.id });
  const options = ids.current === undefined || ids.current === props.id ? props : { ...props, id: ids.current };
  const chat = useToolChat<TOOLS>(givenChat ?? options);
  const newChat = useCallback(() => {
    // Unguessable, as a server store expects of the ids it is given.
    const id = newChatId();
    setIds((previous) => ({ ...previous, current: id }));
    onChatChange?.(id);
  }, [onChatChange]);
  // Fetch the Markdown chunk while the user types, so answers never show its plain stand-in.
  useEffect(() => {
    void preloadMarkdown();
    // An error, a call's details, a restored thread's notices and folds: fetched now, shown at once later.
    preloadParts().catch(() => undefined);
    if (messageActions) void preloadMessageActions();
  }, [messageActions]);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  // The rows, cards and pinned approvals take the actions from the chat in context; the
  // wrapper's own buttons use the instance's methods, stable for its life.
  const instance = chat.chat;
  const onSend = useCallback(
    (text: string, files?: FileUIPart[]) => void instance.sendMessage(files && files.length > 0 ? { text, files } : text),
    [instance],
  );
  const onRegenerate = useCallback(() => void instance.regenerate(), [instance]);
  const onEdit = useCallback((messageId: string, text: string) => void instance.editMessage(messageId, text), [instance]);
  const last = chat.messages.at(-1);
  const idle = !chat.busy;
  const lastAnswerId = last?.role === 'assistant' ? last.id : undefined;
  const actions = useMemo<MessageActionsValue>(
    () => ({ idle, lastAnswerId, onRegenerate, onEdit, onFeedback, readAloud: speech }),
    [idle, lastAnswerId, onRegenerate, onEdit, onFeedback, speech],
  );
  const onSuggestion = useCallback(
    (text: string) => {
      void instance.sendMessage(text);
      inputRef.current?.focus();
    },
    [instance],
  );

  const empty = useMemo(() => <EmptyState suggestions={suggestions} onSuggestion={onSuggestion} />, [suggestions, onSuggestion]);

  return (
    <ToolChatProvider chat={instance}>
    <ToolChatLabelsProvider labels={options.labels}>
      <CodeHighlighterProvider highlight={highlightCode}>
        <ImageOriginsProvider origins={imageOrigins}>
        <ToolTitlesProvider tools={options.tools}>
        <ToolRenderersProvider renderTool={renderTool as ToolRenderers | undefined}>
        <MessageActionsProvider value={messageActions ? actions : undefined}>
        <div
          className={className ? `toolchat ${className}` : 'toolchat'}
          data-theme={theme}
          data-state={chat.activity.state}
        >
          {((options.storage && !givenChat) || contextMeter) && (
            <div className="toolchat-toolbar">
              {options.storage && !givenChat && <NewChatButton onClick={newChat} disabled={chat.messages.length === 0} />}
              {contextMeter && <ContextMeter {...(contextMeter === true ? {} : contextMeter)} />}
            </div>
          )}
          <MessageList messages={chat.messages} busy={chat.busy} empty={empty} />
          {followUps && idle && lastAnswerId && <FollowUps suggestions={followUps === true ? undefined : followUps} onSelect={onSuggestion} />}
          {/* Before it loads, only a call waiting for approval can give it something to show. */}
          {(partsLoaded() || chat.activity.state === 'awaiting-approval') && <PendingApprovals />}
          <StableStatusIndicator activity={chat.activity} showError={!chat.error} />
          {chat.error && <ErrorBanner error={chat.error} onRetry={() => void chat.retry()} />}
          <StableComposer onSend={onSend} onStop={chat.stop} busy={chat.busy} inputRef={inputRef} attachments={attachments} dictation={speech} />
        </div>
        </MessageActionsProvider>
        </ToolRenderersProvider>
        </ToolTitlesProvider>
        </ImageOriginsProvider>
      </CodeHighlighterProvider>
    </ToolChatLabelsProvider>
    </ToolChatProvider>
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
