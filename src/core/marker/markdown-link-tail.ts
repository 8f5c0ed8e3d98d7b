import { APOSTROPHE, BACKTICK, CLOSE_BRACKET, CLOSE_PAREN, GREATER, isBlank, LESS, OPEN_BRACKET, OPEN_PAREN, QUOTE } from './markdown-chars';

// Where in the tail of a link: `(destination "title")` after `[text]`, or `destination "title"`
// after a definition's `[label]:`.
const NONE = 0;
const OPEN = 1; // blanks, then the destination
const DESTINATION = 2; // a plain destination (its parentheses balanced)
const ANGLE = 3; // `<…>`
const AFTER_DESTINATION = 4; // blanks, then a title or the end
const TITLE = 5; // until `titleEnd`
const AFTER_TITLE = 6; // blanks, then the end

/** What a character did to a link's tail. */
export const TAIL_GOES_ON = 0; // it belongs to the tail
export const TAIL_CLOSED = 1; // it closed an inline link (`)`)
export const TAIL_ENDED = 2; // the definition ended before it: it is ordinary text
export const TAIL_NONE = 3; // the tail is no link after all: it, and what follows, is ordinary text

/**
 * Backticks read as code span delimiters: the reading of a link's tail (or of `<scheme:…`) as
 * if it were neither, taken over when it turns out to be neither.
 */
export class BacktickShadow {
  span = 0;
  ticks = 0;

  reset(): void {
    this.span = this.ticks = 0;
  }

  step(code: number): void {
    if (code === BACKTICK) this.ticks++;
    else if (this.ticks !== 0) {
      if (this.span === 0) this.span = this.ticks;
      else if (this.span === this.ticks) this.span = 0;
      this.ticks = 0;
    }
  }
}

/** The destination and title of a link or definition, read as micromark reads them. */
export class LinkTail {
  readonly shadow = new BacktickShadow();
  private state = NONE;
  private depth = 0; // open parentheses in a plain destination
  private titleEnd = 0;
  private lineEnded = false; // a line ended after the destination: a title may start the next

  /** The tail goes on (also on the next line: a destination after `](` or `]:`, a title). */
  get active(): boolean {
    return this.state !== NONE;
  }

  start(): void {
    this.state = OPEN;
    this.lineEnded = false;
    this.shadow.reset();
  }

  reset(): void {
    this.state = NONE;
  }

  /** One character; `definition`: the tail is a definition's (no `)`, it ends with its line). */
  step(code: number, definition: boolean): number {
    const outcome = this.read(code, definition);
    if (outcome === TAIL_GOES_ON) this.shadow.step(code);
    return outcome;
  }

  /** A line ends inside the tail: returns `TAIL_NONE` when that makes it no link. */
  endLine(definition: boolean): number {
    if (this.state === ANGLE || (this.state === DESTINATION && this.depth !== 0)) return this.none();
    if (this.state === DESTINATION) this.state = AFTER_DESTINATION;
    if (this.state === AFTER_DESTINATION) this.lineEnded = true;
    // A definition with its title is complete at the end of its line.
    if (this.state === AFTER_TITLE && definition) this.state = NONE;
    return TAIL_GOES_ON;
  }

  /**
   * The first character of the next line's content: a definition complete but for an
   * optional title ends here unless a title starts. Returns whether it ended.
   */
  startLine(code: number, definition: boolean): boolean {
    if (this.state !== AFTER_DESTINATION || !this.lineEnded || !definition) return false;
    if (code === QUOTE || code === APOSTROPHE || code === OPEN_PAREN) return false;
    this.state = NONE;
    return true;
  }

  private read(code: number, definition: boolean): number {
    switch (this.state) {
      case OPEN:
        if (isBlank(code)) return TAIL_GOES_ON;
        if (code === LESS) {
          this.state = ANGLE;
          return TAIL_GOES_ON;
        }
        if (code === CLOSE_PAREN && !definition) return this.close();
        this.state = DESTINATION;
        this.depth = 0;
        return this.read(code, definition);
      case DESTINATION:
        // Unbalanced parentheses, or brackets in an inline link's (micromark takes no such
        // link), make it no link.
        if (isBlank(code)) {
          if (this.depth !== 0) return this.none();
          this.state = AFTER_DESTINATION;
        } else if ((code === OPEN_BRACKET || code === CLOSE_BRACKET) && !definition) return this.none();
        else if (code === OPEN_PAREN) this.depth++;
        else if (code === CLOSE_PAREN) {
          if (this.depth === 0) return definition ? this.none() : this.close();
          this.depth--;
        }
        return TAIL_GOES_ON;
      case ANGLE:
        if (code === GREATER) this.state = AFTER_DESTINATION;
        return TAIL_GOES_ON;
      case TITLE:
        if (code === this.titleEnd) this.state = AFTER_TITLE;
        return TAIL_GOES_ON;
      default: // after the destination or the title
        if (isBlank(code)) return TAIL_GOES_ON;
        if (code === CLOSE_PAREN && !definition) return this.close();
        if (this.state === AFTER_DESTINATION && (code === QUOTE || code === APOSTROPHE || code === OPEN_PAREN)) {
          this.state = TITLE;
          this.titleEnd = code === OPEN_PAREN ? CLOSE_PAREN : code;
          return TAIL_GOES_ON;
        }
        // A definition's line is complete without a title: what follows is a new line of text.
        if (definition && this.lineEnded && this.state === AFTER_DESTINATION) {
          this.state = NONE;
          return TAIL_ENDED;
        }
        return this.none();
    }
  }

  private close(): number {
    this.state = NONE;
    return TAIL_CLOSED;
  }

  private none(): number {
    this.state = NONE;
    return TAIL_NONE;
  }
}
