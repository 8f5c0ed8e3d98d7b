import type { UIMessage } from 'ai';
import { memo, useEffect, useRef } from 'react';
import { Message } from './message';

export interface MessagePageProps {
  /** The same array while none of the page's messages changed (`useStablePages`). */
  messages: readonly UIMessage[];
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
function MessagePageImpl({ messages }: MessagePageProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const page = ref.current;
    return page ? skipOnceOutOfView(page) : undefined;
  }, []);
  return (
    <div ref={ref} className="toolchat-log-page">
      {messages.map((message) => (
        // Each row reads the rest (its calls, its ending, the actions) from the chat in context.
        <Message key={message.id} message={message} />
      ))}
    </div>
  );
}

export const MessagePage = memo(MessagePageImpl);
MessagePage.displayName = 'MessagePage';
