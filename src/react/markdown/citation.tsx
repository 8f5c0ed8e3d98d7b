import { createContext, useContext, type ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { usePartLabels } from '../components/part-labels';
import { safeLinkUrl } from '../components/safe-url';
import { sourceTitle } from '../components/sources/source-title';
import type { SourceUIPart } from '../components/sources/message-sources';

/** The sources of the answer being rendered, numbered from 1. */
export const CitationSources = createContext<readonly SourceUIPart[]>([]);

/**
 * A `<sup>` of model Markdown: an inline citation when `remarkCitations` made it (a link to a web
 * source, named "Source 1: its title"), else the element as it is (a GFM footnote reference).
 */
export function Sup({ node: _node, children, ...rest }: ComponentPropsWithoutRef<'sup'> & ExtraProps) {
  const cite = (rest as Record<string, unknown>)['data-cite'];
  if (typeof cite !== 'string') return <sup {...rest}>{children}</sup>;
  return <Citation number={Number(cite)} text={`[${cite}]`} />;
}

function Citation({ number, text }: { number: number; text: string }) {
  const sources = useContext(CitationSources);
  const labels = usePartLabels();
  const source = sources[number - 1];
  // A bracketed number with no source behind it is just what the model wrote.
  if (!source) return text;
  const name = labels.citation(number, sourceTitle(source));
  const url = source.type === 'source-url' ? safeLinkUrl(source.url) : '';
  return (
    <sup className="toolchat-citation">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" aria-label={name} title={name}>
          {number}
        </a>
      ) : (
        <span title={name}>
          <span aria-hidden="true">{number}</span>
          <span className="toolchat-visually-hidden">{name}</span>
        </span>
      )}
    </sup>
  );
}
