/**
 * Text that follows a point where nothing is open at the top level (a marker that was prose
 * in a top-level paragraph, the start of the answer or of a fresh block) and that Markdown
 * cannot turn into a URL or, unseen, into code: a marker after it is decided here without
 * asking micromark. Each character is read once, however often it is asked.
 *
 * Plain means: no character that opens HTML, a link, an autolink or a fence, or escapes (`~`,
 * `<`, `&`, `\`, `[`, `]`, `|`, tab, CR), and no line whose leading markers and blanks hold
 * four spaces in a row (indented code, also inside a list item or a quote, needs them). A
 * line may still open a heading, a quote or a list item: its text is prose too, but no longer
 * the top-level paragraph, so the restart point stays where it was (see `sameParagraph`).
 * Code spans are followed as micromark does: a backtick run opens one, the next run of the
 * same length closes it, anything between is code; a marker while one is open is no prose (it
 * may close after the marker, as `opens` in markdown-prose.ts decides too). Inside one, only
 * lines that plainly continue the paragraph are followed.
 */

const NEWLINE = 10;
const SPACE = 32;
const CLOSE_BRACE = 125;
const BACKTICK = 96;

/** By character: 0 not plain, 1 plain (and continues a paragraph at a line start), 2 plain but may start a block there. */
const CLASS = new Uint8Array(128);
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ,;:!?\'"%$({}/@^') CLASS[char.charCodeAt(0)] = 1;
// The characters of list and quote markers (`1.`, `2)`, `-`, `>`), headings, breaks and underlines.
for (const char of '0123456789.)#>-+*=_ \n') CLASS[char.charCodeAt(0)] = 2;

/** What a marker after the stretch is: unknown (ask micromark), prose, prose in the same top-level paragraph, code. */
export const UNKNOWN = 0;
export const PROSE = 1;
export const SAME_PARAGRAPH = 2;
export const CODE = 3;

export class PlainStretch {
  private length = 0;
  private last = -1;
  private plain = true;
  /** Every line since the start continued the paragraph it started in. */
  private sameParagraph = true;
  /** In a line's leading markers and blanks; the spaces in a row there. */
  private prefix = false;
  private spaces = 0;
  private atLineStart = false;
  /** The length of the open code span's backtick run (0: none), and of the run being read. */
  private span = 0;
  private run = 0;

  /** A new stretch: it starts at `lineStart` (a fresh block) or right after a prose marker. */
  reset(lineStart: boolean): void {
    this.length = this.spaces = this.span = this.run = 0;
    this.last = -1;
    this.plain = this.sameParagraph = true;
    this.prefix = this.atLineStart = lineStart;
  }

  /** The stretch goes on with `text`. */
  feed(text: string): void {
    const length = text.length;
    if (length === 0) return;
    this.length += length;
    for (let i = 0; i < length && this.plain; i++) this.step(text.charCodeAt(i));
    this.last = text.charCodeAt(length - 1);
  }

  /** What a marker right after the stretch is; `glued` for a `{` right after a call. */
  verdict(glued: boolean): number {
    // The marker follows: a run at the end is whole.
    if (this.plain && this.run > 0) this.endRun();
    if (!this.plain) return UNKNOWN;
    if (this.span > 0) return CODE;
    // Right after a blank, a line start or a call: no URL runs into the marker.
    const last = this.last;
    const open =
      last === SPACE ||
      last === NEWLINE ||
      (this.length === 0 && this.atLineStart) ||
      (last === CLOSE_BRACE && (glued || (this.length === 1 && !this.atLineStart)));
    if (!open) return UNKNOWN;
    return this.sameParagraph ? SAME_PARAGRAPH : PROSE;
  }

  private endRun(): void {
    const run = this.run;
    this.run = 0;
    if (this.prefix) {
      // Three at a line's start may open a fence: micromark decides.
      if (run >= 3) {
        this.plain = false;
        return;
      }
      this.prefix = false;
    }
    if (this.span === 0) this.span = run;
    else if (this.span === run) this.span = 0;
  }

  private step(code: number): void {
    if (code === BACKTICK) {
      this.run++;
      return;
    }
    if (this.run > 0) {
      this.endRun();
      if (!this.plain) return;
    }
    const kind = code >= 128 ? 1 : CLASS[code]!;
    if (this.span > 0) {
      // Code: any character, but a line that may end the paragraph ends the following.
      if (code === NEWLINE) {
        if (this.prefix) this.plain = false;
        this.prefix = true;
      } else if (this.prefix) {
        if (kind === 1) this.prefix = false;
        else this.plain = false;
      }
      return;
    }
    if (kind === 0) {
      this.plain = false;
      return;
    }
    if (code === NEWLINE) {
      // A blank line (or one of markers alone) ends the paragraph.
      if (this.prefix) this.sameParagraph = false;
      this.prefix = true;
      this.spaces = 0;
      return;
    }
    if (!this.prefix) return;
    if (code === SPACE) {
      if (++this.spaces === 4) this.plain = false;
      return;
    }
    this.spaces = 0;
    if (kind === 1) this.prefix = false;
    // A heading, quote, list item, break or underline may start here.
    else this.sameParagraph = false;
  }
}
