import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ToolChatSnapshot } from '../../core/chat/types';
import { CodeHighlighterProvider, type CodeHighlighter } from '../markdown/highlight';
import { ImageOriginsProvider } from '../markdown/image-origins';
import { preloadMarkdown } from '../markdown/markdown';
import type { ToolSet } from '../../core/tools/define-tool';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import type { ToolCallView, UseToolChatOptions } from '../types';
import { ToolChatProvider, useChatInstance, usePartChat, useStoreSelector } from '../use-tool-chat';
import { newChatId } from '../../core/chat-id';
import type { AttachmentOptions } from './attachment-tray';
import type { ToolRenderers } from './tool-call-card';
import { Composer } from './composer';
import { EmptyState } from './empty-state';
import { useToolChatLabels, type UiLabels } from './labels';
import { preloadMessageActions } from './message-actions';
import { MessageList } from './message-list';
import { ErrorBanner, PendingApprovals, partsLoaded, preloadParts } from './lazy-parts';
import { ContextMeter, FollowUps } from './lazy-chat-parts';
import type { ContextMeterProps } from './context-meter';
import type { FeedbackHandler } from './feedback';
import type { FollowUpSource, FollowUpsProps } from './follow-ups';
import { StatusIndicator } from './status-indicator';

/** `useToolChat`'s options plus how the chat looks. */
export interface ChatWrapperProps<TOOLS extends ToolSet = ToolSet> extends UseToolChatOptions<TOOLS> {
  /**
   * A chat made with `createToolChat`, shared with the rest of the app. Without it the wrapper
   * owns a chat made from its options. With it, the chat's own options apply, its `labels` and
   * `tools` (whose titles the cards show) included (set them with `chat.setOptions`); the props
   * here only say how the chat looks.
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
  /** Every user-visible string, loop and UI; English by default. The chat's: the parts read them from it. */
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
 * A complete chat: messages, tool cards, status, error banner and composer, each a part that
 * reads the chat from context and selects its own slice; the wrapper itself reads nothing of
 * the chat, so a streamed token renders only what shows it. Each part is exported, so another
 * arrangement is a few lines away.
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
  messageActions,
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
  const chat = useChatInstance<TOOLS>(givenChat ?? options);
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
    if (messageActions !== false) void preloadMessageActions();
  }, [messageActions]);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const onSuggestion = useCallback(
    (text: string) => {
      void chat.sendMessage(text);
      inputRef.current?.focus();
    },
    [chat],
  );

  return (
    <ToolChatProvider chat={chat} renderTool={renderTool as ToolRenderers | undefined} messageActions={messageActions} onFeedback={onFeedback} speech={speech}>
      <CodeHighlighterProvider highlight={highlightCode}>
        <ImageOriginsProvider origins={imageOrigins}>
          <ChatFrame className={className} theme={theme}>
            {((options.storage && !givenChat) || contextMeter) && (
              <div className="toolchat-toolbar">
                {options.storage && !givenChat && <NewChatButton onClick={newChat} />}
                {contextMeter && <ContextMeter {...(contextMeter === true ? {} : contextMeter)} />}
              </div>
            )}
            <MessageList empty={<EmptyState suggestions={suggestions} onSuggestion={onSuggestion} />} />
            {followUps && <ChatFollowUps suggestions={followUps === true ? undefined : followUps} onSelect={onSuggestion} />}
            <ChatApprovals />
            {/* The error banner says it: the status line does not too. */}
            <StatusIndicator showError={false} />
            <ChatError />
            <Composer inputRef={inputRef} attachments={attachments} dictation={speech} />
          </ChatFrame>
        </ImageOriginsProvider>
      </CodeHighlighterProvider>
    </ToolChatProvider>
  );
}
ChatWrapper.displayName = 'ChatWrapper';

const selectState = (state: ToolChatSnapshot) => state.activity.state;
const selectEmpty = (state: ToolChatSnapshot) => state.messages.length === 0;
const selectError = (state: ToolChatSnapshot) => state.error;
const selectAwaiting = (state: ToolChatSnapshot) => state.activity.state === 'awaiting-approval';
const selectAnswered = (state: ToolChatSnapshot) => !state.busy && state.messages.at(-1)?.role === 'assistant';

/** The chat's frame, its `data-state` the activity's: it renders when that changes, its parts do not. */
function ChatFrame({ className, theme, children }: { className: string | undefined; theme: string; children: ReactNode }) {
  const state = useStoreSelector(usePartChat(), selectState);
  return (
    <div className={className ? `toolchat ${className}` : 'toolchat'} data-theme={theme} data-state={state}>
      {children}
    </div>
  );
}

/** Calls waiting for approval in older messages. Before its chunk loads, only a call waiting for approval can give it something to show. */
function ChatApprovals() {
  const awaiting = useStoreSelector(usePartChat(), selectAwaiting);
  return partsLoaded() || awaiting ? <PendingApprovals /> : null;
}

/** Follow-ups under the last answer: their chunk loads once the chat is idle after an answer, not before. */
function ChatFollowUps(props: FollowUpsProps) {
  const answered = useStoreSelector(usePartChat(), selectAnswered);
  return answered ? <FollowUps {...props} /> : null;
}

/** The request's error, with Retry where retrying can succeed. */
function ChatError() {
  const chat = usePartChat();
  const error = useStoreSelector(chat, selectError);
  return error ? <ErrorBanner error={error} onRetry={() => void chat.retry()} /> : null;
}

function NewChatButton({ onClick }: { onClick: () => void }) {
  const labels = useToolChatLabels();
  const empty = useStoreSelector(usePartChat(), selectEmpty);
  return (
    <button type="button" className="toolchat-new-chat" onClick={onClick} disabled={empty}>
      {labels.newChat}
    </button>
  );
}
