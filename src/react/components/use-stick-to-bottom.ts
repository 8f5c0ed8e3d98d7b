import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the bottom". */
const THRESHOLD = 48;

export interface StickToBottom {
  /** The scrolling element. */
  ref: RefObject<HTMLDivElement | null>;
  /** Its content, watched for growth that no render of the list caused (deferred Markdown, images). */
  contentRef: RefObject<HTMLDivElement | null>;
  /** False once the user has scrolled up, away from the latest message. */
  atBottom: boolean;
  onScroll: () => void;
  scrollToBottom: () => void;
}

/** Scrolls to the end, and keeps where that left the view (a browser clamps `scrollTop`). */
function toEnd(el: HTMLElement, lastTop: RefObject<number>): void {
  el.scrollTop = el.scrollHeight;
  lastTop.current = el.scrollTop;
}

/**
 * Follows new content while the reader is at the bottom, and stops following as soon as
 * they scroll up; `content` is whatever changes when new text arrives.
 */
export function useStickToBottom(content: unknown): StickToBottom {
  const ref = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  const following = useRef(true);
  /** Where the view was at the last scroll we made or were told of. */
  const lastTop = useRef(0);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const top = el.scrollTop;
    // A browser tells of our own scroll a frame late: by then the content may have grown past
    // the threshold under a view that did not move, which is no reason to stop following (it
    // showed "Jump to latest" at the end of an answer). Only a view that moved is the reader's.
    if (el.scrollHeight - top - el.clientHeight <= THRESHOLD) following.current = true;
    else if (top !== lastTop.current) following.current = false;
    lastTop.current = top;
    setAtBottom(following.current);
  }, []);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    following.current = true;
    setAtBottom(true);
    toEnd(el, lastTop);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && following.current) toEnd(el, lastTop);
  }, [content]);

  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const el = ref.current;
      if (el && following.current) toEnd(el, lastTop);
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  return { ref, contentRef, atBottom, onScroll, scrollToBottom };
}
