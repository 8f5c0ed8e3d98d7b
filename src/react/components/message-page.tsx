import type { UIMessage } from 'ai';
import { memo, useEffect, useRef } from 'react';
import type { AnswerEnding } from '../../core/loop/loop-state';
import { INTERRUPTED_TOOL_ERROR } from '../../core/storage/interrupted';
import type { ToolCallView } from '../types';
import { Message } from './message';
import type { ToolRenderers } from './tool-call-card';

export interface MessagePageProps {
  messages: readonly UIMessage[];
  /** The message the model is writing now, if it is on this page. */
  streamingId: string | undefined;
  getToolCall: ((toolCallId: string) => ToolCallView | undefined) | undefined;
  renderTool: ToolRenderers | undefined;
  onApprove: ((toolCallId: string) => void) | undefined;
  onDeny: ((toolCallId: string) => void) | undefined;
  onAlwaysAllow: ((toolName: string) => void) | undefined;
  endings: ReadonlyMap<string, AnswerEnding> | undefined;
  maxToolRounds: number | undefined;
  /** The answer that offers the way on (Continue, Run again), if it is on this page. */
  actionableId: string | undefined;
  onContinue: (() => void) | undefined;
  onRunAgain: ((toolCallIds: readonly string[]) => void) | undefined;
}

let observer: IntersectionObserver | undefined;

/**
 * Lets the browser skip the page's layout and paint once it is out of view, at the height it
 * has then (`contain-intrinsic-size: auto <height>`): a page never laid out would stand in at a
 * guessed height and change it when scrolled to (a jump), browsers remember a height only once
 * skipping is on, and a page that starts skipping while partly in view makes Chromium's scroll
 * anchoring move the view. Style, not React state: it renders nothing. One observer serves
 * every page (the viewport as root: a page scrolled out of the log is out of it too).
 */
function skipOnceOutOfView(page: HTMLElement): (() => void) | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      // In view, or hidden (no layout, nothing to remember yet): look again when that changes.
      if (entry.isIntersecting || entry.boundingClientRect.height === 0) continue;
      const target = entry.target as HTMLElement;
      observer?.unobserve(target);
      const style = getComputedStyle(target);
      const height = entry.boundingClientRect.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      target.style.setProperty('contain-intrinsic-size', `auto ${Math.max(0, Math.round(height))}px`);
      target.setAttribute('data-state', 'measured');
    }
  });
  observer.observe(page);
  return () => observer?.unobserve(page);
}

/**
 * A run of consecutive messages in one element. A commit walks the pages, not every row; once
 * laid out, a page out of view skips layout and paint (`content-visibility: auto` at the height
 * it had), so what a long history costs per token, per reveal and per scrolled frame stays
 * what the pages on screen cost.
 */
function MessagePageImpl({
  messages,
  streamingId,
  getToolCall,
  renderTool,
  onApprove,
  onDeny,
  onAlwaysAllow,
  endings,
  maxToolRounds,
  actionableId,
  onContinue,
  onRunAgain,
}: MessagePageProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const page = ref.current;
    return page ? skipOnceOutOfView(page) : undefined;
  }, []);
  return (
    <div ref={ref} className="toolchat-log-page">
      {messages.map((message) => (
        <Message
          key={message.id}
          message={message}
          streaming={message.id === streamingId}
          getToolCall={getToolCall}
          renderTool={renderTool}
          onApprove={onApprove}
          onDeny={onDeny}
          onAlwaysAllow={onAlwaysAllow}
          ending={endings?.get(message.id)}
          maxToolRounds={maxToolRounds}
          onContinue={message.id === actionableId && hasNotice(message, endings) ? onContinue : undefined}
          onRunAgain={message.id === actionableId && hasNotice(message, endings) ? onRunAgain : undefined}
        />
      ))}
    </div>
  );
}

/**
 * Whether the answer has a notice to offer a way on from: only then does it get the callbacks,
 * so the last answer does not render again when the user sends the next message.
 */
function hasNotice(message: UIMessage, endings: ReadonlyMap<string, AnswerEnding> | undefined): boolean {
  return endings?.has(message.id) === true || message.parts.some((part) => 'errorText' in part && part.errorText === INTERRUPTED_TOOL_ERROR);
}

/** The same messages (by identity) and the same callbacks: nothing on the page can have changed. */
function samePage(prev: MessagePageProps, next: MessagePageProps): boolean {
  return (
    prev.streamingId === next.streamingId &&
    prev.getToolCall === next.getToolCall &&
    prev.renderTool === next.renderTool &&
    prev.onApprove === next.onApprove &&
    prev.onDeny === next.onDeny &&
    prev.onAlwaysAllow === next.onAlwaysAllow &&
    prev.endings === next.endings &&
    prev.maxToolRounds === next.maxToolRounds &&
    prev.actionableId === next.actionableId &&
    prev.onContinue === next.onContinue &&
    prev.onRunAgain === next.onRunAgain &&
    prev.messages.length === next.messages.length &&
    prev.messages.every((message, index) => message === next.messages[index])
  );
}

export const MessagePage = memo(MessagePageImpl, samePage);
MessagePage.displayName = 'MessagePage';
