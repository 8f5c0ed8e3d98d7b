import type { MaybePromise } from '../storage/types';

/**
 * Where the user's "Always allow" choices are kept: tools whose calls run without asking.
 * They belong to the user, not to a conversation: no chat record carries them, so a stored,
 * edited or imported chat never grants anything.
 */
export interface ToolGrants {
  /** The tools the user always allows. */
  load(): MaybePromise<readonly string[]>;
  /** Keeps the whole set. */
  save(toolNames: readonly string[]): MaybePromise<void>;
}

/** Grants kept for the life of the page (or of this object). */
export function memoryGrants(initial: readonly string[] = []): ToolGrants {
  let names = [...initial];
  return {
    load: () => names,
    save: (next) => {
      names = [...next];
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
 * Grants in `localStorage` under their own key, for every chat of this origin. A value that is
 * not a list of names reads as none (nothing is granted by accident).
 */
export function localStorageGrants(options: LocalStorageGrantsOptions = {}): ToolGrants {
  const key = options.key ?? 'toolchat:grants';
  const storage = () => options.storage ?? globalThis.localStorage;
  return {
    load() {
      try {
        const value: unknown = JSON.parse(storage().getItem(key) ?? '[]');
        return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
      } catch {
        return [];
      }
    },
    save(toolNames) {
      storage().setItem(key, JSON.stringify([...toolNames]));
    },
  };
}

/** The default: `localStorage` where the page has one that works, else memory. */
export function defaultGrants(): ToolGrants {
  try {
    const storage = globalThis.localStorage;
    if (storage && typeof storage.getItem === 'function') return localStorageGrants();
  } catch {
    // Storage disabled (private mode, sandboxed frame): reading `localStorage` throws.
  }
  return memoryGrants();
}
