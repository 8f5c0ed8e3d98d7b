/**
 * The inline half of `MarkdownContext`: inside one paragraph (or heading), where a `###:` is
 * prose and where it is a code span, a link destination, an autolink or a bare URL, or an
 * escaped `#`. Follows micromark (the parser behind react-markdown and remark-gfm), including
 * its GFM autolink literals; where it must guess it guesses "not prose". The one known guess:
 * an unclosed code span runs to the end of its paragraph (micromark would make its backticks
 * literal once the paragraph ends, too late for a stream).
 */

const NEWLINE = 10;
const CR = 13;
const TAB = 9;
const SPACE = 32;
const BACKTICK = 96;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const LESS = 60;
const GREATER = 62;
const STAR = 42;
const UNDERSCORE = 95;
const TILDE = 126;
const COLON = 58;
const CARET = 94;
const QUOTE = 34;
const APOSTROPHE = 39;
const MAX_BRACKETS = 1000;

// Where the current word is: a bare or angle-bracketed URL is no place for a marker.
const WORD_PLAIN = 0;
const WORD_PREFIX = 1; // may still become `http://`, `https://` or `www.`
const WORD_URL = 2; // a GFM autolink literal, until whitespace or `<`
const WORD_ANGLE = 3; // after `<`: an autolink if a scheme and `:` follow
const WORD_ANGLE_URL = 4; // inside `<scheme:…>`
const WORD_SUSPECT = 5; // after a link tail that was none: perhaps a URL, so no prose until whitespace

/** `span` of a paragraph read as code to its end: no backtick run closes it. */
const SPAN_TO_PARAGRAPH_END = -1;

// The tail of a link, `(destination "title")` after `[text]` or `destination "title"` after `[label]:`.
const LINK_NONE = 0;
const LINK_OPEN = 1; // blanks, then the destination
const LINK_DESTINATION = 2; // a plain destination (its parentheses balanced)
const LINK_ANGLE = 3; // `<…>`
const LINK_AFTER_DESTINATION = 4; // blanks, then a title or the end
const LINK_TITLE = 5; // until `titleEnd`
const LINK_AFTER_TITLE = 6; // blanks, then the end

// A line that may be a link reference definition, `[label]: destination`.
const DEFINITION_NONE = 0;
const DEFINITION_OPEN = 1; // after its `[`
const DEFINITION_LABEL = 2;
const DEFINITION_DESTINATION = 3; // after its `]:`


/** In a watch table: the character must be stepped. */
export const WATCH = 1;
/** In a watch table: `h`, which must be stepped unless it follows an ASCII letter. */
export const WATCH_UNLESS_AFTER_LETTER = 2;
/** In a watch table: `w`, which must be stepped if it follows what may precede `www.`. */
export const WATCH_AFTER_SPACE = 3;

function table(chars: string): Uint8Array {
  const watch = new Uint8Array(128);
  for (const char of chars) watch[char.charCodeAt(0)] = WATCH;
  return watch;
}
// The characters each steady state must see; all others (and all above 127) leave it as it is.
const PROSE_WATCH = table('\n#`\\[]<');
PROSE_WATCH[104] = PROSE_WATCH[72] = WATCH_UNLESS_AFTER_LETTER; // h H
PROSE_WATCH[119] = PROSE_WATCH[87] = WATCH_AFTER_SPACE; // w W
const URL_WATCH = table('\n\r\t `\\[]<');
const SPAN_WATCH = table('\n`');

/** ASCII letters (1), and what may precede `www.` (2), by code unit below 128. */
export const BEFORE_URL = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) BEFORE_URL[code] = 1;
}
for (const char of '\0 \t\n\r(*_[]~') BEFORE_URL[char.charCodeAt(0)] = 2;

export function isBlank(code: number): boolean {
  return code === SPACE || code === TAB || code === CR;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

/** micromark's rule: `www.` links only after whitespace, one of these, or nothing. */
function mayPrecedeWww(code: number): boolean {
  return (
    code === 0 || code === SPACE || code === TAB || code === NEWLINE || code === CR || code === OPEN_PAREN ||
    code === STAR || code === UNDERSCORE || code === OPEN_BRACKET || code === CLOSE_BRACKET || code === TILDE
  );
}

function isSchemeChar(code: number, first: boolean): boolean {
  if (first || isAsciiLetter(code)) return isAsciiLetter(code);
  return (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46;
}

export class MarkdownInline {
  /** Backticks of the open code span, 0 outside one. */
  span = 0;
  private ticks = 0; // backticks of the run being read
  private escaped = false;
  private brackets = 0; // unclosed `[` of the paragraph, each perhaps a link's text
  private bracket = false; // the last character was a `]` that may close a link's text
  private urlBracket = false; // the last character was a `]` in a URL
  private angleLinkTail = false; // a `](` or `][` inside `<scheme:…`
  private link = LINK_NONE;
  private linkDepth = 0; // open parentheses in a plain destination
  private titleEnd = 0;
  private lineEnded = false; // a line ended after the destination: a title may start the next
  // The same text read as if the link tail were no link: its backticks open and close code
  // spans. Taken over when the tail turns out not to be a link.
  private shadowSpan = 0;
  private shadowTicks = 0;
  private definition = DEFINITION_NONE;
  private word = WORD_PLAIN;
  private prefix = ''; // the URL prefix being matched: 'http://', 'https://' or 'www.'
  private prefixLength = 0; // how much of it has matched
  private scheme = 0;

  /** A new paragraph or heading: nothing of the last one carries over. */
  reset(): void {
    this.span = this.ticks = this.linkDepth = this.scheme = this.brackets = 0;
    this.escaped = this.bracket = this.urlBracket = this.angleLinkTail = false;
    this.link = LINK_NONE;
    this.definition = DEFINITION_NONE;
    this.word = WORD_PLAIN;
    this.prefixLength = 0;
  }

  /** See `MarkdownContext.watch`. */
  watch(): Uint8Array | null {
    if (this.ticks !== 0) return null;
    if (this.span !== 0) return SPAN_WATCH;
    if (this.escaped || this.bracket || this.urlBracket || this.link !== LINK_NONE || this.definition === DEFINITION_OPEN) return null;
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

  /**
   * A line is about to end inside a link's tail: the tail may go on on the next line (a
   * destination after `](` or `]:`, a title), except inside `<…>`.
   */
  endLink(): void {
    if (this.link === LINK_ANGLE || (this.link === LINK_DESTINATION && this.linkDepth !== 0)) this.notLink();
    else if (this.link === LINK_DESTINATION) this.link = LINK_AFTER_DESTINATION;
    if (this.link === LINK_AFTER_DESTINATION) this.lineEnded = true;
    // A definition with its title is complete at the end of its line.
    if (this.link === LINK_AFTER_TITLE && this.definition === DEFINITION_DESTINATION) this.link = LINK_NONE;
  }

  /**
   * The first character of a line's content: a definition complete but for an optional title
   * ends here unless a title starts.
   */
  startLine(code: number): void {
    if (this.link === LINK_AFTER_DESTINATION && this.lineEnded && this.definition === DEFINITION_DESTINATION) {
      if (code !== QUOTE && code !== APOSTROPHE && code !== OPEN_PAREN) {
        this.link = LINK_NONE;
        this.definition = DEFINITION_NONE;
      }
    }
  }

  /** The next line continues a link's tail (a definition's destination, a title…). */
  get continuesLink(): boolean {
    return this.link !== LINK_NONE;
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
    if (this.link === LINK_NONE && this.definition === DEFINITION_DESTINATION) this.definition = DEFINITION_NONE;
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
    if ((this.word === WORD_URL || this.word === WORD_ANGLE_URL) && this.span === 0 && this.link === LINK_NONE) {
      const linkTail = this.urlBracket && (code === OPEN_PAREN || code === OPEN_BRACKET);
      this.urlBracket = code === CLOSE_BRACKET;
      // …except `](` or `][`, where micromark ends a bare URL before the `]` (the end of a link's text).
      if (!linkTail || this.word === WORD_ANGLE_URL) {
        // In `<…` it goes on: `>` may still make it an autolink. Without one it is no autolink,
        // and what `](` began may be a link's tail: see `endAngle`.
        if (linkTail) this.angleLinkTail = true;
        if (this.word === WORD_ANGLE_URL) this.shadow(code);
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
    if (this.link !== LINK_NONE && this.inLink(code)) return false;
    if (code === BACKTICK) {
      this.ticks++;
      return false;
    }
    if (this.span !== 0) return false;
    if (this.definition === DEFINITION_OPEN) this.definition = code === CARET ? DEFINITION_NONE : DEFINITION_LABEL;
    if (this.bracket && (code === OPEN_PAREN || (code === COLON && this.definition === DEFINITION_LABEL))) {
      this.bracket = false;
      this.definition = code === COLON ? DEFINITION_DESTINATION : DEFINITION_NONE;
      this.startLink();
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

  private startLink(): void {
    this.link = LINK_OPEN;
    this.shadowSpan = this.shadowTicks = 0;
    this.lineEnded = false;
  }

  /**
   * One character of a link's tail: returns whether it belongs to it (false: the tail turned
   * out to be no link, and the character is read as ordinary text).
   */
  private inLink(code: number): boolean {
    if (!this.linkStep(code)) return false;
    this.shadow(code);
    return true;
  }

  /** The shadow reading of a link's tail or of `<scheme:…`: its backticks as if it were neither. */
  private shadow(code: number): void {
    if (code === BACKTICK) this.shadowTicks++;
    else if (this.shadowTicks !== 0) {
      if (this.shadowSpan === 0) this.shadowSpan = this.shadowTicks;
      else if (this.shadowSpan === this.shadowTicks) this.shadowSpan = 0;
      this.shadowTicks = 0;
    }
  }

  private linkStep(code: number): boolean {
    const inline = this.definition !== DEFINITION_DESTINATION;
    switch (this.link) {
      case LINK_OPEN:
        if (isBlank(code)) return true;
        if (code === LESS) {
          this.link = LINK_ANGLE;
          return true;
        }
        if (code === CLOSE_PAREN && inline) return this.closeLink();
        this.link = LINK_DESTINATION;
        this.linkDepth = 0;
        return this.linkStep(code);
      case LINK_DESTINATION:
        // Unbalanced parentheses, or brackets (micromark does not take those), make it no link.
        if (isBlank(code)) {
          if (this.linkDepth !== 0) return this.notLink();
          this.link = LINK_AFTER_DESTINATION;
        } else if ((code === OPEN_BRACKET || code === CLOSE_BRACKET) && inline) return this.notLink();
        else if (code === OPEN_PAREN) this.linkDepth++;
        else if (code === CLOSE_PAREN) {
          if (this.linkDepth === 0) return inline ? this.closeLink() : this.notLink();
          this.linkDepth--;
        }
        return true;
      case LINK_ANGLE:
        if (code === GREATER) this.link = LINK_AFTER_DESTINATION;
        return true;
      case LINK_TITLE:
        if (code === this.titleEnd) this.link = LINK_AFTER_TITLE;
        return true;
      default: // after the destination or the title
        if (isBlank(code)) return true;
        if (code === CLOSE_PAREN && inline) return this.closeLink();
        if (this.link === LINK_AFTER_DESTINATION && (code === QUOTE || code === APOSTROPHE || code === OPEN_PAREN)) {
          this.link = LINK_TITLE;
          this.titleEnd = code === OPEN_PAREN ? CLOSE_PAREN : code;
          return true;
        }
        // A definition's line is complete without a title: what follows is a new line of text.
        if (!inline && this.lineEnded && this.link === LINK_AFTER_DESTINATION) {
          this.closeLink();
          this.definition = DEFINITION_NONE;
          return false;
        }
        return this.notLink();
    }
  }

  private closeLink(): boolean {
    this.link = LINK_NONE;
    this.word = WORD_PLAIN;
    return true;
  }

  /**
   * The tail is no link after all: its backticks were code span delimiters, and it may have
   * held the start of a URL, so the rest of this word is not taken for prose.
   */
  private notLink(): boolean {
    this.link = LINK_NONE;
    this.definition = DEFINITION_NONE;
    this.word = WORD_SUSPECT;
    this.span = this.shadowSpan;
    this.ticks = this.shadowTicks;
    return false;
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
      this.span = this.angleLinkTail ? SPAN_TO_PARAGRAPH_END : this.shadowSpan;
      this.ticks = this.shadowTicks;
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
          this.shadowSpan = this.shadowTicks = 0;
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
