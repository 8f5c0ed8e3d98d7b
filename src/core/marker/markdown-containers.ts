import { GREATER, SPACE, TAB } from './markdown-chars';

/** A container entry for a block quote; a list item's entry is the offset of its content. */
const QUOTE = -1;
/** Deeper nesting than this is read as text: enough for any answer, bounded for any input. */
const MAX_CONTAINERS = 32;

/**
 * The block quotes and list items a line of Markdown is in, and how far its prefix has
 * continued them: a quote by its `>` (and one blank after it), a list item by indentation up
 * to its content. Columns count tabs to the next multiple of 4.
 */
export class MarkdownContainers {
  private stack: number[] = [];
  /** Columns read on this line. */
  column = 0;
  /** Where the content of the matched containers starts. */
  base = 0;
  /** Containers this line has continued so far. */
  matched = 0;
  private afterQuote = false; // a `>` was just read: one blank after it is part of it

  get depth(): number {
    return this.stack.length;
  }

  get allMatched(): boolean {
    return this.matched === this.stack.length;
  }

  /** Columns of the line's content beyond its containers'. */
  get indent(): number {
    return this.column - this.base;
  }

  get room(): boolean {
    return this.stack.length < MAX_CONTAINERS;
  }

  reset(): void {
    this.stack = [];
    this.startLine();
  }

  startLine(): void {
    this.column = this.base = this.matched = 0;
    this.afterQuote = false;
  }

  /** A space or tab of the prefix: list items continue on lines indented to their content. */
  blank(code: number): void {
    this.column += code === TAB ? 4 - (this.column % 4) : code === SPACE ? 1 : 0;
    if (this.afterQuote) {
      this.afterQuote = false;
      this.base++;
    }
    while (this.matched < this.stack.length) {
      const offset = this.stack[this.matched] ?? 0;
      if (offset === QUOTE || this.column - this.base < offset) break;
      this.base += offset;
      this.matched++;
    }
  }

  /** The first other character: returns whether it is the `>` that continues the next quote. */
  continueQuote(code: number): boolean {
    this.afterQuote = false;
    if (this.stack[this.matched] !== QUOTE || code !== GREATER || this.column - this.base > 3) return false;
    this.matched++;
    this.enterQuote();
    return true;
  }

  /** A `>` opens a new block quote. */
  pushQuote(): void {
    this.stack.push(QUOTE);
    this.matched++;
    this.enterQuote();
  }

  /** A list item whose content starts `offset` columns after its parent's, `extra` columns in. */
  pushItem(offset: number, extra = 0): void {
    this.stack.push(offset);
    this.matched = this.stack.length;
    this.base += offset;
    this.column = this.base + extra;
  }

  /** Ends the containers from `depth` on; returns whether there were any. */
  close(depth: number): boolean {
    if (depth >= this.stack.length) return false;
    this.stack.length = depth;
    if (this.matched > depth) this.matched = depth;
    return true;
  }

  /** A blank line continues every list item, but no block quote it did not continue. */
  afterBlankLine(): number {
    let depth = this.matched;
    while (depth < this.stack.length && this.stack[depth] !== QUOTE) depth++;
    return depth;
  }

  private enterQuote(): void {
    this.column++;
    this.base = this.column;
    this.afterQuote = true;
  }
}
