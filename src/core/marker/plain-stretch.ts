/**
 * Text that follows a point where nothing is open at the top level (a marker that was prose
 * in a top-level paragraph, or the start of a fresh block) and that no Markdown can turn into
 * code or a URL: a marker after it, following a blank, is prose without asking micromark.
 *
 * Plain means: no character that opens HTML, a link or an autolink, or escapes (`~`, `<`, `&`,
 * `\`, `[`, `]`, `|`, tab, CR), and no line whose leading markers and blanks hold two spaces in
 * a row (indented code, also inside a list item or a quote, needs four). A line may still open
 * a heading, a quote or a list item: its text is prose too, but no longer the top-level
 * paragraph, so the restart point stays where it was (see `sameParagraph`). Code spans are
 * followed as micromark does: a backtick run opens one, the next run of the same length closes
 * it, anything between is code; a marker while one is open is no prose (it may close after the
 * marker, as `opens` in markdown-prose.ts decides too). Inside one, only lines that plainly
 * continue the paragraph are followed. Each character is read once, however often it is asked.
 */

const NEWLINE = 10;
const SPACE = 32;
const CLOSE_BRACE = 125;
const BACKTICK = 96;

/** By character: 0 not plain, 1 plain (and continues a paragraph at a line start), 2 plain but may start a block there. */
const CLASS = new Uint8Array(128);
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ,;:!?\'"%$(){}/@^.') CLASS[char.charCodeAt(0)] = 1;
for (const char of '0123456789#>-+*=_ \n') CLASS[char.charCodeAt(0)] = 2;

export const NOT_PLAIN = 0;
export const PLAIN = 1;
/** Plain, and every line since the start continued the paragraph it started in. */
export const SAME_PARAGRAPH = 2;
/** Surely no prose: in a code span still open. */
export const CODE = 3;

export class PlainStretch {
  private read = 0;
  private plain = true;
  private sameParagraph = true;
  /** In a line's leading markers and blanks, and the character before was a space. */
  private prefix = false;
  private space = false;
  private atLineStart = false;
  /** The length of the open code span's backtick run (0: none), and of the run being read. */
  private span = 0;
  private run = 0;

  /** A new stretch: `text` starts at `lineStart` (a fresh block) or right after a prose marker. */
  reset(lineStart: boolean): void {
    this.read = 0;
    this.plain = this.sameParagraph = true;
    this.prefix = this.atLineStart = lineStart;
    this.space = false;
    this.span = this.run = 0;
  }

  /**
   * What a marker written after `text` (the stretch so far; it only grows) surely is: prose
   * (`PLAIN`, `SAME_PARAGRAPH`), code (`CODE`), or unknown (`NOT_PLAIN`: ask micromark).
   * `glued` is for a `{` right after a call.
   */
  check(text: string, glued: boolean): number {
    const length = text.length;
    for (let i = this.read; i < length && this.plain; i++) this.step(text.charCodeAt(i));
    this.read = length;
    if (!this.plain) return NOT_PLAIN;
    // The marker follows: a run at the end is whole.
    if (this.run > 0) this.endRun();
    if (this.span > 0) return CODE;
    // Right after a blank, a line start or a call: no URL runs into the marker.
    const last = length === 0 ? -1 : text.charCodeAt(length - 1);
    const open =
      last === SPACE ||
      last === NEWLINE ||
      (length === 0 && this.atLineStart) ||
      (last === CLOSE_BRACE && (glued || (length === 1 && !this.atLineStart)));
    if (!open) return NOT_PLAIN;
    return this.sameParagraph ? SAME_PARAGRAPH : PLAIN;
  }

  private endRun(): void {
    if (this.span === 0) this.span = this.run;
    else if (this.span === this.run) this.span = 0;
    this.run = 0;
  }

  private step(code: number): void {
    if (code === BACKTICK) {
      // At a line's start it may be a fence: micromark decides.
      if (this.prefix) this.plain = false;
      else this.run++;
      return;
    }
    if (this.run > 0) this.endRun();
    const kind = code >= 128 ? 1 : CLASS[code]!;
    if (this.span > 0) {
      // Code: any character, but a line that may end the paragraph ends the following.
      if (code === NEWLINE) this.prefix = true;
      else if (this.prefix) {
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
      // A blank line ends the paragraph.
      if (this.prefix) this.sameParagraph = false;
      this.prefix = true;
      this.space = false;
      return;
    }
    if (!this.prefix) return;
    if (code === SPACE) {
      if (this.space) this.plain = false;
      this.space = true;
    } else if (kind === 1) {
      this.prefix = this.space = false;
    } else {
      // A heading, quote, list item, break or underline may start here.
      this.sameParagraph = false;
      this.space = false;
    }
  }
}
