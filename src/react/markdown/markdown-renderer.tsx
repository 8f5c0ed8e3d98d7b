import { memo, useDeferredValue, useMemo, type ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block';

export interface MarkdownProps {
  /** Model text; may be cut anywhere while it streams. */
  text: string;
  className?: string;
}

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

/**
 * Model text as GitHub-flavoured Markdown. Raw HTML is shown as text, never parsed into
 * elements; unsafe link and image URLs are removed; links open in a new tab without
 * access to this page. Memoised on the text, so a message whose text did not change is
 * not parsed again, and the parse of a streaming message is deferred behind user input.
 */
export const Markdown = memo(function Markdown({ text, className }: MarkdownProps) {
  const deferred = useDeferredValue(text);
  // The same element for the same text lets React skip the parse in the urgent render,
  // where `deferred` still holds the previous text.
  const content = useMemo(
    () => (
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components} urlTransform={defaultUrlTransform}>
        {deferred}
      </ReactMarkdown>
    ),
    [deferred],
  );
  return <div className={className ? `toolchat-markdown ${className}` : 'toolchat-markdown'}>{content}</div>;
});
Markdown.displayName = 'Markdown';
