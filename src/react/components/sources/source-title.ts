import type { SourceUIPart } from './message-sources';

/** What a source is called: its title, else a web page's host (else its address). */
export function sourceTitle(source: SourceUIPart): string {
  if (source.title) return source.title;
  if (source.type === 'source-document') return source.filename ?? source.mediaType;
  return sourceHost(source.url) ?? source.url;
}

/** The host of a web source's address (`www.` dropped), or undefined when it has none. */
export function sourceHost(url: string): string | undefined {
  try {
    const host = new URL(url).hostname;
    return host === '' ? undefined : host.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}
