import { useImageOriginList } from './image-origins';

const NONE: ReadonlySet<string> = new Set();
/** Each provided list's origins, read once per list (the provider keeps a list while its entries stay). */
const read = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The trusted image origins of the nearest `ImageOriginsProvider` (none by default). */
export function useImageOrigins(): ReadonlySet<string> {
  const list = useImageOriginList();
  let origins = read.get(list);
  if (!origins) read.set(list, (origins = toOrigins(list)));
  return origins;
}

/**
 * The origins in a list (`https://images.example.com`, or any URL on them), as a set; an
 * entry that is no URL is left out with a warning, so a typo never opens the gate.
 */
export function toOrigins(list: readonly string[] | undefined): ReadonlySet<string> {
  if (!list?.length) return NONE;
  const origins = new Set<string>();
  for (const entry of list) {
    let origin = 'null';
    try {
      origin = new URL(entry).origin;
    } catch {
      // reported below
    }
    if (origin === 'null') console.warn(`toolchat: imageOrigins entry ${JSON.stringify(entry)} is not an origin like "https://images.example.com"; ignored.`);
    else origins.add(origin);
  }
  return origins;
}
