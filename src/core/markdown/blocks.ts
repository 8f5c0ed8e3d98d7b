/**
 * Where a Markdown block ends, line by line: the one rule for it, used by the renderer (which
 * splits a streaming answer into blocks so finished ones are parsed once) and by the `###:`
 * marker (which asks micromark about the current block only, and knows a fenced code block
 * without asking). Framework-free and small: no parser, only the line starts that matter.
 *
 * A split sits after a blank line that is outside fenced code and HTML blocks and before a
 * line that can only start a new top-level block: not indented (a list item's continuation),
 * not a list item (loose lists span blank lines), not a fence or HTML block continuing. Where
 * unsure, the rule does not split: a missed split costs a larger parse, a wrong one would
 * change what the reader sees. Reference definitions and footnotes reach across blocks: the
 * scanner reports them and the renderer does not split text that has any.
 */

// In a list item or a quote too: a definition there serves the whole text.
const DEFINITION = /^[\s>*+\-\d.)]*\[[^\]\n]+\]:/;
const TAG = /^ {0,3}</;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
/** A fence opener, perhaps after list markers: indentation, markers, fence, info string. */
const OPENER = /^( *)((?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*)(`{3,}|~{3,})(.*)$/;
const CLOSER = /^( *)(`{3,}|~{3,})[ \t]*$/;
/** HTML blocks of CommonMark types 1–5 run until their end marker, across blank lines. */
const HTML_BLOCKS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/**
 * A line that may open a new block after a blank line without continuing the one before:
 * a list item's content is indented at least two columns (marker and space), so one space
 * is the most that cannot continue one.
 */
function startsTopLevelBlock(line: string): boolean {
  const rest = line.charCodeAt(0) === 32 ? line.slice(1) : line;
  const first = rest.charCodeAt(0);
  // Empty (still streaming), space, tab, CR: undecided or a continuation.
  if (rest === '' || first === 32 || first === 9 || first === 13) return false;
  return !LIST_ITEM.test(rest);
}

interface Fence {
  char: string;
  length: number;
  /**
   * Lines of an indented fence, or one after a list marker, may be inside a list item or at
   * the top level; both readings agree only while its lines stay at least this indented.
   */
  minIndent: number;
  /** The most a closing fence may be indented. */
  maxCloserIndent: number;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Reads Markdown one line at a time, from the start of a text or of a block the scanner found. */
export class BlockScanner {
  /** A line the scanner cannot place was read: it splits no more, and knows nothing more. */
  unsure = false;
  /** A link reference or footnote definition was read (these reach across blocks). */
  definitions = false;
  /** The last line read was blank (outside fenced code and HTML blocks). */
  blank = false;
  /**
   * After the last line read, the next line starts where nothing is open: read from its
   * start, it reads as in the whole text (a closing fence at the top level was just read).
   */
  fresh = false;
  private fence: Fence | undefined;
  private htmlEnd: RegExp | undefined;
  /** After a tag line that may open an HTML block ending at the next blank line. */
  private htmlUntilBlank = false;
  private previousBlank = false;
  // A block of blank lines alone would render nothing: the first split waits for content.
  private content = false;
  // micromark ends a lazy HTML line before a blank line differently from one at the end of
  // the text ("- a\n</textarea>"): never end a block on a line that starts a tag.
  private tagLast = false;

  /** The lines read so far end inside a fenced code block that is surely at the top level. */
  get inFencedCode(): boolean {
    return !this.unsure && this.fence?.minIndent === 0;
  }

  /** Reads the next line (without its line break); whether a new top-level block starts at it. */
  line(line: string): boolean {
    this.fresh = false;
    const first = line.charCodeAt(0);
    // Most lines start with a letter: no definition, fence, tag or list item, nothing indented.
    if ((first | 32) >= 97 && (first | 32) <= 122) {
      if (this.unsure) return false;
      if (this.fence || this.htmlEnd) {
        if (this.fence && this.fence.minIndent > 0) this.unsure = true;
        else if (this.htmlEnd?.test(line)) {
          this.htmlEnd = undefined;
          this.previousBlank = false;
        }
        this.blank = false;
        return false;
      }
      const split = this.previousBlank && this.content && !this.tagLast;
      this.content = true;
      this.tagLast = this.previousBlank = this.blank = false;
      return split;
    }
    if (DEFINITION.test(line)) this.definitions = true;
    if (this.unsure) return false;
    let split = false;
    const blank = line.trim() === '';
    const indent = indentOf(line);
    const fence = this.fence;

    if (fence) {
      // Read as in a list item, the fence has ended; read at the top level, it has not.
      if (!blank && indent < fence.minIndent) this.unsure = true;
      const close = CLOSER.exec(line);
      if (close?.[2]?.[0] === fence.char && close[2].length >= fence.length && indent <= fence.maxCloserIndent) {
        this.fence = undefined;
        this.fresh = fence.minIndent === 0 && !this.unsure;
      }
    } else if (this.htmlEnd) {
      if (this.htmlEnd.test(line)) this.htmlEnd = undefined;
    } else if (!blank) {
      split = this.previousBlank && this.content && !this.tagLast && startsTopLevelBlock(line);
      this.content = true;
      this.tagLast = TAG.test(line);
      const open = OPENER.exec(line);
      // A backtick fence's info string may not contain backticks (then it is inline code).
      if (open?.[3] && !(open[3][0] === '`' && open[4]?.includes('`'))) {
        const markers = open[2] ?? '';
        const char = open[3][0] ?? '`';
        const length = open[3].length;
        // Inside an HTML block a fence is text, after a paragraph line it is a fence.
        if (this.htmlUntilBlank) this.unsure = true;
        else if (markers === '' && indent === 0) this.fence = { char, length, minIndent: 0, maxCloserIndent: 3 };
        else if (markers !== '') {
          // In the list item for sure: its lines start at least at the fence's column.
          const column = indent + markers.length;
          this.fence = { char, length, minIndent: column, maxCloserIndent: column + 3 };
        } else if (indent <= 3) {
          // A list item's (its content starts at most here) or the top level's.
          this.fence = { char, length, minIndent: indent, maxCloserIndent: 3 };
        }
        // Further indented: code in a list item or an indented code block, both ended by an unindented line.
      } else if (this.tagLast) {
        if (indent > 0) this.unsure = true; // in a list item or not: ends at its blank line or not
        const block = HTML_BLOCKS.find(([start]) => start.test(line));
        if (!block) this.htmlUntilBlank = true;
        // The end marker may sit on the opening line itself.
        else if (!block[1].test(line.slice(2))) this.htmlEnd = block[1];
      }
    }
    if (!this.fence && !this.htmlEnd) {
      this.previousBlank = blank;
      if (blank) this.htmlUntilBlank = false;
    }
    this.blank = blank;
    return split;
  }
}

/** Where each block starts in the text (the first at 0) and where all but the last end. */
export interface MarkdownScan {
  text: string;
  starts: number[];
  /**
   * The end of each block's last non-blank line: trailing blank lines stay out, as a fence
   * still open in a list item would take them in at the end of a text, not before the next block.
   */
  ends: number[];
  /**
   * The text has a link reference definition or a footnote definition, or a line the
   * scanner cannot place: no split from there on (from the start, for definitions).
   */
  definitions: boolean;
}

/**
 * Scans `text` from `from` (a block start), appending block starts after `from` to `starts`
 * and block ends to `ends`. Returns true when it saw a definition.
 */
function scanFrom(text: string, from: number, starts: number[], ends: number[]): boolean {
  const scanner = new BlockScanner();
  let contentEnd = from;
  let lineStart = from;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const start = lineStart;
    lineStart = lineEnd + 1;
    if (scanner.line(text.slice(start, lineEnd))) {
      ends.push(contentEnd);
      starts.push(start);
    }
    if (scanner.definitions) return true;
    if (!scanner.blank) contentEnd = lineEnd;
  }
  return false;
}

function scan(text: string): MarkdownScan {
  const starts = [0];
  const ends: number[] = [];
  return { text, starts, ends, definitions: scanFrom(text, 0, starts, ends) };
}

/**
 * The blocks of `text`, as `blocksOf` gives them. When `text` extends the previous text, the
 * scan resumes near its end: a split depends only on the lines around it, so all but the last
 * are final, and a streaming answer costs a scan of its last blocks per update.
 */
export function rescan(previous: MarkdownScan | undefined, text: string): MarkdownScan {
  if (!previous || previous.definitions || !text.startsWith(previous.text)) return scan(text);
  // The last split was decided on a line that may have been cut mid-way ("1" of "1. item"):
  // decide it again, resuming at the block before it.
  const starts = previous.starts.slice(0, Math.max(1, previous.starts.length - 1));
  const ends = previous.ends.slice(0, starts.length - 1);
  const from = starts.at(-1) ?? 0;
  return { text, starts, ends, definitions: scanFrom(text, from, starts, ends) };
}

/** The blocks of `text`, in order, without the blank lines between them. */
export function blocksOf(scanned: MarkdownScan): string[] {
  if (scanned.definitions) return [scanned.text];
  const { text, starts, ends } = scanned;
  return starts.map((start, index) => text.slice(start, ends[index] ?? text.length));
}
