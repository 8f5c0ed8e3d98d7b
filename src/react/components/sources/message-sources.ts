import type { SourceDocumentUIPart, SourceUrlUIPart, UIMessage } from 'ai';

/** A source an answer cites: a web page or a document. */
export type SourceUIPart = SourceUrlUIPart | SourceDocumentUIPart;

/** The citations of a text part (`TextUIPart['citations']`): a source, and where the text cites it. */
export type TextCitation = NonNullable<Extract<UIMessage['parts'][number], { type: 'text' }>['citations']>[number];

const listed = new WeakMap<UIMessage, readonly SourceUIPart[]>();

/**
 * An answer's sources, numbered as `SourceList` shows them and as the text cites them (`[1]` is
 * the first): its `source-url` and `source-document` parts, then the sources of its text's
 * `citations` that no such part names, each once (by id, and a web page by its address).
 */
export function messageSources(message: UIMessage): readonly SourceUIPart[] {
  // One array per message object: what a memoised part is given stays the same while the message does.
  const known = listed.get(message);
  if (known) return known;
  const sources: SourceUIPart[] = [];
  const ids = new Set<string>();
  const urls = new Set<string>();
  const add = (source: SourceUIPart) => {
    if (ids.has(source.sourceId) || (source.type === 'source-url' && urls.has(source.url))) return;
    ids.add(source.sourceId);
    if (source.type === 'source-url') urls.add(source.url);
    sources.push(source);
  };
  for (const part of message.parts) if (part.type === 'source-url' || part.type === 'source-document') add(part);
  for (const part of message.parts) {
    if (part.type !== 'text' || !part.citations) continue;
    for (const citation of part.citations) add(citedSource(citation));
  }
  listed.set(message, sources);
  return sources;
}

/** A citation's source as the part the message would have for it. */
export function citedSource({ source }: TextCitation): SourceUIPart {
  if (source.sourceType === 'url') {
    return { type: 'source-url', sourceId: source.id, url: source.url, ...(source.title === undefined ? {} : { title: source.title }) };
  }
  return {
    type: 'source-document',
    sourceId: source.id,
    mediaType: source.mediaType,
    title: source.title,
    ...(source.filename === undefined ? {} : { filename: source.filename }),
  };
}

/** The number (from 1) the text cites `source` by in `sources`, or 0 when it is not there. */
export function sourceNumber(sources: readonly SourceUIPart[], source: SourceUIPart): number {
  const index = sources.findIndex(
    (candidate) => candidate.sourceId === source.sourceId || (candidate.type === 'source-url' && source.type === 'source-url' && candidate.url === source.url),
  );
  return index + 1;
}
