import { createContext, useContext, useMemo, type ReactNode } from 'react';

const NONE: readonly string[] = [];
const ImageOriginsContext = createContext<readonly string[]>(NONE);

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
  // An inline array is new on every render; the value only changes with its entries.
  const key = origins?.join('\n') ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the entries, not the array
  const value = useMemo(() => origins ?? NONE, [key]);
  return <ImageOriginsContext.Provider value={value}>{children}</ImageOriginsContext.Provider>;
}
ImageOriginsProvider.displayName = 'ImageOriginsProvider';

/**
 * The list of the nearest `ImageOriginsProvider` (none by default), as given: read as origins
 * by the image guard (`trusted-origins.ts`), which loads with the first image, out of the
 * chat's first load.
 */
export function useImageOriginList(): readonly string[] {
  return useContext(ImageOriginsContext);
}
