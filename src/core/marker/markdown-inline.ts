import {
  BACKSLASH,
  BACKTICK,
  CARET,
  CLOSE_BRACKET,
  COLON,
  GREATER,
  isAsciiLetter,
  isAsciiPunctuation,
  isBlank,
  isSchemeChar,
  LESS,
  mayPrecedeWww,
  OPEN_BRACKET,
  OPEN_PAREN,
  WATCH_AFTER_SPACE,
  WATCH_UNLESS_AFTER_LETTER,
  watchTable,
} from './markdown-chars';
import { BacktickShadow, LinkTail, TAIL_CLOSED, TAIL_ENDED, TAIL_GOES_ON, TAIL_NONE } from './markdown-link-tail';

/**
 * The inline half of `MarkdownContext`: inside one paragraph (or heading), where a `###:` is
 * prose and where it is a code span, a link destination, an autolink or a bare URL, or an
 * escaped `#`. Follows micromark (the parser behind react-markdown and remark-gfm), including
 * its GFM autolink literals; where it must guess it guesses "not prose". The one known guess:
 * an unclosed code span runs to the end of its paragraph (micromark would make its backticks
 * literal once the paragraph ends, too late for a stream).
 */

// Where the current word is: a bare or angle-bracketed URL is no place for a marker.
const WORD_PLAIN = 0;
const WORD_PREFIX = 1; // may still become `http://`, `https://` or `www.`
const WORD_URL = 2; // a GFM autolink literal, until whitespace or `<`
const WORD_ANGLE = 3; // after `<`: an autolink if a scheme and `:` follow
const WORD_ANGLE_URL = 4; // inside `<scheme:…>`
const WORD_SUSPECT = 5; // after a link tail that was none: perhaps a URL, so no prose until whitespace

/** `span` of a paragraph read as code to its end: no backtick run closes it. */
const SPAN_TO_PARAGRAPH_END = -1;

// A line that may be a link reference definition, `[label]: destination`.
const DEFINITION_NONE = 0;
const DEFINITION_OPEN = 1; // after its `[`
const DEFINITION_LABEL = 2;
const DEFINITION_DESTINATION = 3; // after its `]:`

const MAX_BRACKETS = 1000;

// The characters each steady state must see; all others (and all above 127) leave it as it is.
const PROSE_WATCH = watchTable('\n#`\\[]<');
PROSE_WATCH[104] = PROSE_WATCH[72] = WATCH_UNLESS_AFTER_LETTER; // h H
PROSE_WATCH[119] = PROSE_WATCH[87] = WATCH_AFTER_SPACE; // w W
const URL_WATCH = watchTable('\n\r\t `\\[]<');
const SPAN_WATCH = watchTable('\n`');

export class MarkdownInline {
  /** Backticks of the open code span, 0 outside one. */
  span = 0;
  private ticks = 0; // backticks of the run being read
  private escaped = false;
  private brackets = 0; // unclosed `[` of the paragraph, each perhaps a link's text
  private bracket = false; // the last character was a `]` that may close a link's text
  private urlBracket = false; // the last character was a `]` in a URL
  private angleLinkTail = false; // a `](` or `][` inside `<scheme:…`
  private readonly tail = new LinkTail();
  private readonly angleShadow = new BacktickShadow(); // backticks of `<scheme:…`, if no `>` ends it
  private definition = DEFINITION_NONE;
  private word = WORD_PLAIN;
  private prefix = ''; // the URL prefix being matched: 'http://', 'https://' or 'www.'
  private prefixLength = 0; // how much of it has matched
  private scheme = 0;

  /** A new paragraph or heading: nothing of the last one carries over. */
  reset(): void {
    this.span = this.ticks = this.scheme = this.brackets = 0;
    this.escaped = this.bracket = this.urlBracket = this.angleLinkTail = false;
    this.tail.reset();
    this.definition = DEFINITION_NONE;
    this.word = WORD_PLAIN;
    this.prefixLength = 0;
  }

  /** See `MarkdownContext.watch`. */
  watch(): Uint8Array | null {
    if (this.ticks !== 0) return null;
    if (this.span !== 0) return SPAN_WATCH;
    if (this.escaped || this.bracket || this.urlBracket || this.tail.active || this.definition === DEFINITION_OPEN) return null;
    if (this.word === WORD_PLAIN) return PROSE_WATCH;
    return this.word === WORD_URL ? URL_WATCH : null;
  }

  /** Whether the line (so far) is a link reference definition, which is no paragraph. */
  get isDefinition(): boolean {
    return this.definition === DEFINITION_DESTINATION;
  }

  /** `[` starts a line where a definition may stand (not inside a paragraph). */
  startDefinition(): void {
    this.definition = DEFINITION_OPEN;
    this.brackets = Math.min(this.brackets + 1, MAX_BRACKETS);
    this.word = WORD_PLAIN;
  }

  /** A line is about to end: a link's tail may go on on the next, or turn out no link. */
  endLink(): void {
    if (this.tail.active && this.tail.endLine(this.isDefinition) === TAIL_NONE) this.notLink();
  }

  /** The first character of a line's content (a definition may end before it). */
  startLine(code: number): void {
    if (this.tail.startLine(code, this.isDefinition)) this.definition = DEFINITION_NONE;
  }

  /** The next line continues a link's tail (a definition's destination, a title…). */
  get continuesLink(): boolean {
    return this.tail.active;
  }

  /** A line ends: a code span may go on in the paragraph; URLs and escapes end. */
  endLine(): void {
    if (this.ticks !== 0) this.endTicks();
    this.endAngle();
    this.escaped = this.bracket = this.urlBracket = false;
    this.word = WORD_PLAIN;
  }

  /** After a line: a definition is over unless its tail goes on. */
  endDefinitionLine(): void {
    // A label may span lines of the paragraph, and the tail (destination, title) too.
    if (!this.tail.active && this.definition === DEFINITION_DESTINATION) this.definition = DEFINITION_NONE;
  }

  /** The marker's JSON was taken out of (or given back to) the text: prose goes on after a word. */
  afterMarker(): void {
    this.word = WORD_PLAIN;
    this.ticks = 0;
    this.escaped = this.bracket = false;
  }

  /** Starts the inline content of a line with a run of backticks read as a line start. */
  startTicks(count: number): void {
    this.ticks = count;
  }

  /** Reads one code unit of inline content; returns whether a marker may start (or go on) at it. */
  step(code: number, previous: number): boolean {
    if (this.ticks !== 0 && code !== BACKTICK) this.endTicks();
    // A URL takes every character up to whitespace (or `>`): brackets, backticks, backslashes.
    if ((this.word === WORD_URL || this.word === WORD_ANGLE_URL) && this.span === 0 && !this.tail.active) {
      const linkTail = this.urlBracket && (code === OPEN_PAREN || code === OPEN_BRACKET);
      this.urlBracket = code === CLOSE_BRACKET;
      // …except `](` or `][`, where micromark ends a bare URL before the `]` (the end of a link's text).
      if (!linkTail || this.word === WORD_ANGLE_URL) {
        // In `<…` it goes on: `>` may still make it an autolink. Without one it is no autolink,
        // and what `](` began may be a link's tail: see `endAngle`.
        if (linkTail) this.angleLinkTail = true;
        if (this.word === WORD_ANGLE_URL) this.angleShadow.step(code);
        return this.inWord(code, previous);
      }
      this.urlBracket = false;
      this.word = WORD_PLAIN;
    }
    if (this.escaped) {
      this.escaped = false;
      // Only ASCII punctuation can be escaped: `\###:` and `\`` are text, `\h` is a backslash and an h.
      if (isAsciiPunctuation(code)) {
        this.bracket = false;
        if (this.word === WORD_PREFIX) this.word = WORD_PLAIN;
        return false;
      }
    } else if (code === BACKSLASH && this.span === 0) {
      this.escaped = true;
      return false;
    }
    // A link's tail takes what is in it, backticks too.
    if (this.tail.active) {
      const outcome = this.tail.step(code, this.isDefinition);
      if (outcome === TAIL_GOES_ON) return false;
      this.word = WORD_PLAIN;
      if (outcome === TAIL_CLOSED) return false;
      if (outcome === TAIL_ENDED) this.definition = DEFINITION_NONE;
      else this.notLink();
    }
    if (code === BACKTICK) {
      this.ticks++;
      return false;
    }
    if (this.span !== 0) return false;
    if (this.definition === DEFINITION_OPEN) this.definition = code === CARET ? DEFINITION_NONE : DEFINITION_LABEL;
    if (this.bracket && (code === OPEN_PAREN || (code === COLON && this.definition === DEFINITION_LABEL))) {
      this.bracket = false;
      this.definition = code === COLON ? DEFINITION_DESTINATION : DEFINITION_NONE;
      this.tail.start();
      return false;
    }
    this.bracket = false;
    // A definition's label is not shown: no call there (until `]:`, it may be one).
    const label = this.definition === DEFINITION_LABEL;
    if (code === OPEN_BRACKET) this.brackets = Math.min(this.brackets + 1, MAX_BRACKETS);
    else if (code === CLOSE_BRACKET && (this.brackets > 0 || this.definition === DEFINITION_LABEL)) {
      this.bracket = true;
      if (this.brackets > 0) this.brackets--;
    }
    return this.inWord(code, previous) && !label;
  }

  /**
   * The tail is no link after all: its backticks were code span delimiters, and it may have
   * held the start of a URL, so the rest of this word is not taken for prose.
   */
  private notLink(): void {
    this.definition = DEFINITION_NONE;
    this.word = WORD_SUSPECT;
    this.span = this.tail.shadow.span;
    this.ticks = this.tail.shadow.ticks;
  }

  /** A run of backticks ended: it opens a code span, or closes the open one if as long. */
  private endTicks(): void {
    if (this.span === 0) this.span = this.ticks;
    else if (this.span === this.ticks) this.span = 0;
    this.ticks = 0;
  }

  /**
   * `<scheme:…` ended without `>`: no autolink. A `](` inside it may have begun a link whose
   * tail goes on (even on the next line); micromark would tell, a stream cannot yet: the rest
   * of the paragraph is not taken for prose.
   */
  private endAngle(): void {
    if (this.word === WORD_ANGLE_URL) {
      // Its backticks open and close code spans after all.
      this.span = this.angleLinkTail ? SPAN_TO_PARAGRAPH_END : this.angleShadow.span;
      this.ticks = this.angleShadow.ticks;
    }
    this.angleLinkTail = false;
  }

  private inWord(code: number, previous: number): boolean {
    if (isBlank(code)) {
      this.endAngle();
      this.word = WORD_PLAIN;
      return true;
    }
    if (code === LESS) {
      this.endAngle();
      this.word = WORD_ANGLE;
      this.scheme = 0;
      return true;
    }
    switch (this.word) {
      case WORD_URL:
      case WORD_SUSPECT:
        return false;
      case WORD_ANGLE_URL:
        if (code === GREATER) {
          this.word = WORD_PLAIN;
          this.angleLinkTail = false;
        }
        return false;
      case WORD_PREFIX:
        return this.urlPrefix(code);
      case WORD_ANGLE:
        if (this.scheme < 32 && isSchemeChar(code, this.scheme === 0)) {
          this.scheme++;
          return true;
        }
        if (code === COLON && this.scheme >= 2) {
          this.word = WORD_ANGLE_URL;
          this.angleShadow.reset();
          return false;
        }
        this.word = WORD_PLAIN;
    }
    // As micromark's GFM autolink literals: `http(s)://` after anything but a letter, never
    // inside the text of a link (after an unclosed `[`).
    const http = (code === 104 || code === 72) && !isAsciiLetter(previous);
    const www = (code === 119 || code === 87) && mayPrecedeWww(previous);
    if ((http || www) && this.brackets === 0) {
      this.prefix = http ? 'http://' : 'www.';
      this.prefixLength = 0;
      return this.urlPrefix(code);
    }
    return true;
  }

  /** A word that may still become `http://`, `https://` or `www.`. */
  private urlPrefix(code: number): boolean {
    const lower = code >= 65 && code <= 90 ? code + 32 : code;
    if (this.prefix.charCodeAt(this.prefixLength) !== lower) {
      if (this.prefixLength === 4 && lower === 115 && this.prefix === 'http://') this.prefix = 'https://'; // s
      else {
        this.word = WORD_PLAIN;
        // `http:/https://…`: the character that ended one prefix may start another.
        return this.prefixLength === 0 ? true : this.inWord(code, this.prefix.charCodeAt(this.prefixLength - 1));
      }
    }
    if (++this.prefixLength === this.prefix.length) {
      this.word = WORD_URL;
      return false;
    }
    this.word = WORD_PREFIX;
    return true;
  }
}
