import { memo, useEffect, type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import { Markdown } from '../markdown/markdown';
import type { ToolCallView } from '../types';
import { toolCardStays } from './tool-card-view';
import { FilePart, MessageNotice, Reasoning, ToolCallCard, ToolSummary, preloadParts } from './lazy-parts';
import { SourceList } from './lazy-chat-parts';
import { hasSources } from './sources/has-sources';
import { useToolChatLabels } from './labels';
import { MessageActions } from './message-actions';
import type { ToolRenderers } from './tool-call-card';
import { isSettled } from '../../core/loop/call-state';
import { isToolPart } from '../../core/chat/part-states';
import type { AnswerEnding } from '../../core/loop/loop-state';
import { useOptionalToolChatContext, useStoreSelector } from '../use-tool-chat';
import { useMessageListSettings } from './message-list-settings';
import { rendererOf, useToolRenderers } from './tool-renderers';
import { rowStore, useMessageCalls } from './use-message-calls';

export interface MessageProps {
  message: UIMessage;
  /** True for the message the model is writing now. */
  streaming?: boolean;
  /**
   * A view of each call (phase, duration). Inside a `ToolChatProvider` (or `ChatWrapper`) the
   * row selects its calls' views from the chat itself; without either, views come from the parts alone.
   */
  getToolCall?: ((toolCallId: string) => ToolCallView | undefined) | undefined;
  /** Custom cards by tool name; by default those of the nearest `ToolRenderersProvider` (`<ChatWrapper renderTool>`). */
  renderTool?: ToolRenderers | undefined;
  /** By default the chat's `approve`, inside a `ToolChatProvider`. */
  onApprove?: ((toolCallId: string) => void) | undefined;
  /** By default the chat's `deny`, inside a `ToolChatProvider`. */
  onDeny?: ((toolCallId: string) => void) | undefined;
  /** Shows "Always allow <tool>" on calls awaiting approval; by default the chat's `alwaysAllow`, inside a `ToolChatProvider`. */
  onAlwaysAllow?: ((toolName: string) => void) | undefined;
  /** How this answer ended when it did not simply finish; by default the chat's `loop.endings`. */
  ending?: AnswerEnding | undefined;
  /** The round limit, for "Stopped after 5 tool rounds"; by default the chat's. @default 5 */
  maxToolRounds?: number | undefined;
  /**
   * "Continue" under an answer that did not finish. Inside a `ToolChatProvider` the last answer
   * offers it by itself while the chat is idle.
   */
  onContinue?: (() => void) | undefined;
  /** "Run again" under a turn a reload cut off; offered by itself like `onContinue`. */
  onRunAgain?: ((toolCallIds: readonly string[]) => void) | undefined;
  className?: string;
}

type Part = UIMessage['parts'][number];

function MessageImpl({
  message,
  streaming = false,
  getToolCall: givenGetToolCall,
  renderTool: givenRenderTool,
  onApprove: givenOnApprove,
  onDeny: givenOnDeny,
  onAlwaysAllow: givenOnAlwaysAllow,
  ending: givenEnding,
  maxToolRounds: givenMaxToolRounds,
  onContinue: givenOnContinue,
  onRunAgain: givenOnRunAgain,
  className,
}: MessageProps) {
  const labels = useToolChatLabels();
  // The chat in context answers everything this row shows; a list given the older props, or
  // the props here, take precedence.
  const chat = useOptionalToolChatContext();
  const list = useMessageListSettings();
  const contextRenderers = useToolRenderers();
  const renderTool = givenRenderTool ?? contextRenderers;
  const onApprove = givenOnApprove ?? list.onApprove;
  const onDeny = givenOnDeny ?? list.onDeny;
  const onAlwaysAllow = givenOnAlwaysAllow ?? list.onAlwaysAllow;
  const isUser = message.role === 'user';
  const id = message.id;

  // What only some rows show loads after the first render: the first row of a list made without
  // `ChatWrapper` (which fetches it on mount) fetches it for every later one.
  useEffect(() => {
    preloadParts().catch(() => undefined);
  }, []);

  const callViews = useMessageCalls(chat, message, givenGetToolCall ?? list.getToolCall);
  const views = new Map<string, ToolCallView>();
  for (const view of callViews) if (!views.has(view.toolCallId)) views.set(view.toolCallId, view);

  const fromChat = givenEnding === undefined && list.endings === undefined ? chat : undefined;
  const chatEnding = useStoreSelector(rowStore(fromChat), (state) => state?.loop.endings.get(id));
  const ending = givenEnding ?? (list.endings ? list.endings.get(id) : chatEnding);
  const interrupted = streaming ? [] : [...views.values()].filter((view) => view.phase === 'interrupted').map((view) => view.toolCallId);
  const noticed = !streaming && (ending !== undefined || interrupted.length > 0);

  const card = (view: ToolCallView) => (
    <ToolCallCard
      key={view.toolCallId}
      call={view}
      render={rendererOf(renderTool, view.toolName)}
      onApprove={onApprove}
      onDeny={onDeny}
      onAlwaysAllow={onAlwaysAllow}
    />
  );
  // Custom cards (generative UI) stay where they are; the default ones fold once answered.
  const folded = !streaming && shouldFold(message.parts, views) ? [...views.values()].filter((view) => !rendererOf(renderTool, view.toolName) && !toolCardStays(chat?.options.tools, view.toolName)) : [];
  const foldedIds = new Set(folded.map((view) => view.toolCallId));

  // The answer's sources number its text's `[1]` markers and are listed under it.
  const cites = !isUser && hasSources(message);
  const content: ReactNode[] = [];
  let summarised = false;
  message.parts.forEach((part, index) => {
    if (part.type === 'text') {
      if (part.text === '') return;
      content.push(
        isUser ? (
          <div key={index} className="toolchat-message-text" dir="auto">
            {part.text}
          </div>
        ) : (
          <Markdown key={index} text={part.text} message={cites ? message : undefined} citations={part.citations} />
        ),
      );
    } else if (part.type === 'reasoning') {
      content.push(<Reasoning key={index} text={part.text} streaming={part.state === 'streaming'} />);
    } else if (part.type === 'file') {
      content.push(<FilePart key={index} part={part} />);
    } else if (isToolPart(part)) {
      const view = views.get(part.toolCallId);
      if (!view) return;
      if (!foldedIds.has(part.toolCallId)) {
        content.push(card(view));
      } else if (!summarised) {
        summarised = true;
        content.push(
          <ToolSummary
            key="tool-summary"
            toolNames={folded.map((view) => view.toolName)}
            failed={folded.filter((view) => view.phase === 'error').length}
            denied={folded.filter((view) => view.phase === 'denied').length}
          >
            {folded.map(card)}
          </ToolSummary>,
        );
      }
    }
  });

  return (
    <div
      className={className ? `toolchat-message ${className}` : 'toolchat-message'}
      data-role={message.role}
      data-state={streaming ? 'streaming' : 'complete'}
    >
      <span className="toolchat-visually-hidden">{isUser ? labels.userAuthor : labels.assistantAuthor}: </span>
      <MessageActions message={message} streaming={streaming}>
        <div className="toolchat-message-body">
          {content}
          {cites && <SourceList message={message} />}
        </div>
      </MessageActions>
      {noticed && (
        <MessageNotice
          messageId={id}
          ending={ending}
          interruptedToolCallIds={interrupted}
          maxToolRounds={givenMaxToolRounds}
          onContinue={givenOnContinue}
          onRunAgain={givenOnRunAgain}
        />
      )}
    </div>
  );
}

/** After the final answer, a turn's tool cards fold into one summary: all calls are over and text follows them. */
function shouldFold(parts: readonly Part[], views: ReadonlyMap<string, ToolCallView>): boolean {
  if (views.size === 0) return false;
  for (const view of views.values()) if (!isSettled(view.phase) || view.phase === 'interrupted') return false;
  // What follows the answer's text without being part of its turn (sources, follow-ups, data) does not count.
  const last = parts.findLast((part) => part.type === 'text' || part.type === 'reasoning' || part.type === 'file' || isToolPart(part));
  return last?.type === 'text' && last.text.trim() !== '';
}

/**
 * One chat message: Markdown text, reasoning, a card per tool call, and the sources an answer
 * cites (listed under it, and as markers in its text). Inside a
 * `ToolChatProvider` (or `ChatWrapper`) it reads the chat itself: it selects the views of its
 * own calls, its ending and whether it offers the way on, and takes the actions (approve,
 * deny, continue) from the chat, so a row renders again only when its message or its calls
 * change. A plain `memo`: the list keeps a message's object while its content is the same.
 */
export const Message = memo(MessageImpl);
Message.displayName = 'Message';
