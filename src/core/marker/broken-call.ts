/**
 * The rest of a call whose JSON broke after its `"toolName"` key: none of it is text, so it is
 * skipped up to where its brackets close (counted outside strings, from the nesting at the
 * break), or up to a blank line when they never do. One character at a time, whatever the
 * chunking.
 */

const NEWLINE = 10;
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** `skip` found no end in the text it was given. */
export const SKIP_MORE = -1;

export class BrokenCall {
  /** After `skip` returned an index: the call ended at a blank line, not at its closing bracket. */
  atBlankLine = false;
  /** With `atBlankLine`: how many characters of the call come before the blank line's first line break. */
  lineStart = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** The JSON broke at this nesting, inside a string or not. */
  start(depth: number, inString: boolean): void {
    this.depth = depth;
    this.inString = inString;
    this.escaped = this.atBlankLine = false;
  }

  /**
   * Reads `text` from `from`, where `length` characters of the call came before: returns the
   * index after the call's last character, or `SKIP_MORE`.
   */
  skip(text: string, from: number, length: number): number {
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === NEWLINE) {
        if (this.atBlankLine) return i;
        this.atBlankLine = true;
        this.lineStart = length + i - from;
      } else if (code !== 32 && code !== 9 && code !== 13) this.atBlankLine = false;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.inString = false;
      } else if (code === QUOTE) this.inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) this.depth++;
      else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --this.depth === 0) {
        this.atBlankLine = false;
        return i + 1;
      }
    }
    return SKIP_MORE;
  }
}

// The name a broken call seems to give its tool, when its `"toolName"` is no string.
const NAME_GUESS = /"toolName"\s*:\s*"?(?!(?:null|true|false)\b)([A-Za-z_$][\w$.-]{0,63})/;

/** The tool a broken call (`raw`) names, or seems to name; `fallback` when it does not say. */
export function brokenCallName(raw: string, named: string | undefined, fallback: string): string {
  return named ?? NAME_GUESS.exec(raw)?.[1] ?? fallback;
}
