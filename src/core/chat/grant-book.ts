import { createListeners } from './listeners';
import { sameReach } from './grant-reach';
import { readGrants, trimGrants, type ToolGrant, type ToolGrantReach, type ToolGrants } from './grants';

/**
 * The grants of one `ToolGrants` as this page knows them, shared by every chat that keeps its
 * grants there: a grant made or revoked in one chat (or in a settings page) reaches the others at
 * once. Changes are saved in order; a change made elsewhere (`ToolGrants.subscribe`, another tab)
 * loads them again.
 */
export interface GrantBook {
  /** The grants now; a new array after each change. */
  list(): readonly ToolGrant[];
  subscribe(listener: () => void): () => void;
  /** Loads the grants again from the storage (a chat starting, another tab's change). */
  refresh(): Promise<void>;
  /** Adds a grant (replacing one of the same reach) and saves. */
  add(reach: ToolGrantReach, grantedAt: number): Promise<void>;
  /** Removes the grant of this reach, if any, and saves. */
  revoke(reach: ToolGrantReach): Promise<void>;
}

const books = new WeakMap<ToolGrants, GrantBook>();

/** The page's one book of `storage`. */
export function grantBookOf(storage: ToolGrants): GrantBook {
  let book = books.get(storage);
  if (!book) books.set(storage, (book = createGrantBook(storage)));
  return book;
}

function createGrantBook(storage: ToolGrants): GrantBook {
  let grants: readonly ToolGrant[] = [];
  /** Counts local changes: a load that started before one must not undo it. */
  let changes = 0;
  let saving: Promise<void> = Promise.resolve();
  const listeners = createListeners();
  let stopStorage: (() => void) | undefined;
  const set = (next: readonly ToolGrant[]) => {
    grants = next;
    listeners.emit();
  };
  const save = () => {
    const snapshot = grants;
    // In order, each after the last, whatever became of it: the last change is what stays.
    const saved = saving.catch(() => undefined).then(() => storage.save(snapshot));
    saving = saved;
    return saved;
  };
  const book: GrantBook = {
    list: () => grants,
    subscribe(listener) {
      const unsubscribe = listeners.subscribe(listener);
      // While anyone reads, the book listens to the storage: another tab's change loads again.
      stopStorage ??= storage.subscribe?.(() => void book.refresh().catch(() => undefined));
      return () => {
        unsubscribe();
        if (listeners.size > 0) return;
        stopStorage?.();
        stopStorage = undefined;
      };
    },
    async refresh() {
      // After the saves under way: a load must not read what they are about to replace.
      await saving.catch(() => undefined);
      const before = changes;
      const loaded = readGrants(await storage.load());
      if (changes !== before) return;
      if (loaded.length !== grants.length || loaded.some((grant, i) => !sameGrant(grant, grants[i]!))) set(loaded);
    },
    add(reach, grantedAt) {
      changes++;
      const grant: ToolGrant = {
        toolName: reach.toolName,
        ...(reach.scope === undefined ? {} : { scope: reach.scope }),
        ...(reach.chatId === undefined ? {} : { chatId: reach.chatId }),
        grantedAt,
      };
      set(trimGrants([...grants.filter((other) => !sameReach(other, grant)), grant]));
      return save();
    },
    revoke(reach) {
      const next = grants.filter((grant) => !sameReach(grant, reach));
      if (next.length === grants.length) return Promise.resolve();
      changes++;
      set(next);
      return save();
    },
  };
  return book;
}

function sameGrant(a: ToolGrant, b: ToolGrant): boolean {
  return sameReach(a, b) && a.grantedAt === b.grantedAt;
}
