import {
  BACKTICK,
  CLOSE_PAREN,
  COLON,
  CR,
  DASH,
  DOT,
  EQUALS,
  GREATER,
  HASH,
  isBlank,
  isDigit,
  NEWLINE,
  OPEN_BRACKET,
  PIPE,
  PLUS,
  SPACE,
  STAR,
  TAB,
  TILDE,
  UNDERSCORE,
  watchTable,
} from './markdown-chars';
import { MarkdownContainers } from './markdown-containers';
import { MarkdownInline } from './markdown-inline';

/**
 * Where in the Markdown of a streaming answer each character falls, as far as the `###:`
 * marker cares: a marker is a call only in prose, never in code (fenced, indented or a code
 * span), a link destination, an autolink or a bare URL, and never at an escaped `#`. One
 * character at a time, in memory bounded by the nesting of lists and quotes, so the parser
 * stays linear.
 *
 * This half reads the block structure the way micromark (react-markdown's parser) does:
 * block quotes and list items as containers (`MarkdownContainers`), lazy paragraph lines,
 * fenced code (also inside list items and quotes), indented code, headings, thematic breaks
 * and link reference definitions. Where it must guess it guesses "not prose": a marker taken
 * for text stays visible and runs nothing, one wrongly taken for a call would hide what the
 * model wrote. Guesses: `- - -` counts as nested list items (a thematic break for micromark,
 * both end the paragraph); a list item interrupts a paragraph even where micromark would not.
 */

// Where the current line is.
const LINE_PREFIX = 0; // indentation and container prefixes (`>`, a list item's indentation)
const LINE_HASHES = 1; // `#`s first: a heading or a marker
const LINE_RUN = 2; // backticks or tildes first: a fence?
const LINE_INFO = 3; // the info string of an opening fence
const LINE_CLOSE_TAIL = 4; // after a closing fence: only blanks may follow
const LINE_RULE = 5; // only `-`, `*`, `_` or `=` so far: a thematic break or a setext underline?
const LINE_BULLET = 6; // `-`, `*` or `+` first: a list item if a blank follows
const LINE_ORDERED = 7; // digits first
const LINE_ORDERED_DELIMITER = 8; // digits and `.` or `)`: a list item if a blank follows
const LINE_ITEM_SPACES = 9; // the blanks after a list marker
const LINE_TEXT = 10; // inline content
const LINE_CODE = 11; // the rest of a line of code (fenced or indented)
const LINE_DELIMITER = 12; // only `|`, `:`, `-` and blanks so far: a table's delimiter row?

const CODE_WATCH = watchTable('\n');

/** What may start a block rather than go on with a paragraph, if the rest of its marker follows. */
function startsBlock(code: number): boolean {
  return (
    code === BACKTICK || code === TILDE || code === HASH || code === GREATER || code === DASH ||
    code === STAR || code === PLUS || code === UNDERSCORE || isDigit(code)
  );
}

export class MarkdownContext {
  private readonly inline = new MarkdownInline();
  private readonly containers = new MarkdownContainers();

  private line = LINE_PREFIX;
  private paragraph = false; // a paragraph is open: its next line may continue it
  private table = false; // the open paragraph became a GFM table: an indented line ends it
  private delimiterDash = false; // the delimiter row candidate has a `-`
  private heading = false;
  private definitionsOnly = false; // the open paragraph holds nothing but link reference definitions
  private emptyItem = false; // the last line opened a list item without content
  /**
   * A line that did not continue every container but may be a lazy paragraph line: the
   * containers it would close if it turns out to start a block (`-1`: none pending).
   */
  private lazyDepth = -1;
  /**
   * `- - -` or `* ***` is a thematic break, not list items: the containers before this line's
   * list markers, and the rule character its content has held so far (0: none yet, -1: no rule).
   */
  private lineItems = -1;
  private lineRule = 0;
  private lineRuleLength = 0;

  private hashRun = 0;
  private runChar = 0; // also the rule or bullet character
  private runLength = 0;
  private infoBacktick = false;
  private markerStart = 0; // a list marker's indentation
  private markerWidth = 0;
  private itemSpaces = 0;
  private orderedOne = false; // the ordered list marker's number is 1: it may interrupt a paragraph

  private fenceChar = 0; // 0 outside a fenced code block
  private fenceLength = 0;
  private fenceDepth = 0; // the containers it is in

  reset(): void {
    this.containers.reset();
    this.line = LINE_PREFIX;
    this.paragraph = this.heading = false;
    this.definitionsOnly = this.emptyItem = this.table = false;
    this.lazyDepth = this.lineItems = -1;
    this.lineRule = this.lineRuleLength = 0;
    this.fenceChar = this.fenceLength = this.fenceDepth = 0;
    this.inline.reset();
    this.watching = null;
  }

  /**
   * The characters below 128 that the current state needs to see (see `canSkip`), or `null`
   * when it needs every character. Kept up to date by `step`: the parser reads it per push.
   */
  watching: Uint8Array | null = null;

  private watch(): Uint8Array | null {
    if (this.line === LINE_TEXT) return this.inline.watch();
    return this.line === LINE_CODE ? CODE_WATCH : null;
  }

  /**
   * Reads one UTF-16 code unit, given the one before it in the stream (0 at its start);
   * returns whether a marker may start (or go on) at it.
   */
  step(code: number, previous: number): boolean {
    const eligible = this.read(code, previous);
    this.watching = this.watch();
    return eligible;
  }

  private read(code: number, previous: number): boolean {
    if (code === NEWLINE) {
      this.newline();
      return false;
    }
    switch (this.line) {
      case LINE_TEXT:
        return this.inline.step(code, previous);
      case LINE_CODE:
        return false;
      case LINE_PREFIX:
        return this.prefix(code, previous);
      case LINE_HASHES:
        if (code === HASH) {
          this.hashRun++;
          return this.inline.span === 0;
        }
        this.heading = this.hashRun <= 6 && isBlank(code);
        // A heading is a block of its own: a code span of the paragraph before cannot reach into it.
        if (this.heading) {
          this.settle(true);
          this.inline.reset();
        }
        return this.text(code, previous);
      case LINE_RUN:
        if (code === this.runChar) {
          this.runLength++;
          return false;
        }
        return this.endRun(code, previous);
      case LINE_INFO:
        if (this.runChar === BACKTICK) {
          if (code === BACKTICK) this.infoBacktick = true;
          // Read as inline text too, in case the backtick makes this line no fence.
          this.inline.step(code, previous);
        }
        return false;
      case LINE_CLOSE_TAIL:
        if (!isBlank(code)) this.line = LINE_CODE; // not a closing fence after all: code
        return false;
      case LINE_RULE:
        if (code === this.runChar) {
          this.runLength++;
          this.ruleCharacter(code);
        } else if (code === PIPE || code === COLON) return this.delimiter(code, previous);
        else if (!isBlank(code)) return this.text(code, previous);
        return false;
      case LINE_DELIMITER:
        return this.delimiter(code, previous);
      case LINE_BULLET:
        if (isBlank(code)) return this.startItemSpaces(code);
        if (code === this.runChar && code !== PLUS) {
          this.line = LINE_RULE;
          this.runLength = 2;
          this.ruleCharacter(code);
          return false;
        }
        return this.text(code, previous);
      case LINE_ORDERED:
        if (isDigit(code) && this.markerWidth < 9) {
          this.markerWidth++;
          this.orderedOne = false;
          return false;
        }
        if (code === DOT || code === CLOSE_PAREN) {
          this.line = LINE_ORDERED_DELIMITER;
          this.markerWidth++;
          return false;
        }
        return this.text(code, previous);
      case LINE_ORDERED_DELIMITER:
        // Only a list starting at 1 interrupts a paragraph.
        return isBlank(code) && (this.orderedOne || !this.paragraph) ? this.startItemSpaces(code) : this.text(code, previous);
      default: // LINE_ITEM_SPACES
        if (isBlank(code)) {
          this.itemSpaces += this.blankWidth(code);
          return false;
        }
        return this.startItem(code, previous);
    }
  }

  /** A marker's JSON was taken out of (or given back to) the text: prose goes on after a word. */
  afterMarker(): void {
    this.line = LINE_TEXT;
    this.inline.afterMarker();
    this.watching = this.watch();
  }

  /** The line is inline content (a paragraph's, or the destination of a definition). */
  private text(code: number, previous: number): boolean {
    this.settle(false);
    this.lineRule = -1;
    this.line = LINE_TEXT;
    return this.inline.step(code, previous);
  }

  /** A line of `|`, `:`, `-` and blanks under a paragraph is a table's delimiter row. */
  private delimiter(code: number, previous: number): boolean {
    if (code === DASH) this.delimiterDash = true;
    else if (code !== PIPE && code !== COLON && !isBlank(code)) return this.text(code, previous);
    if (this.line !== LINE_DELIMITER) this.lineRule = -1;
    this.line = LINE_DELIMITER;
    return false;
  }

  private ruleCharacter(code: number): void {
    if (this.lineRule < 0) return;
    const rule = code === DASH || code === STAR || code === UNDERSCORE;
    if (rule && (this.lineRule === 0 || this.lineRule === code)) {
      this.lineRule = code;
      this.lineRuleLength++;
    } else this.lineRule = -1;
  }

  /** Decides a pending lazy line: it starts a block (closing the containers) or goes on as text. */
  private settle(block: boolean): void {
    if (this.lazyDepth < 0) return;
    if (block) this.closeContainers(this.lazyDepth);
    this.lazyDepth = -1;
  }

  /** Indentation and container prefixes, then the first character of the line's content. */
  private prefix(code: number, previous: number): boolean {
    if (code === SPACE || code === TAB) {
      this.containers.blank(code);
      return false;
    }
    if (code === CR) return false;
    if (this.containers.continueQuote(code)) return false;
    if (!this.containers.allMatched) {
      // A paragraph goes on in a line that does not start a block (a lazy line); `-`, `#`,
      // backticks… start one only if the rest of the marker follows.
      if (this.paragraph && code !== GREATER) {
        if (!startsBlock(code)) {
          this.inline.startLine(code);
          return this.text(code, NEWLINE);
        }
        this.lazyDepth = this.containers.matched;
      } else this.closeContainers(this.containers.matched);
    }
    return this.leaf(code, previous);
  }

  /** Ends the containers from `depth` on, and the paragraph and fence inside them. */
  private closeContainers(depth: number): void {
    if (!this.containers.close(depth)) return;
    if (this.fenceChar !== 0 && this.fenceDepth > depth) this.fenceChar = 0;
    this.paragraph = false;
    this.inline.reset();
  }

  /** The first character of a line's content, with every container it continues matched. */
  private leaf(code: number, previous: number): boolean {
    const indent = this.containers.indent;
    if (this.lineItems < 0) this.lineItems = this.containers.depth;
    this.ruleCharacter(code);
    this.inline.startLine(code);
    if (this.fenceChar !== 0) {
      if (code === this.fenceChar && indent <= 3) return this.startRun(code);
      this.line = LINE_CODE;
      return false;
    }
    if (indent >= 4) {
      // The paragraph (or a definition's destination) goes on; else indented code.
      if ((this.paragraph && !this.table) || this.inline.continuesLink) return this.text(code, NEWLINE);
      this.line = LINE_CODE;
      return false;
    }
    const room = this.containers.room;
    if (code === GREATER && room) {
      this.containers.pushQuote();
      this.paragraph = false;
      this.inline.reset();
      this.line = LINE_PREFIX;
      return false;
    }
    if (code === BACKTICK || code === TILDE) return this.startRun(code);
    if (code === HASH) {
      this.line = LINE_HASHES;
      this.hashRun = 1;
      return this.inline.span === 0;
    }
    if ((code === PIPE || code === COLON) && this.paragraph) {
      this.delimiterDash = false;
      return this.delimiter(code, previous);
    }
    if (code === DASH || code === STAR || code === PLUS || code === UNDERSCORE || code === EQUALS) {
      this.delimiterDash = code === DASH;
      const bullet = room && code !== UNDERSCORE && code !== EQUALS;
      this.line = bullet ? LINE_BULLET : LINE_RULE;
      this.runChar = code;
      this.runLength = 1;
      this.markerStart = indent;
      this.markerWidth = 1;
      return false;
    }
    if (isDigit(code) && room) {
      this.line = LINE_ORDERED;
      this.markerStart = indent;
      this.markerWidth = 1;
      this.orderedOne = code === 49;
      return false;
    }
    // Definitions start a paragraph (micromark takes them out of it), and cannot interrupt one.
    if (code === OPEN_BRACKET && (!this.paragraph || this.definitionsOnly) && !this.inline.continuesLink && this.inline.span === 0) {
      this.line = LINE_TEXT;
      this.inline.startDefinition();
      return true;
    }
    // The first character of a line's content follows a line start, not the prefix before it.
    return this.text(code, NEWLINE);
  }

  private startItemSpaces(code: number): boolean {
    this.line = LINE_ITEM_SPACES;
    this.itemSpaces = 0;
    this.itemSpaces = this.blankWidth(code);
    return false;
  }

  /** Columns of a blank after a list marker: a tab goes to the next multiple of 4. */
  private blankWidth(code: number): number {
    if (code !== TAB) return code === CR ? 0 : 1;
    return 4 - ((this.containers.base + this.markerStart + this.markerWidth + this.itemSpaces) % 4);
  }

  /** A list item with content on its first line: the content starts a line of its own. */
  private startItem(code: number, previous: number): boolean {
    this.settle(true);
    // Five blanks or more: the content is indented code one column after the marker.
    const spaces = this.itemSpaces <= 4 ? this.itemSpaces : 1;
    this.pushItem(this.markerStart + this.markerWidth + spaces, this.itemSpaces - spaces);
    return this.leaf(code, previous);
  }

  private pushItem(offset: number, extra = 0): void {
    this.containers.pushItem(offset, extra);
    this.paragraph = false;
    this.inline.reset();
  }

  private startRun(code: number): boolean {
    this.line = LINE_RUN;
    this.runChar = code;
    this.runLength = 1;
    return false;
  }

  /** The first character after a run of fence characters at the start of a line. */
  private endRun(code: number, previous: number): boolean {
    if (this.fenceChar !== 0) {
      const closes = this.runChar === this.fenceChar && this.runLength >= this.fenceLength;
      this.line = closes && isBlank(code) ? LINE_CLOSE_TAIL : LINE_CODE;
      return false;
    }
    if (this.runLength >= 3) {
      this.line = LINE_INFO;
      this.infoBacktick = false;
      // Decided at the end of the line: a backtick in the info string makes it no fence.
      if (this.runChar === TILDE) this.settle(true);
      else this.inline.startTicks(this.runLength);
      return this.read(code, previous) && false;
    }
    // Too short for a fence: inline backticks (a code span) or tildes (strikethrough).
    if (this.runChar === BACKTICK) this.inline.startTicks(this.runLength);
    return this.text(code, previous);
  }

  private openFence(): void {
    this.settle(true);
    this.fenceChar = this.runChar;
    this.fenceLength = this.runLength;
    this.fenceDepth = this.containers.depth;
    this.paragraph = false;
    this.inline.reset();
  }

  private newline(): void {
    let empty = false;
    this.inline.endLink();
    switch (this.line) {
      case LINE_PREFIX: {
        // A blank line: list items go on (an empty one ends), block quotes it did not continue end.
        if (this.emptyItem) this.closeContainers(this.containers.depth - 1);
        this.closeContainers(this.containers.afterBlankLine());
        if (this.fenceChar === 0) {
          this.paragraph = false;
          this.inline.reset();
        }
        break;
      }
      case LINE_RUN:
        if (this.fenceChar !== 0) {
          if (this.runChar === this.fenceChar && this.runLength >= this.fenceLength) this.fenceChar = 0;
        } else if (this.runLength >= 3) this.openFence();
        else {
          this.settle(false);
          this.inline.startTicks(this.runLength);
          this.paragraph = true;
        }
        break;
      case LINE_INFO:
        // A backtick in a backtick fence's info string makes the line inline code, not a fence.
        if (this.infoBacktick && this.runChar === BACKTICK) {
          this.settle(false);
          this.paragraph = true;
        } else this.openFence();
        break;
      case LINE_CLOSE_TAIL:
        this.fenceChar = 0;
        break;
      case LINE_HASHES:
        this.settle(this.hashRun <= 6);
        this.paragraph = this.hashRun > 6;
        if (!this.paragraph) this.inline.reset();
        break;
      case LINE_RULE: {
        // `---`, `***`, `___`: a thematic break; `===` (or `---`) under a paragraph: a heading's underline.
        const rule = this.runChar !== EQUALS && this.runLength >= 3;
        if (this.lazyDepth >= 0) {
          this.settle(rule);
          this.paragraph = !rule;
        } else this.paragraph = this.runChar === EQUALS ? !this.paragraph : !rule;
        if (!this.paragraph) this.inline.reset();
        break;
      }
      case LINE_BULLET:
      case LINE_ORDERED_DELIMITER:
      case LINE_ITEM_SPACES:
        // An empty list item (its content would start one blank after the marker) cannot
        // interrupt a paragraph; under one, `-` is a heading's underline.
        if (this.lazyDepth >= 0) {
          this.settle(false);
          this.paragraph = true;
        } else if (this.paragraph) {
          if (this.runChar === DASH && this.line !== LINE_ORDERED_DELIMITER && this.markerWidth === 1) {
            this.paragraph = false;
            this.inline.reset();
          }
        } else {
          this.pushItem(this.markerStart + this.markerWidth + 1);
          empty = true;
        }
        break;
      case LINE_ORDERED:
        this.settle(false);
        this.paragraph = true;
        break;
      case LINE_DELIMITER:
        this.settle(false);
        if (this.delimiterDash && this.paragraph) this.table = true;
        this.paragraph = true;
        break;
      case LINE_TEXT:
        // A definition is read as the start of a paragraph: the lines after it continue that.
        this.definitionsOnly = this.inline.isDefinition && (!this.paragraph || this.definitionsOnly);
        this.paragraph = !this.heading;
        if (this.heading) this.inline.reset();
        break;
      // LINE_CODE: a line of code leaves the blocks as they were.
    }
    // `- - -`: the list markers of this line were a thematic break's.
    if (this.lineRule > 0 && this.lineRuleLength >= 3 && this.lineItems >= 0 && this.containers.depth > this.lineItems) {
      this.closeContainers(this.lineItems);
      empty = false;
    }
    this.lineItems = -1;
    this.lineRule = this.lineRuleLength = 0;
    this.settle(false);
    this.inline.endLine();
    this.inline.endDefinitionLine();
    if (!this.paragraph) this.definitionsOnly = this.table = false;
    this.emptyItem = empty;
    this.line = LINE_PREFIX;
    this.containers.startLine();
    this.heading = false;
  }
}
