import type { ExtraProps } from 'react-markdown';

export type HastNode = NonNullable<ExtraProps['node']>;
type HastChild = HastNode['children'][number];

/** The text of a hast node and everything under it. */
export function textOf(node: HastChild | HastNode): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map(textOf).join('');
  return '';
}
