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
import { isSettled } from '../../core/loop/call-state';
import { isToolPart } from '../../core/chat/part-states';
import { useChatView, usePartChat } from '../use-tool-chat';
import { rendererOf } from './tool-renderers';
import { useRow } from './use-row';

export interface MessageProps {
  message: UIMessage;
  className?: string;
}

type Part = UIMessage['parts'][number];

function MessageImpl({ message, className }: MessageProps) {
  const labels = useToolChatLabels();
  // The chat in context answers everything this row shows besides its message.
  const chat = usePartChat();
  const { renderTool } = useChatView();
  const isUser = message.role === 'user';
  const id = message.id;

  // What only some rows show loads after the first render: the first row of a list made without
  // `ChatWrapper` (which fetches it on mount) fetches it for every later one.
  useEffect(() => {
    preloadParts().catch(() => undefined);
  }, []);

  const { views: callViews, ending, streaming } = useRow(chat, message);
  const views = new Map<string, ToolCallView>();
  for (const view of callViews) if (!views.has(view.toolCallId)) views.set(view.toolCallId, view);
  const interrupted = streaming ? [] : [...views.values()].filter((view) => view.phase === 'interrupted').map((view) => view.toolCallId);
  const noticed = !streaming && (ending !== undefined || interrupted.length > 0);

  const card = (view: ToolCallView) => (
    <ToolCallCard key={view.toolCallId} call={view} render={rendererOf(renderTool, view.toolName)} />
  );
  // Custom cards (generative UI) stay where they are; the default ones fold once answered.
  const folded = !streaming && shouldFold(message.parts, views) ? [...views.values()].filter((view) => !rendererOf(renderTool, view.toolName) && !toolCardStays(chat.options.tools, view.toolName)) : [];
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
        <MessageNotice messageId={id} ending={ending} interruptedToolCallIds={interrupted} />
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
 * cites (listed under it, and as markers in its text). It reads the rest from the chat in
 * context (`ToolChatProvider`, `ChatWrapper`): the views of its own calls, how it ended, whether
 * it is the one streaming or the one offering the way on, and the actions (approve, deny,
 * continue); so a row renders again only when its message or its slice change. Outside a
 * provider it shows its message alone (its calls as their parts say, no actions); a transcript
 * gets a read-only chat (`createToolChat({ initialMessages, readOnly: true })`). A plain
 * `memo`: the chat keeps a message's object while its content is the same.
 */
export const Message = memo(MessageImpl);
Message.displayName = 'Message';
