// Character codes and classes shared by the Markdown context's block and inline halves.

export const TAB = 9;
export const NEWLINE = 10;
export const CR = 13;
export const SPACE = 32;
export const QUOTE = 34;
export const HASH = 35;
export const APOSTROPHE = 39;
export const OPEN_PAREN = 40;
export const CLOSE_PAREN = 41;
export const STAR = 42;
export const PLUS = 43;
export const DASH = 45;
export const DOT = 46;
export const COLON = 58;
export const LESS = 60;
export const EQUALS = 61;
export const GREATER = 62;
export const OPEN_BRACKET = 91;
export const BACKSLASH = 92;
export const CLOSE_BRACKET = 93;
export const CARET = 94;
export const UNDERSCORE = 95;
export const BACKTICK = 96;
export const PIPE = 124;
export const TILDE = 126;

export function isBlank(code: number): boolean {
  return code === SPACE || code === TAB || code === CR;
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

export function isAsciiPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

/** A character of a URL scheme (`https`, `mailto`…): a letter first, then letters, digits, `+`, `-`, `.`. */
export function isSchemeChar(code: number, first: boolean): boolean {
  if (first || isAsciiLetter(code)) return isAsciiLetter(code);
  return isDigit(code) || code === PLUS || code === DASH || code === DOT;
}

/** ASCII letters (1), and what may precede `www.` in micromark (2), by code unit below 128. */
export const BEFORE_URL = new Uint8Array(128);
for (let code = 0; code < 128; code++) if (isAsciiLetter(code)) BEFORE_URL[code] = 1;
for (const char of '\0 \t\n\r(*_[]~') BEFORE_URL[char.charCodeAt(0)] = 2;

/** micromark's rule: `www.` links only after whitespace, one of `(*_[]~`, or nothing. */
export function mayPrecedeWww(code: number): boolean {
  return code < 128 && BEFORE_URL[code] === 2;
}

/** In a watch table: the character must be stepped. */
export const WATCH = 1;
/** In a watch table: `h`, which must be stepped unless it follows an ASCII letter. */
export const WATCH_UNLESS_AFTER_LETTER = 2;
/** In a watch table: `w`, which must be stepped if it follows what may precede `www.`. */
export const WATCH_AFTER_SPACE = 3;

/** A watch table: `WATCH` for each of `chars`. */
export function watchTable(chars: string): Uint8Array {
  const watch = new Uint8Array(128);
  for (const char of chars) watch[char.charCodeAt(0)] = WATCH;
  return watch;
}

/**
 * Whether `code`, at `index` of `text`, leaves a state whose watch table is `watch` as it is,
 * so it can be passed over without `step` (`last`: the code unit before `text`). The parser
 * checks `code >= 128 || watch[code] === 0` itself first: this decides the rest.
 */
export function canSkip(watch: Uint8Array, code: number, text: string, index: number, last: number): boolean {
  const kind = watch[code];
  if (kind === WATCH) return false;
  // `h` and `w` matter only where a URL may start (`ht…`, `ww…` after the right character).
  const previous = index > 0 ? text.charCodeAt(index - 1) : last;
  const next = text.charCodeAt(index + 1); // NaN at the end: then it must be stepped
  if (kind === WATCH_UNLESS_AFTER_LETTER) {
    return (previous < 128 && BEFORE_URL[previous] === 1) || (next === next && (next | 32) !== 116);
  }
  return !mayPrecedeWww(previous) || (next === next && (next | 32) !== 119);
}
