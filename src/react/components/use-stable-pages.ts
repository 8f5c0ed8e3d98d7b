import type { UIMessage } from 'ai';
import { useLayoutEffect, useRef } from 'react';
import { PAGE_ROWS } from './use-history-window';

/** A run of consecutive rows in one element, with a key that stays while the page lives. */
export interface MessagePageSlice {
  key: number;
  messages: readonly UIMessage[];
}

interface Partition {
  /** The page each shown message belongs to, by message id. */
  owner: Map<string, number>;
  nextKey: number;
}

/**
 * The shown messages (from `start`) in pages, each row staying in the page it was first put in.
 * A row that moved to another page would be a new element (React keys are per parent): its tool
 * card would lose what the user typed, and focus. So a page keeps its key while its messages are
 * removed or edited around it; a new message joins the page of the message before it (a page
 * grows past `PAGE_ROWS` then, rarely), messages appended at the end fill the last page to
 * `PAGE_ROWS` and then open new ones, and older messages revealed above come in whole pages.
 */
export function useStablePages(messages: readonly UIMessage[], start: number): MessagePageSlice[] {
  // What the last commit showed: a render React throws away must not move a row.
  const committed = useRef<Partition & { pages: readonly MessagePageSlice[] }>({ owner: new Map(), nextKey: 0, pages: [] });
  const memo = useRef<{ messages: readonly UIMessage[]; start: number; pages: MessagePageSlice[]; partition: Partition } | undefined>(undefined);
  useLayoutEffect(() => {
    if (memo.current) committed.current = { ...memo.current.partition, pages: memo.current.pages };
  });
  if (memo.current && memo.current.messages === messages && memo.current.start === start) return memo.current.pages;

  const { owner } = committed.current;
  let nextKey = committed.current.nextKey;
  let sawUnowned = false;
  const pages: { key: number; messages: UIMessage[] }[] = [];
  const used = new Set<number>();
  // A run of messages no page holds yet, waiting to know whether a page follows it.
  let unowned: UIMessage[] = [];
  const newKey = () => nextKey++;
  const flushUnowned = (before: boolean) => {
    if (unowned.length === 0) return;
    sawUnowned = true;
    const last = pages.at(-1);
    let rest = unowned;
    if (last && !before) {
      // After a page: fill it to PAGE_ROWS (an answer streaming at the end joins its page).
      const room = Math.max(0, PAGE_ROWS - last.messages.length);
      last.messages.push(...rest.slice(0, room));
      rest = rest.slice(room);
    } else if (last && before) {
      // Between two pages (inserted in the middle): the page of the message before it.
      last.messages.push(...rest);
      rest = [];
    }
    // Revealed above the first page, or past a full last page: whole pages of PAGE_ROWS, aligned
    // so that the partial page (if any) is the first one, as the history window reveals them.
    const head = before && !last ? rest.length % PAGE_ROWS : 0;
    for (let from = 0; from < rest.length; ) {
      const size = from === 0 && head > 0 ? head : PAGE_ROWS;
      pages.push({ key: newKey(), messages: rest.slice(from, from + size) });
      from += size;
    }
    unowned = [];
  };

  for (let index = start; index < messages.length; index++) {
    const message = messages[index]!;
    const key = owner.get(message.id);
    const current = pages.at(-1);
    if (key === undefined) {
      unowned.push(message);
    } else if (current?.key === key) {
      flushUnowned(true);
      current.messages.push(message);
    } else {
      flushUnowned(true);
      if (used.has(key)) {
        // Reordered: a page shows once, so this row joins the page before it.
        const before = pages.at(-1);
        if (before) before.messages.push(message);
        else pages.push({ key: newKey(), messages: [message] });
      } else {
        used.add(key);
        pages.push({ key, messages: [message] });
      }
    }
  }
  flushUnowned(false);

  // Per streamed token the pages are the same: keep the map rather than build it again.
  const previous = committed.current.pages;
  const same =
    !sawUnowned && pages.length === previous.length && pages.every((page, i) => page.key === previous[i]?.key && page.messages.length === previous[i]?.messages.length);
  let nextOwner = owner;
  if (!same) {
    nextOwner = new Map();
    for (const page of pages) for (const message of page.messages) nextOwner.set(message.id, page.key);
  }
  memo.current = { messages, start, pages, partition: { owner: nextOwner, nextKey } };
  return pages;
}
