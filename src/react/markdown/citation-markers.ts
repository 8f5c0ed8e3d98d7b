import type { SourceUIPart, TextCitation } from '../components/sources/message-sources';
import { citedSource, sourceNumber } from '../components/sources/message-sources';

// The inline markers of an answer's sources: `[1]` in its text, whether the model wrote it (the
// usual way to cite in words) or the text's `citations` put it there.

/** `[1]`, `[12]`: a citation, when the message has that many sources. */
const MARKER = /\[(\d{1,3})\]/g;

interface MdText {
  type: 'text';
  value: string;
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}
interface MdNode {
  type: string;
  children?: MdNode[];
}

/** Inside these a marker is what the model wrote, not a citation: a link's words, code. */
const LEAVE = new Set(['link', 'linkReference', 'definition', 'footnoteDefinition', 'heading']);

/**
 * remark plugin: each `[n]` of the text becomes a `<sup data-cite="n">` (`Citation` renders it,
 * or the plain `[n]` when the answer has no source n).
 */
export function remarkCitations() {
  return (tree: MdNode) => walk(tree);
}

function walk(node: MdNode): void {
  const children = node.children;
  if (!children || LEAVE.has(node.type)) return;
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    if (child.type !== 'text') {
      walk(child);
      continue;
    }
    const pieces = split((child as unknown as MdText).value);
    if (!pieces) continue;
    children.splice(index, 1, ...(pieces as unknown as MdNode[]));
    index += pieces.length - 1;
  }
}

function split(value: string): MdText[] | undefined {
  // `matchAll` starts where the pattern's `lastIndex` is: not `test` first, which moves it.
  if (!value.includes('[')) return undefined;
  const pieces: MdText[] = [];
  let at = 0;
  for (const match of value.matchAll(MARKER)) {
    if (match.index > at) pieces.push({ type: 'text', value: value.slice(at, match.index) });
    pieces.push({ type: 'text', value: match[0], data: { hName: 'sup', hProperties: { dataCite: match[1] } } });
    at = match.index + match[0].length;
  }
  if (pieces.length === 0) return undefined;
  if (at < value.length) pieces.push({ type: 'text', value: value.slice(at) });
  return pieces;
}

/**
 * The text with a marker after each span its `citations` cite (at its `endIndex`, moved to the
 * end of a word it would cut; at the end of the text when the citation has no place), unless the
 * text has that marker there already.
 */
export function withCitationMarkers(text: string, citations: readonly TextCitation[], sources: readonly SourceUIPart[]): string {
  const inserts = new Map<number, number[]>();
  for (const citation of citations) {
    const number = sourceNumber(sources, citedSource(citation));
    if (number === 0) continue;
    let at = Math.max(0, Math.min(text.length, Math.trunc(citation.endIndex ?? text.length)));
    while (at < text.length && /[\p{L}\p{N}]/u.test(text[at - 1] ?? '') && /[\p{L}\p{N}\p{Mn}]/u.test(text[at]!)) at++;
    const marker = `[${number}]`;
    if (text.startsWith(marker, at) || text.slice(0, at).endsWith(marker)) continue;
    const numbers = inserts.get(at) ?? [];
    if (!numbers.includes(number)) numbers.push(number);
    inserts.set(at, numbers);
  }
  if (inserts.size === 0) return text;
  let out = '';
  let from = 0;
  for (const at of [...inserts.keys()].sort((a, b) => a - b)) {
    out += text.slice(from, at) + inserts.get(at)!.sort((a, b) => a - b).map((number) => `[${number}]`).join('');
    from = at;
  }
  return out + text.slice(from);
}
