import type { UIMessage } from 'ai';
import { memo, useEffect, useRef } from 'react';
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
}

/**
 * A run of consecutive messages in one element. A commit walks the pages, not every row; once
 * laid out, a page out of view skips layout and paint (`content-visibility: auto` at the height
 * it had), so what a long history costs per token, per reveal and per scrolled frame stays
 * what the pages on screen cost.
 */
function MessagePageImpl({ messages, streamingId, getToolCall, renderTool, onApprove, onDeny }: MessagePageProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    // Skipping starts a frame after the first paint, when the browser has remembered the page's
    // height: a page that was never laid out would stand in at a guessed height and change it when
    // scrolled to, a jump in browsers without scroll anchoring. A style flag, not React state:
    // setting it renders nothing.
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => ref.current?.setAttribute('data-state', 'measured'));
    return () => cancelAnimationFrame(frame);
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
        />
      ))}
    </div>
  );
}

/** The same messages (by identity) and the same callbacks: nothing on the page can have changed. */
function samePage(prev: MessagePageProps, next: MessagePageProps): boolean {
  return (
    prev.streamingId === next.streamingId &&
    prev.getToolCall === next.getToolCall &&
    prev.renderTool === next.renderTool &&
    prev.onApprove === next.onApprove &&
    prev.onDeny === next.onDeny &&
    prev.messages.length === next.messages.length &&
    prev.messages.every((message, index) => message === next.messages[index])
  );
}

export const MessagePage = memo(MessagePageImpl, samePage);
MessagePage.displayName = 'MessagePage';
