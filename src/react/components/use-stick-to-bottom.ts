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

/**
 * Follows new content while the reader is at the bottom, and stops following as soon as
 * they scroll up; `content` is whatever changes when new text arrives.
 */
export function useStickToBottom(content: unknown): StickToBottom {
  const ref = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  const following = useRef(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= THRESHOLD;
    following.current = bottom;
    setAtBottom(bottom);
  }, []);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    following.current = true;
    setAtBottom(true);
    el.scrollTop = el.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [content]);

  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const el = ref.current;
      if (el && following.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  return { ref, contentRef, atBottom, onScroll, scrollToBottom };
}
