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
  const memo = useRef<
    { messages: readonly UIMessage[]; start: number; pages: MessagePageSlice[]; partition: Partition; moved: [string, number][] } | undefined
  >(undefined);
  useLayoutEffect(() => {
    const rendered = memo.current;
    if (!rendered || committed.current.pages === rendered.pages) return;
    // Ids of removed messages stay in the map: they never come back, and a sweep would cost a walk.
    for (const [id, key] of rendered.moved) rendered.partition.owner.set(id, key);
    committed.current = { ...rendered.partition, pages: rendered.pages };
  });
  if (memo.current && memo.current.messages === messages && memo.current.start === start) return memo.current.pages;

  const { owner } = committed.current;
  let nextKey = committed.current.nextKey;
  const pages: { key: number; messages: UIMessage[] }[] = [];
  const used = new Set<number>();
  // A run of messages no page holds yet, waiting to know whether a page follows it.
  let unowned: UIMessage[] = [];
  const newKey = () => nextKey++;
  const sizeOf = (key: number) => committed.current.pages.find((page) => page.key === key)?.messages.length ?? PAGE_ROWS;
  /** Places the run of new messages; `nextKey` is the page of the message after it, if any. */
  const flushUnowned = (following: number | undefined) => {
    if (unowned.length === 0) return;
    const last = pages.at(-1);
    let rest = unowned;
    unowned = [];
    if (last && following === undefined) {
      // After the last page: fill it to PAGE_ROWS (an answer streaming at the end joins its page).
      const room = Math.max(0, PAGE_ROWS - last.messages.length);
      last.messages.push(...rest.slice(0, room));
      rest = rest.slice(room);
    } else if (last) {
      // Between two pages (inserted in the middle): the page of the message before it.
      last.messages.push(...rest);
      return;
    }
    // Revealed above the first page: as many as it has room for join it (reveals come a few rows
    // at a time), the rest make whole pages of PAGE_ROWS, the partial one first.
    let joining: UIMessage[] = [];
    if (!last && following !== undefined && !used.has(following)) {
      const room = Math.max(0, PAGE_ROWS - sizeOf(following));
      joining = rest.slice(Math.max(0, rest.length - room));
      rest = rest.slice(0, rest.length - joining.length);
    }
    const head = !last ? rest.length % PAGE_ROWS : 0;
    for (let from = 0; from < rest.length; ) {
      const size = from === 0 && head > 0 ? head : PAGE_ROWS;
      pages.push({ key: newKey(), messages: rest.slice(from, from + size) });
      from += size;
    }
    if (joining.length > 0 && following !== undefined) {
      used.add(following);
      pages.push({ key: following, messages: joining });
    }
  };

  for (let index = start; index < messages.length; index++) {
    const message = messages[index]!;
    const key = owner.get(message.id);
    if (key === undefined) {
      unowned.push(message);
      continue;
    }
    flushUnowned(key);
    const current = pages.at(-1);
    if (current?.key === key) {
      current.messages.push(message);
    } else if (used.has(key)) {
      // Reordered: a page shows once, so this row joins the page before it.
      if (current) current.messages.push(message);
      else pages.push({ key: newKey(), messages: [message] });
    } else {
      used.add(key);
      pages.push({ key, messages: [message] });
    }
  }
  flushUnowned(undefined);

  // A page whose messages are all the same objects as last time is the same slice: its
  // `MessagePage` (a plain `memo`) is skipped. Per streamed token only the last page is new.
  const before = memo.current?.pages;
  const slices: MessagePageSlice[] = pages.map((page) => {
    const old = before?.find((candidate) => candidate.key === page.key);
    return old && old.messages.length === page.messages.length && old.messages.every((message, index) => message === page.messages[index]) ? old : page;
  });
  // The rows whose page changed, written into the map at commit: per streamed token there are none.
  const moved: [string, number][] = [];
  for (const page of pages) for (const message of page.messages) if (owner.get(message.id) !== page.key) moved.push([message.id, page.key]);
  memo.current = { messages, start, pages: slices, partition: { owner, nextKey }, moved };
  return slices;
}
