import { createContext, useContext, useMemo, type ReactNode } from 'react';

const NONE: ReadonlySet<string> = new Set();
const ImageOriginsContext = createContext<ReadonlySet<string>>(NONE);

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

export interface ImageOriginsProviderProps {
  /**
   * Origins (`scheme://host[:port]`) whose images model Markdown may load without asking,
   * besides the page's own. Others show a placeholder naming the host, with a button to load.
   */
  origins?: readonly string[] | undefined;
  children?: ReactNode;
}

/** Gives the Markdown below it the origins it may load images from without asking. */
export function ImageOriginsProvider({ origins, children }: ImageOriginsProviderProps) {
  // An inline array is new on every render; the set only changes with its entries.
  const key = origins?.join('\n') ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the entries, not the array
  const value = useMemo(() => toOrigins(origins), [key]);
  return <ImageOriginsContext.Provider value={value}>{children}</ImageOriginsContext.Provider>;
}
ImageOriginsProvider.displayName = 'ImageOriginsProvider';

/** The trusted image origins of the nearest `ImageOriginsProvider` (none by default). */
export function useImageOrigins(): ReadonlySet<string> {
  return useContext(ImageOriginsContext);
}
