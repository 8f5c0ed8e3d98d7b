import type { MaybePromise } from '../storage/types';
import { sameReach } from './grant-reach';

/**
 * One of the user's grants: calls of `toolName` run without asking. "Always allow" makes one for
 * every chat; "Allow for this chat" one bound to the chat's id. A tool with `grantScope` makes
 * grants bound to the scope of the call they came from (a folder, say).
 */
export interface ToolGrant {
  toolName: string;
  /** Only calls whose scope (the tool's `grantScope` of their input) is exactly this. */
  scope?: string;
  /** Only in the chat of this id ("Allow for this chat"); without it, in every chat. */
  chatId?: string;
  /** When the user granted it, in ms since the epoch. */
  grantedAt: number;
}

/** What a grant covers: a tool, a scope, a chat. Two grants of the same reach are one. */
export type ToolGrantReach = Pick<ToolGrant, 'toolName' | 'scope' | 'chatId'>;

/**
 * Where the user's grants ("Always allow", "Allow for this chat") are kept. They belong to the
 * user, not to a conversation: no chat record carries them, so a stored, edited or imported
 * chat never grants anything.
 */
export interface ToolGrants {
  /**
   * The grants. A plain tool name stands for a grant of that tool in every chat (how grants
   * were kept before scopes and chat grants); anything else unreadable is ignored.
   */
  load(): MaybePromise<readonly (ToolGrant | string)[]>;
  /** Keeps the whole list. */
  save(grants: readonly ToolGrant[]): MaybePromise<void>;
  /** Tells of changes made elsewhere (another tab); the chats then load the grants again. */
  subscribe?(listener: () => void): () => void;
}

/** Grants kept for the life of the page (or of this object). */
export function memoryGrants(initial: readonly (ToolGrant | string)[] = []): ToolGrants {
  let grants: readonly ToolGrant[] = readGrants(initial);
  return {
    load: () => grants,
    save: (next) => {
      grants = [...next];
    },
  };
}

export interface LocalStorageGrantsOptions {
  /**
   * The `localStorage` key, apart from every chat record.
   * @default 'toolchat:grants'
   */
  key?: string;
  /** @default globalThis.localStorage */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * Grants in `localStorage` under their own key, for every chat of this origin; a change in
 * another tab reaches this one. A value that is not a list of grants reads as none (nothing is
 * granted by accident).
 */
export function localStorageGrants(options: LocalStorageGrantsOptions = {}): ToolGrants {
  const key = options.key ?? 'toolchat:grants';
  const storage = () => options.storage ?? globalThis.localStorage;
  return {
    load() {
      try {
        return readGrants(JSON.parse(storage().getItem(key) ?? '[]'));
      } catch {
        return [];
      }
    },
    save(grants) {
      storage().setItem(key, JSON.stringify(grants));
    },
    subscribe(listener) {
      const target = globalThis as { addEventListener?: typeof addEventListener; removeEventListener?: typeof removeEventListener };
      if (options.storage || typeof target.addEventListener !== 'function') return () => {};
      const changed = (event: Event) => {
        if ((event as StorageEvent).key === key || (event as StorageEvent).key === null) listener();
      };
      target.addEventListener('storage', changed);
      return () => target.removeEventListener?.('storage', changed);
    },
  };
}

/** The most grants kept: chat grants of chats long gone must not grow the list forever. */
export const MAX_GRANTS = 500;
const MAX_NAME_CHARS = 256;
const MAX_SCOPE_CHARS = 1024;

/**
 * The grants in a stored value, checked one by one: names, scopes and chat ids must be strings
 * of sensible length, and a plain string is a grant of that tool in every chat (the old form).
 * The newest `MAX_GRANTS` distinct grants are kept.
 */
export function readGrants(value: unknown): ToolGrant[] {
  if (!Array.isArray(value)) return [];
  const grants: ToolGrant[] = [];
  for (const item of value as unknown[]) {
    const grant = readGrant(item);
    if (grant) grants.push(grant);
  }
  return trimGrants(grants);
}

function readGrant(item: unknown): ToolGrant | undefined {
  if (typeof item === 'string') return validName(item) ? { toolName: item, grantedAt: 0 } : undefined;
  if (typeof item !== 'object' || item === null) return undefined;
  const { toolName, scope, chatId, grantedAt } = item as Record<string, unknown>;
  if (typeof toolName !== 'string' || !validName(toolName)) return undefined;
  if (scope !== undefined && (typeof scope !== 'string' || scope.length > MAX_SCOPE_CHARS)) return undefined;
  if (chatId !== undefined && (typeof chatId !== 'string' || !validName(chatId))) return undefined;
  return {
    toolName,
    ...(scope === undefined ? {} : { scope }),
    ...(chatId === undefined ? {} : { chatId }),
    grantedAt: typeof grantedAt === 'number' && Number.isFinite(grantedAt) ? grantedAt : 0,
  };
}

function validName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME_CHARS;
}

/** One grant per reach (the newest), at most `MAX_GRANTS`, dropping the oldest chat grants first. */
export function trimGrants(grants: readonly ToolGrant[]): ToolGrant[] {
  const kept: ToolGrant[] = [];
  for (const grant of grants) {
    const same = kept.findIndex((other) => sameReach(other, grant));
    if (same === -1) kept.push(grant);
    else if (grant.grantedAt >= kept[same]!.grantedAt) kept[same] = grant;
  }
  while (kept.length > MAX_GRANTS) {
    const oldestChatGrant = kept.reduce<number>((oldest, grant, i) => (grant.chatId !== undefined && (oldest === -1 || grant.grantedAt < kept[oldest]!.grantedAt) ? i : oldest), -1);
    kept.splice(oldestChatGrant === -1 ? 0 : oldestChatGrant, 1);
  }
  return kept;
}

/** What a call offers to match against the grants: its tool, its scope (if it has one), its chat. */
export interface GrantQuery {
  toolName: string;
  /** The call's scope; `undefined` when its tool has none or it could not be read. */
  scope: string | undefined;
  chatId: string | undefined;
}

/**
 * The grant that lets this call run without asking, if any. A grant covers the calls of its
 * tool, in its chat when it has one, with exactly its scope when it has one; a grant without a
 * scope covers every call of the tool.
 */
export function findGrant(grants: readonly ToolGrant[], query: GrantQuery): ToolGrant | undefined {
  return grants.find(
    (grant) =>
      grant.toolName === query.toolName &&
      (grant.chatId === undefined || grant.chatId === query.chatId) &&
      (grant.scope === undefined || grant.scope === query.scope),
  );
}

/** The default: `localStorage` where the page has one that works, else memory; one per page. */
let pageDefault: ToolGrants | undefined;
export function defaultGrants(): ToolGrants {
  if (pageDefault) return pageDefault;
  try {
    const storage = globalThis.localStorage;
    if (storage && typeof storage.getItem === 'function') return (pageDefault = localStorageGrants());
  } catch {
    // Storage disabled (private mode, sandboxed frame): reading `localStorage` throws.
  }
  return (pageDefault = memoryGrants());
}
