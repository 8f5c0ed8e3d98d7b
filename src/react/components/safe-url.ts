const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * `url` when it is relative or its protocol is safe to follow, else `''`: the rule of
 * react-markdown's `defaultUrlTransform`, here so that file and source parts do not pull
 * the Markdown parser into the bundle that loads up front.
 */
export function safeLinkUrl(url: string): string {
  const colon = url.indexOf(':');
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  const slash = url.indexOf('/');
  if (
    colon === -1 ||
    // A colon after `/`, `?` or `#` is not a protocol's.
    (slash !== -1 && colon > slash) ||
    (query !== -1 && colon > query) ||
    (hash !== -1 && colon > hash) ||
    SAFE_PROTOCOL.test(url.slice(0, colon))
  ) {
    return url;
  }
  return '';
}
