import type { ToolGrants } from './grants';

/** Grants kept for the life of the page (`memoryGrants` without its module): when the default grants cannot load. */
export function pageGrants(): ToolGrants {
  let names: readonly string[] = [];
  return {
    load: () => names,
    save: (next) => {
      names = [...next];
    },
  };
}
