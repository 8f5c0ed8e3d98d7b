import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import type { ExtraProps } from 'react-markdown';
import { useToolChatLabels } from '../components/labels';
import { textOf, type HastNode } from './hast-text';
import { linkDestination } from './url-policy';

function hasImage(node: HastNode | HastNode['children'][number]): boolean {
  if (node.type === 'element' && node.tagName === 'img') return true;
  return 'children' in node && node.children.some(hasImage);
}

/**
 * A link of model Markdown: opens in a new tab without access to this page or its address
 * (`rel="noopener noreferrer"`), and shows where it goes when its text does not (`docs
 * (example.com)`, also in its accessible name; the full URL as its title). A link around an
 * image is written beside it, so that the image's own button never sits inside a link.
 * Unsafe URLs (`javascript:`, `vbscript:`, `data:`, `file:`…) keep their words and lose the link.
 */
export function MarkdownLink({ node, href, children }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  const labels = useToolChatLabels();
  if (!href) return <span className="toolchat-link-removed">{children}</span>;
  const text = node ? textOf(node) : '';
  const image = node !== undefined && hasImage(node);
  const destination = linkDestination(href, image ? '' : text, document.baseURI);
  const link = (content: ReactNode) => (
    <a href={href} title={href} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
  if (image) {
    return (
      <span className="toolchat-linked-image">
        {children} {link(destination ?? href)}
      </span>
    );
  }
  return link(
    <>
      {children}
      {destination !== undefined && ' '}
      {destination !== undefined && <span className="toolchat-link-destination">{labels.linkDestination(destination)}</span>}
    </>,
  );
}
MarkdownLink.displayName = 'MarkdownLink';
