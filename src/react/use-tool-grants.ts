import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ToolGrant, ToolGrantReach, ToolGrants as GrantStorage } from '../core/chat/grants';
import type { GrantBook } from '../core/chat/grant-book';
import { loopChunk } from '../core/loop/load-loop-chunk';
import { usePartChat } from './use-tool-chat';

export interface UseToolGrantsOptions {
  /**
   * Where the grants are kept.
   * @default the `grants` of the chat in context, else the page's default (`localStorageGrants()` in a browser)
   */
  grants?: GrantStorage;
}

/** What `useToolGrants` returns. */
export interface UseToolGrantsResult {
  /** The user's grants ("Always allow", "Allow for this chat"), oldest first, as they change. */
  grants: readonly ToolGrant[];
  /** Takes a grant back, in every chat of the page (and other tabs): calls it covered ask again. */
  revoke(grant: ToolGrantReach): Promise<void>;
}

const NONE: readonly ToolGrant[] = [];
const nothing = () => () => {};
const none = () => NONE;

/**
 * The user's grants, to show and take back (a settings page, `<ToolGrants />`). The same grants
 * every chat of the page reads: a grant made on a card shows here at once, and one revoked here
 * asks again in every chat.
 */
export function useToolGrants(options: UseToolGrantsOptions = {}): UseToolGrantsResult {
  const chat = usePartChat();
  const storage = options.grants ?? chat.options.grants;
  const [book, setBook] = useState<{ storage: GrantStorage | undefined; book: GrantBook } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    // The book lives with the chats' own, in the loop's chunk: one per storage, per page.
    void loopChunk.load().then((chunk) => {
      if (!current) return;
      const found = chunk.grantBookOf(storage ?? chunk.defaultGrants());
      setBook({ storage, book: found });
      void found.refresh().catch(() => undefined);
    }, () => undefined);
    return () => {
      current = false;
    };
  }, [storage]);
  const live = book && book.storage === storage ? book.book : undefined;
  const grants = useSyncExternalStore(live ? live.subscribe : nothing, live ? live.list : none, live ? live.list : none);
  const revoke = useCallback(
    async (grant: ToolGrantReach) => {
      const chunk = await loopChunk.load();
      await chunk.grantBookOf(storage ?? chunk.defaultGrants()).revoke(grant);
    },
    [storage],
  );
  return useMemo(() => ({ grants, revoke }), [grants, revoke]);
}
