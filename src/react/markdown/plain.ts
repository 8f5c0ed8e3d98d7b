// Characters that may mean Markdown (or a GFM autolink) anywhere in a line.
const SYNTAX = /[\\`*~[\]<>|!&@\t\r\0]|https?:|www\.|mailto:|xmpp:/i;
// An underscore between two letters or digits (`snake_case`, `THE_END`) can neither open nor
// close emphasis; any other one might.
const EMPHASIS_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u;
// What may start a block when it begins a line.
const LINE_START = /^(?:[-+=#>:]|\d+[.)])/;

/**
 * The text of a block that is one paragraph of plain words, as react-markdown would show
 * it (line breaks kept, the indentation and trailing spaces of lines dropped), or
 * `undefined` when it might be anything else. Most answers and all short ones are such
 * paragraphs, and showing them costs nothing next to a Markdown parse.
 */
export function plainParagraph(block: string): string | undefined {
  if (SYNTAX.test(block) || EMPHASIS_UNDERSCORE.test(block)) return undefined;
  const lines = block.split('\n');
  // Four spaces make the first line code; later lines are continuations whatever their indentation.
  if (lines[0]?.startsWith('    ')) return undefined;
  const out: string[] = [];
  for (const [index, line] of lines.entries()) {
    const words = line.trim();
    // A blank line ends the paragraph; a line start may begin another block.
    if (words === '' || LINE_START.test(words)) return undefined;
    // Two trailing spaces are a hard line break.
    if (index < lines.length - 1 && / {2}$/.test(line)) return undefined;
    out.push(words);
  }
  return out.join('\n');
}
