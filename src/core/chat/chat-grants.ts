import type { ToolLoopCore } from '../loop/tool-loop-core';
import { grantBookOf } from './grant-book';
import { sameReach } from './grant-reach';
import type { ToolGrantReach, ToolGrants } from './grants';

/** A chat's link to the user's grants. */
export interface ChatGrants {
  /** Settles once the grants are loaded (failures go to `onError`). */
  readonly ready: Promise<void>;
  /** Takes a grant back: calls it covered ask again (one already allowed goes on). */
  revoke(reach: ToolGrantReach): Promise<void>;
  dispose(): void;
}

/**
 * Binds a chat's loop to the page's book of `storage`: the loop sees every grant (made here, in
 * another chat, in a settings page, in another tab) as it changes, and the grants its user makes
 * go to the book, which saves them. In the loop's chunk: grants matter once a call arrives.
 */
export function bindChatGrants(loop: ToolLoopCore, storage: ToolGrants, options: { onError: (error: unknown) => void; now: () => number }): ChatGrants {
  const book = grantBookOf(storage);
  let disposed = false;
  // Grants made before the book was there (`alwaysAllow` at once) go to it.
  for (const grant of loop.state.grants) {
    if (!book.list().some((kept) => sameReach(kept, grant))) void book.add(grant, grant.grantedAt).catch(options.onError);
  }
  const unsubscribe = book.subscribe(() => {
    if (!disposed) loop.setGrants(book.list());
  });
  loop.bindGrants((reach) => void book.add(reach, options.now()).catch(options.onError));
  // What the book already knows counts at once; the load brings what the storage holds.
  loop.setGrants(book.list());
  const ready = book.refresh().catch(options.onError);
  return {
    ready,
    revoke: (reach) => book.revoke(reach),
    dispose() {
      disposed = true;
      unsubscribe();
    },
  };
}
