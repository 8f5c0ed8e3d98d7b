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
 * `incremental: false` always takes the full pass (what tests compare the quick ones with).
 */
export function useStablePages(messages: readonly UIMessage[], start: number, incremental = true): MessagePageSlice[] {
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
  const last = memo.current;
  if (last && last.messages === messages && last.start === start) return last.pages;
  // The last render was committed: a reveal or a streamed token changes a few pages, not all.
  if (incremental && last && committed.current.pages === last.pages) {
    const quick = revealed(last, messages, start, committed.current.nextKey) ?? restreamed(last, messages, start, committed.current.nextKey);
    if (quick) {
      memo.current = { messages, start, pages: quick.pages, partition: { owner: committed.current.owner, nextKey: quick.nextKey }, moved: quick.moved };
      return quick.pages;
    }
  }

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

  // The rows whose page changed, written into the map at commit: per streamed token there are none.
  const moved: [string, number][] = [];
  for (const page of pages) for (const message of page.messages) if (owner.get(message.id) !== page.key) moved.push([message.id, page.key]);
  memo.current = { messages, start, pages, partition: { owner, nextKey }, moved };
  return pages;
}

interface Shown {
  messages: readonly UIMessage[];
  start: number;
  pages: readonly MessagePageSlice[];
}

interface Placed {
  pages: MessagePageSlice[];
  nextKey: number;
  moved: [string, number][];
}

/**
 * Older messages revealed above the same thread: as many as the first page has room for join
 * it, the rest make pages of `PAGE_ROWS` (the partial one first), every other page is the same
 * object (its `MessagePage` compares one reference). What the full pass gives, without walking
 * every row shown (thousands, once the reader has scrolled far up).
 */
function revealed(last: Shown, messages: readonly UIMessage[], start: number, nextKey: number): Placed | undefined {
  const first = last.pages[0];
  if (last.messages !== messages || start >= last.start || !first) return undefined;
  const rest = messages.slice(start, last.start);
  const room = Math.max(0, PAGE_ROWS - first.messages.length);
  const joining = rest.slice(rest.length - Math.min(room, rest.length));
  const above = rest.slice(0, rest.length - joining.length);
  const pages: MessagePageSlice[] = [];
  const head = above.length % PAGE_ROWS;
  for (let from = 0; from < above.length; ) {
    const size = from === 0 && head > 0 ? head : PAGE_ROWS;
    pages.push({ key: nextKey++, messages: above.slice(from, from + size) });
    from += size;
  }
  const moved: [string, number][] = [];
  for (const page of pages) for (const message of page.messages) moved.push([message.id, page.key]);
  for (const message of joining) moved.push([message.id, first.key]);
  pages.push(joining.length > 0 ? { key: first.key, messages: [...joining, ...first.messages] } : first);
  for (let i = 1; i < last.pages.length; i++) pages.push(last.pages[i]!);
  return { pages, nextKey, moved };
}

/**
 * The same rows with some messages changed (a streamed token, an edit): each stays in its page,
 * pages without a changed message are the same objects. A pointer comparison per row shown.
 */
function restreamed(last: Shown, messages: readonly UIMessage[], start: number, nextKey: number): Placed | undefined {
  if (start !== last.start || messages.length !== last.messages.length) return undefined;
  let pages: MessagePageSlice[] | undefined;
  let index = start;
  for (let p = 0; p < last.pages.length; p++) {
    const page = last.pages[p]!;
    let copy: UIMessage[] | undefined;
    for (let i = 0; i < page.messages.length; i++, index++) {
      const message = messages[index]!;
      if (message === page.messages[i]) continue;
      if (message.id !== page.messages[i]!.id) return undefined;
      (copy ??= page.messages.slice())[i] = message;
    }
    if (copy) (pages ??= last.pages.slice())[p] = { key: page.key, messages: copy };
  }
  if (index !== messages.length) return undefined;
  return { pages: pages ?? last.pages.slice(), nextKey, moved: [] };
}
