import { useEffect, useState, type RefObject } from 'react';

type Theme = 'light' | 'dark';

function themeOf(element: Element | null): Theme {
  const chosen = element?.closest('[data-theme]')?.getAttribute('data-theme');
  if (chosen === 'light' || chosen === 'dark') return chosen;
  // `system` (or no chat around): what the browser prefers.
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The chat's theme as an MCP App knows it (`light` or `dark`): the nearest `data-theme` (the
 * chat's `theme`), `system` resolved by the browser's preference; followed as either changes.
 */
export function useChatTheme(ref: RefObject<Element | null>): Theme {
  const [theme, setTheme] = useState<Theme>('light');
  useEffect(() => {
    const update = () => setTheme(themeOf(ref.current));
    update();
    const holder = ref.current?.closest('[data-theme]');
    const observer = holder ? new MutationObserver(update) : undefined;
    if (holder) observer?.observe(holder, { attributes: true, attributeFilter: ['data-theme'] });
    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
    media?.addEventListener('change', update);
    return () => {
      observer?.disconnect();
      media?.removeEventListener('change', update);
    };
  }, [ref]);
  return theme;
}
