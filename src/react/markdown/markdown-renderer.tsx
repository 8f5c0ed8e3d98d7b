import { Fragment, memo, useRef, type ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type ExtraProps, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { blocksOf, rescan, type MarkdownScan } from '../../core/markdown/blocks';
import { opensTooManyContainers } from '../../core/markdown/containers';
import type { UIMessage } from 'ai';
import { messageSources, type TextCitation } from '../components/sources/message-sources';
import { CitationSources, Sup } from './citation';
import { remarkCitations, withCitationMarkers } from './citation-markers';
import { CodeBlock } from './code-block';
import { textOf } from './hast-text';
import { GuardedImage } from './guarded-image';
import { MarkdownLink } from './markdown-link';
import { plainParagraph } from './plain';

// The part of `Markdown` that needs react-markdown and remark-gfm: loaded on demand (see
// `markdown.tsx`), so an app does not pay for the parser before the first answer.

function Pre({ node, children, ...rest }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (!code || code.type !== 'element') return <pre {...rest}>{children}</pre>;
  const classes = code.properties['className'];
  const languageClass = Array.isArray(classes)
    ? classes.map(String).find((name) => name.startsWith('language-'))
    : undefined;
  // The fence's trailing newline is Markdown syntax, not code.
  const text = textOf(code).replace(/\n$/, '');
  return <CodeBlock code={text} language={languageClass?.slice('language-'.length)} />;
}

function Table({ node: _node, ...rest }: ComponentPropsWithoutRef<'table'> & ExtraProps) {
  return (
    <div className="toolchat-table">
      <table {...rest} />
    </div>
  );
}

// Module-level so react-markdown sees the same objects on every render.
const components: Components = { pre: Pre, a: MarkdownLink, img: GuardedImage, table: Table, sup: Sup };

// react-markdown's rule (http, https, mailto, irc, xmpp and relative URLs), plus `data:` image
// sources, which `GuardedImage` sorts into raster images and the rest.
const urlTransform: UrlTransform = (url, key, node) =>
  key === 'src' && node.tagName === 'img' && /^\s*data:image\//i.test(url) ? url : defaultUrlTransform(url);
const remarkPlugins = [remarkGfm];
// An answer with sources: its `[1]` markers become citations.
const citingPlugins = [remarkGfm, remarkCitations];

/** A block that is a fenced code block (the scanner ends a block after its closing fence). */
const FENCED = /^ {0,3}(?:`{3,}|~{3,})/;

/** One block, parsed again only when its own text changes. */
const MarkdownBlock = memo(function MarkdownBlock({ text, cites }: { text: string; cites: boolean }) {
  const plain = plainParagraph(text);
  if (plain !== undefined) return <p>{plain}</p>;
  // Text no model writes but a hostile one can: parsing it would hold the page for seconds.
  // Inside a fenced code block lines open nothing, so code is never taken for it.
  if (!FENCED.test(text) && opensTooManyContainers(text)) return <div className="toolchat-markdown-plain">{text}</div>;
  return (
    <ReactMarkdown remarkPlugins={cites ? citingPlugins : remarkPlugins} components={components} urlTransform={urlTransform}>
      {text}
    </ReactMarkdown>
  );
});

/**
 * Model text as GitHub-flavoured Markdown, block by block: while an answer streams, only
 * its last block is parsed again, so the cost of an update does not grow with the answer.
 */
export default function MarkdownBlocks({ text, message, citations }: RendererProps) {
  const sources = message ? messageSources(message) : [];
  const cites = sources.length > 0;
  const cited = cites && citations && citations.length > 0 ? withCitationMarkers(text, citations, sources) : text;
  // A cache, not state: the blocks are a pure function of `text`; the previous scan only
  // lets a growing text be scanned from its last block on.
  const scanned = useRef<MarkdownScan | undefined>(undefined);
  const scan = rescan(scanned.current, cited);
  scanned.current = scan;
  // The newline between blocks is what react-markdown puts between them in one document.
  const blocks = blocksOf(scan).map((block, index) => (
    <Fragment key={index}>
      {index > 0 && '\n'}
      <MarkdownBlock text={block} cites={cites} />
    </Fragment>
  ));
  return cites ? <CitationSources.Provider value={sources}>{blocks}</CitationSources.Provider> : blocks;
}

interface RendererProps {
  text: string;
  message?: UIMessage | undefined;
  citations?: readonly TextCitation[] | undefined;
}
