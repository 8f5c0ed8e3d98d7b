import { memo, type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import { Markdown } from '../markdown/markdown';
import type { ToolCallView } from '../types';
import { FilePart, SourcePart } from './file-part';
import { useToolChatLabels } from './labels';
import { MessageActions } from './message-actions';
import { Reasoning } from './reasoning';
import { ToolCallCard, type ToolRenderers } from './tool-call-card';
import { isSettled } from '../../core/loop/call-state';
import { isToolPart } from '../../core/chat/part-states';
import { toolCallViewFromPart } from './tool-call-view';
import { ToolSummary } from './tool-summary';
import { TurnNotice } from './turn-notice';
import type { AnswerEnding } from '../../core/loop/loop-state';
import { DEFAULT_MAX_TOOL_ROUNDS } from '../../core/loop/rounds';
import { getOwn } from '../../core/tools/own-record';

export interface MessageProps {
  message: UIMessage;
  /** True for the message the model is writing now. */
  streaming?: boolean;
  /** The hook's view of a call (phase, duration); without it, views come from the parts alone. */
  getToolCall?: ((toolCallId: string) => ToolCallView | undefined) | undefined;
  renderTool?: ToolRenderers | undefined;
  onApprove?: ((toolCallId: string) => void) | undefined;
  onDeny?: ((toolCallId: string) => void) | undefined;
  /** Shows "Always allow <tool>" on calls awaiting approval. */
  onAlwaysAllow?: ((toolName: string) => void) | undefined;
  /** How this answer ended when it did not simply finish (`useToolChat().loop.endings`). */
  ending?: AnswerEnding | undefined;
  /** The round limit, for "Stopped after 5 tool rounds". @default 5 */
  maxToolRounds?: number | undefined;
  /** "Continue" under an answer that did not finish: give it for the last answer while the chat is idle. */
  onContinue?: (() => void) | undefined;
  /** "Run again" under a turn a reload cut off: give it for the last answer while the chat is idle. */
  onRunAgain?: ((toolCallIds: readonly string[]) => void) | undefined;
  className?: string;
}

type Part = UIMessage['parts'][number];

function MessageImpl({
  message,
  streaming = false,
  getToolCall,
  renderTool,
  onApprove,
  onDeny,
  onAlwaysAllow,
  ending,
  maxToolRounds,
  onContinue,
  onRunAgain,
  className,
}: MessageProps) {
  const labels = useToolChatLabels();
  const isUser = message.role === 'user';
  const views = new Map<string, ToolCallView>();
  for (const part of message.parts) {
    if (isToolPart(part)) views.set(part.toolCallId, toolCallViewFromPart(part, getToolCall?.(part.toolCallId)));
  }
  // The model chose the name: `renderTool.constructor` must not be a renderer.
  const rendererOf = (toolName: string) => {
    const render = getOwn(renderTool, toolName);
    return typeof render === 'function' ? render : undefined;
  };
  const card = (view: ToolCallView) => (
    <ToolCallCard
      key={view.toolCallId}
      call={view}
      render={rendererOf(view.toolName)}
      onApprove={onApprove}
      onDeny={onDeny}
      onAlwaysAllow={onAlwaysAllow}
    />
  );
  // Custom cards (generative UI) stay where they are; the default ones fold once answered.
  const folded = !streaming && shouldFold(message.parts, views) ? [...views.values()].filter((view) => !rendererOf(view.toolName)) : [];
  const foldedIds = new Set(folded.map((view) => view.toolCallId));

  const content: ReactNode[] = [];
  let summarised = false;
  message.parts.forEach((part, index) => {
    if (part.type === 'text') {
      if (part.text === '') return;
      content.push(
        isUser ? (
          <div key={index} className="toolchat-message-text">
            {part.text}
          </div>
        ) : (
          <Markdown key={index} text={part.text} />
        ),
      );
    } else if (part.type === 'reasoning') {
      content.push(<Reasoning key={index} text={part.text} streaming={part.state === 'streaming'} />);
    } else if (part.type === 'file') {
      content.push(<FilePart key={index} part={part} />);
    } else if (part.type === 'source-url') {
      content.push(<SourcePart key={index} part={part} />);
    } else if (isToolPart(part)) {
      if (!foldedIds.has(part.toolCallId)) {
        content.push(card(views.get(part.toolCallId) ?? toolCallViewFromPart(part)));
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
  const interrupted = streaming ? [] : [...views.values()].filter((view) => view.phase === 'interrupted').map((view) => view.toolCallId);

  return (
    <div
      className={className ? `toolchat-message ${className}` : 'toolchat-message'}
      data-role={message.role}
      data-state={streaming ? 'streaming' : 'complete'}
    >
      <span className="toolchat-visually-hidden">{isUser ? labels.userAuthor : labels.assistantAuthor}: </span>
      <MessageActions message={message} streaming={streaming}>
        <div className="toolchat-message-body">{content}</div>
      </MessageActions>
      {!streaming && (ending !== undefined || interrupted.length > 0) && (
        <TurnNotice
          ending={ending}
          interruptedToolCallIds={interrupted}
          maxToolRounds={maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS}
          onContinue={onContinue}
          onRunAgain={onRunAgain}
        />
      )}
    </div>
  );
}

/** After the final answer, a turn's tool cards fold into one summary: all calls are over and text follows them. */
function shouldFold(parts: readonly Part[], views: ReadonlyMap<string, ToolCallView>): boolean {
  if (views.size === 0) return false;
  for (const view of views.values()) if (!isSettled(view.phase) || view.phase === 'interrupted') return false;
  const last = parts.findLast((part) => part.type !== 'step-start');
  return last?.type === 'text' && last.text.trim() !== '';
}

function sameParts(a: readonly Part[], b: readonly Part[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((part, index) => shallowEqual(part, b[index]));
}

function shallowEqual(a: object, b: object | undefined): boolean {
  if (a === b) return true;
  if (!b) return false;
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** Whether every call of the message has the same view under both lookups. */
function sameCalls(parts: readonly Part[], prev: MessageProps['getToolCall'], next: MessageProps['getToolCall']): boolean {
  return parts.every((part) => !isToolPart(part) || prev?.(part.toolCallId) === next?.(part.toolCallId));
}

/**
 * The AI SDK replaces only the streaming message (copying its parts), so the other rows
 * keep their message objects and skip rendering. A part-by-part shallow compare also
 * keeps rows stable when the whole array is replaced with equal content (a reload).
 * `getToolCall` returns one object per state of a call, so a row renders again only when one
 * of its own calls changed.
 */
export function areMessagePropsEqual(prev: MessageProps, next: MessageProps): boolean {
  if (
    prev.streaming !== next.streaming ||
    prev.renderTool !== next.renderTool ||
    prev.onApprove !== next.onApprove ||
    prev.onDeny !== next.onDeny ||
    prev.onAlwaysAllow !== next.onAlwaysAllow ||
    prev.ending !== next.ending ||
    prev.maxToolRounds !== next.maxToolRounds ||
    prev.onContinue !== next.onContinue ||
    prev.onRunAgain !== next.onRunAgain ||
    prev.className !== next.className
  ) {
    return false;
  }
  if (prev.message !== next.message) {
    // The AI SDK mutates the message it is streaming into: an earlier render may have seen the
    // live object, whose parts already equal the new copy's. A streaming row always re-renders.
    if (prev.streaming || next.streaming) return false;
    if (prev.message.id !== next.message.id || prev.message.role !== next.message.role) return false;
    if (!sameParts(prev.message.parts, next.message.parts)) return false;
  }
  return prev.getToolCall === next.getToolCall || sameCalls(next.message.parts, prev.getToolCall, next.getToolCall);
}

/** One chat message: Markdown text, reasoning, and a card per tool call. Memoised per row. */
export const Message = memo(MessageImpl, areMessagePropsEqual);
Message.displayName = 'Message';
