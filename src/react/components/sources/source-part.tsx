import { safeLinkUrl } from '../safe-url';
import type { SourceUIPart } from './message-sources';
import { sourceHost, sourceTitle } from './source-title';

export interface SourcePartProps {
  /** A `source-url` or `source-document` part of a message. */
  part: SourceUIPart;
  /** Its number, as the text cites it (`[1]`); leave out to show none. */
  number?: number;
}

/**
 * A source the model cited: a web page as a link (its title, and its host beside it), a
 * document by its title and file name. An unsafe URL keeps its title but loses the link.
 */
export function SourcePart({ part, number }: SourcePartProps) {
  const title = sourceTitle(part);
  const address = part.type === 'source-url' ? part.url : '';
  const url = safeLinkUrl(address);
  const detail = part.type === 'source-url' ? sourceHost(part.url) : part.filename;
  const content = (
    <>
      {number !== undefined && (
        <span className="toolchat-source-number" aria-hidden="true">
          {number}
        </span>
      )}
      <span className="toolchat-source-title" dir="auto">
        {title}
      </span>
      {/* A space, so that the link's name reads "Title host", not "Titlehost". */}
      {detail && detail !== title && <> <span className="toolchat-source-detail">{detail}</span></>}
    </>
  );
  const kind = part.type === 'source-url' ? 'url' : 'document';
  if (!url) {
    return (
      <span className="toolchat-source" data-kind={kind}>
        {content}
      </span>
    );
  }
  return (
    <a className="toolchat-source" data-kind={kind} href={url} title={address} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}
SourcePart.displayName = 'SourcePart';
