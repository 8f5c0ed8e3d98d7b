import { Fragment, memo, useRef, type ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { blocksOf, rescan, type MarkdownScan } from './blocks';
import { CodeBlock } from './code-block';
import { plainParagraph } from './plain';

// The part of `Markdown` that needs react-markdown and remark-gfm: loaded on demand (see
// `markdown.tsx`), so an app does not pay for the parser before the first answer.

type HastNode = NonNullable<ExtraProps['node']>;
type HastChild = HastNode['children'][number];

function textOf(node: HastChild | HastNode): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map(textOf).join('');
  return '';
}

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

function Link({ node: _node, href, children, ...rest }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  // `defaultUrlTransform` empties unsafe URLs (javascript:, data:, vbscript:…): keep the words, drop the link.
  if (!href) return <span className="toolchat-link-removed">{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Image({ node: _node, src, alt, ...rest }: ComponentPropsWithoutRef<'img'> & ExtraProps) {
  if (!src) return <>{alt}</>;
  return <img {...rest} src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
}

function Table({ node: _node, ...rest }: ComponentPropsWithoutRef<'table'> & ExtraProps) {
  return (
    <div className="toolchat-table">
      <table {...rest} />
    </div>
  );
}

// Module-level so react-markdown sees the same objects on every render.
const components: Components = { pre: Pre, a: Link, img: Image, table: Table };
const remarkPlugins = [remarkGfm];

/** One block, parsed again only when its own text changes. */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  const plain = plainParagraph(text);
  if (plain !== undefined) return <p>{plain}</p>;
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={components} urlTransform={defaultUrlTransform}>
      {text}
    </ReactMarkdown>
  );
});

/**
 * Model text as GitHub-flavoured Markdown, block by block: while an answer streams, only
 * its last block is parsed again, so the cost of an update does not grow with the answer.
 */
export default function MarkdownBlocks({ text }: { text: string }) {
  // A cache, not state: the blocks are a pure function of `text`; the previous scan only
  // lets a growing text be scanned from its last block on.
  const scanned = useRef<MarkdownScan | undefined>(undefined);
  const scan = rescan(scanned.current, text);
  scanned.current = scan;
  // The newline between blocks is what react-markdown puts between them in one document.
  return blocksOf(scan).map((block, index) => (
    <Fragment key={index}>
      {index > 0 && '\n'}
      <MarkdownBlock text={block} />
    </Fragment>
  ));
}
