import type { UIMessage } from 'ai';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** A thread this long or shorter renders whole: find-in-page and screen readers have all of it. */
export const WHOLE_THREAD = 200;
/**
 * Messages per page: a longer thread opens with the pages that hold its last `PAGE_ROWS` messages
 * (a few screens of an ordinary chat) and shows a page more each time the reader nears the top.
 */
export const PAGE_ROWS = 40;
/**
 * Messages a scroll reveals in its first frame. Each frame then reveals as many as fit in
 * `FRAME_BUDGET_MS` at what a message cost in the frame before (its render and the layout the
 * list reads to keep the reader's row in place), in one render: a whole page of answers (their
 * Markdown, their cards) in one frame made long animation frames (up to 169 ms) in Chromium,
 * and steps of 2 rows each read the layout again; a slower machine now simply reveals fewer.
 */
export const SCROLL_ROWS = 2;
const FRAME_BUDGET_MS = 6;

export interface HistoryWindow {
  /** Index of the first message shown; the ones before it are not rendered yet. */
  start: number;
  /** Shows older messages and keeps the top of the list (where the button is) in view. */
  showEarlier: () => void;
  /** The "Show earlier messages" button: while it has focus, scrolling leaves the choice to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** For the log's scroll event: shows older messages once the reader is within a screen of the top. */
  onScroll: () => void;
}

interface Reveal {
  /** `scroll` keeps what the reader looks at in place; `button` keeps the top in view. */
  how: 'scroll' | 'button';
  /** The first row before the reveal, and where it was on screen: what `scroll` holds in place. */
  row: HTMLElement | null;
  rowTop: number;
  scrollTop: number;
  /** Whether focus was in the list (on the button, which goes once everything is shown). */
  focused: boolean;
}

/**
 * Where the rows shown last time begin in `messages`: the first of them still there, or -1 when
 * none is (another conversation).
 */
function survivorOf(shown: { messages: readonly UIMessage[]; start: number }, messages: readonly UIMessage[]): number {
  const index = new Map(messages.map((message, i) => [message.id, i]));
  for (let i = shown.start; i < shown.messages.length; i++) {
    const found = index.get(shown.messages[i]!.id);
    if (found !== undefined) return found;
  }
  return -1;
}

/** A reader within one screen of the top; never without layout (jsdom, a hidden list). */
const nearTop = (el: HTMLElement) => el.clientHeight > 0 && el.scrollTop < el.clientHeight;

/**
 * The part of a thread that is rendered: all of a short one; of a longer one the pages that hold
 * its last `PAGE_ROWS` messages, then, as the reader scrolls up (or presses "Show earlier
 * messages"), a page more at a time. Rows once shown stay mounted, so tool cards keep their
 * state, focus stays where it is, and find-in-page finds everything shown. The first row is
 * remembered by id: new messages at the end, or a reload of the same thread, keep it; another
 * conversation starts again from its end.
 *
 * Call it after `useStickToBottom`: its layout effect must have scrolled to the end before
 * this one asks whether the reader is near the top.
 */
export function useHistoryWindow(
  messages: readonly UIMessage[],
  logRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
): HistoryWindow {
  const [firstId, setFirstId] = useState<string | undefined>(undefined);
  // Where the first row was last time: a cache that spares a search of the thread per render.
  const hint = useRef(0);
  const latest = useRef({ messages, start: 0 });
  let start = -1;
  if (firstId !== undefined) {
    start = messages[hint.current]?.id === firstId ? hint.current : messages.findIndex((message) => message.id === firstId);
    // The first shown message was removed: the history stays revealed from the next one still there.
    if (start === -1) start = survivorOf(latest.current, messages);
  }
  if (start === -1) start = messages.length <= WHOLE_THREAD ? 0 : Math.floor((messages.length - PAGE_ROWS) / PAGE_ROWS) * PAGE_ROWS;
  hint.current = start;
  const id = messages[start]?.id;
  // Pin the first row, so messages appended later extend the window instead of sliding it.
  if (id !== firstId) setFirstId(id);

  useLayoutEffect(() => {
    latest.current = { messages, start };
  });

  const pending = useRef<Reveal | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const request = useCallback(
    (how: Reveal['how'], rows = SCROLL_ROWS) => {
      const { messages, start } = latest.current;
      const el = logRef.current;
      if (start === 0 || !el) return;
      const row = contentRef.current?.querySelector<HTMLElement>('.toolchat-message') ?? null;
      pending.current = {
        how,
        row,
        rowTop: row?.getBoundingClientRect().top ?? 0,
        scrollTop: el.scrollTop,
        focused: el.contains(document.activeElement),
      };
      // The button goes back to the start of the page before (pages end at multiples of
      // PAGE_ROWS); scrolling a few rows at a time, once per frame.
      const first = how === 'button' ? (Math.ceil(start / PAGE_ROWS) - 1) * PAGE_ROWS : start - rows;
      setFirstId(messages[Math.max(0, first)]?.id);
    },
    [logRef, contentRef],
  );

  // Rendered at once, so the row is measured before and after the same DOM change: a render
  // left for later would compare with a position the reader has since scrolled away from.
  const showEarlier = useCallback(() => flushSync(() => request('button')), [request]);
  // One pending frame at a time: a scroll event and the frame after a reveal used to both
  // reveal, each for its own budget, in the same frame (scroll events come just before it).
  const frame = useRef<number | undefined>(undefined);
  // What a revealed message cost in the last frame that revealed some, in ms.
  const perRow = useRef(0);
  // One render per frame while the reader is near the top, of as many rows as the budget pays for.
  const revealNearTop = useCallback(() => {
    frame.current = undefined;
    const el = logRef.current;
    const { start } = latest.current;
    // Tabbing to the button scrolls it into view: showing more then would push it out of sight.
    if (!el || start === 0 || !nearTop(el) || document.activeElement === buttonRef.current) return;
    const rows = perRow.current ? Math.max(1, Math.min(PAGE_ROWS, Math.floor(FRAME_BUDGET_MS / perRow.current))) : SCROLL_ROWS;
    const begin = performance.now();
    flushSync(() => request('scroll', rows));
    perRow.current = (performance.now() - begin) / (start - latest.current.start || 1);
  }, [logRef, request]);
  const onScroll = useCallback(() => {
    frame.current ??= requestAnimationFrame(revealNearTop);
  }, [revealNearTop]);

  useLayoutEffect(() => {
    const el = logRef.current;
    const reveal = pending.current;
    pending.current = undefined;
    if (el && reveal) {
      if (reveal.how === 'button') {
        el.scrollTop = reveal.scrollTop;
        // The button is gone once everything is shown: keep focus in the conversation.
        if (start === 0 && reveal.focused && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
      } else if (reveal.row?.isConnected) {
        // Rows added above push the reader's row down; browsers with scroll anchoring have
        // already moved it back (then this adds 0), the others have not.
        el.scrollTop += reveal.row.getBoundingClientRect().top - reveal.rowTop;
      }
    }
    // A screen taller than what is shown, or a reader still near the top: show more, in the next
    // frame, so that each frame renders once.
    if (!el || reveal?.how === 'button' || start === 0 || !nearTop(el)) return;
    onScroll();
  }, [start, logRef, request, onScroll]);

  return { start, showEarlier, onScroll, buttonRef };
}
