/**
 * An incremental, strict JSON checker for the object after `###:` (RFC 8259: double-quoted
 * strings without raw control characters, no comments, no trailing commas). It looks at every
 * character once, whatever the chunking, keeps no more than the nesting and the object's own
 * keys, and reads the top-level `"toolName"` as soon as its string ends, so the parser knows
 * that a marker is a call long before its closing brace, and that it is not one at the first
 * character that breaks the grammar.
 */

/** Nesting deeper than this is refused: such input would overflow `JSON.stringify` downstream. */
export const MAX_MARKER_DEPTH = 64;

/** `scan` returns an index ≥ 0 when the object is complete, or one of these. */
export const SCAN_MORE = -1;
export const SCAN_FAILED = -2;
/** The marker's top-level `"toolName"` key has just been read, at `namedAt`: call `scan` on from there. */
export const SCAN_NAMED = -3;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

// What the scanner expects next.
const VALUE = 0; // any value (after `:`, `,` in an array)
const KEY_OR_END = 1; // after `{`
const KEY = 2; // after `,` in an object
const COLON_NEXT = 3; // after a key
const AFTER_VALUE = 4; // `,` or the closer of the innermost container
const VALUE_OR_END = 5; // after `[`
const STRING = 6;
const ESCAPE = 7; // after `\` in a string
const UNICODE = 8; // after `\u`, `hex` digits read
const LITERAL = 9; // in `true`, `false` or `null`
// Numbers, by what was read last: `-`, a leading `0`, integer digits, `.`, fraction digits,
// `e`, the exponent's sign, exponent digits.
const NUMBER_MINUS = 10;
const NUMBER_ZERO = 11;
const NUMBER_INT = 12;
const NUMBER_DOT = 13;
const NUMBER_FRACTION = 14;
const NUMBER_E = 15;
const NUMBER_E_SIGN = 16;
const NUMBER_EXPONENT = 17;

// What a string is to the marker.
const PLAIN = 0;
const TOP_KEY = 1; // a key of the marker's own object
const TOOL_NAME = 2; // the value of its `"toolName"`

// A key longer than this cannot spell `toolName`, even with every letter escaped (`\u0074`).
const MAX_NAME_KEY = 48;

// Whitespace, and the characters that end a number before `,`, `}` or `]`.
const JSON_WHITESPACE = new Uint8Array(128);
for (const code of [32, 9, 10, 13]) JSON_WHITESPACE[code] = 1;
const HEX = new Uint8Array(128);
for (let code = 0; code < 128; code++) if (/[0-9a-fA-F]/.test(String.fromCharCode(code))) HEX[code] = 1;
const SIMPLE_ESCAPE = new Uint8Array(128);
for (const char of '"\\/bfnrt') SIMPLE_ESCAPE[char.charCodeAt(0)] = 1;
const LITERALS = ['true', 'false', 'null'];

function describe(code: number): string {
  if (code === 10) return 'a line break';
  if (code === 13) return 'a carriage return';
  if (code === 9) return 'a tab';
  if (code < 32) return `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return JSON.stringify(String.fromCharCode(code));
}

export class JsonScanner {
  /** The top-level `"toolName"` once its string has ended. */
  toolName: string | undefined = undefined;
  /** A top-level `"toolName"` key has been read: from then on the marker is a call, and may fail as one. */
  named = false;
  /** With `SCAN_NAMED`: the index after the key's closing quote. */
  namedAt = 0;
  /** With `SCAN_FAILED`: the nesting at the failure, and whether it came inside a string. */
  failedDepth = 0;
  failedInString = false;
  /** Why the JSON is not a marker object, once `scan` returned `SCAN_FAILED`. */
  failure = '';
  /** With `SCAN_FAILED`: the index of the first character that is not part of the marker. */
  failedAt = 0;

  private state = VALUE;
  private depth = 0;
  /** One bit per level: 1 for an object, 0 for an array (level 1 is the marker's object). */
  private objects: number[] = [];
  /** The string being read is a key (then `:` follows), not a value. */
  private keyString = false;
  private role = PLAIN;
  private captured = '';
  /** The last top-level key was `"toolName"`: its value is the tool's name. */
  private nameNext = false;
  private hex = 0;
  private literal = '';
  private literalIndex = 0;

  /** Starts a marker object: the `{` has just been read. */
  start(): void {
    this.toolName = undefined;
    this.named = false;
    this.failure = '';
    this.state = KEY_OR_END;
    this.depth = 1;
    this.objects = [1];
    this.keyString = false;
    this.role = PLAIN;
    this.captured = '';
    this.nameNext = false;
  }

  /**
   * Reads `text` from `from`: returns the index after the closing brace of the object,
   * `SCAN_MORE` when all of `text` was JSON and the object is still open, or `SCAN_FAILED`
   * (see `failure` and `failedAt`).
   */
  scan(text: string, from: number): number {
    const length = text.length;
    let state = this.state;
    let captureFrom = from;
    for (let i = from; i < length; i++) {
      let code = text.charCodeAt(i);
      if (state === STRING) {
        // The hot loop: most of a marker is string content.
        while (code !== QUOTE && code !== BACKSLASH && code >= 32) {
          if (++i === length) {
            this.state = state;
            this.keep(text, captureFrom, length);
            return SCAN_MORE;
          }
          code = text.charCodeAt(i);
        }
        if (code === BACKSLASH) {
          state = ESCAPE;
          continue;
        }
        if (code !== QUOTE) return this.fail(i, `${describe(code)} inside a string (write it as an escape, e.g. \\n)`, true);
        state = this.keyString ? COLON_NEXT : AFTER_VALUE;
        if (this.role !== PLAIN) {
          this.keep(text, captureFrom, i);
          const failure = this.endCapture();
          this.role = PLAIN;
          if (failure) return this.fail(i + 1, failure);
          if (this.nameNext && state === COLON_NEXT) {
            this.state = state;
            this.namedAt = i + 1;
            return SCAN_NAMED;
          }
        }
        continue;
      }
      switch (state) {
        case ESCAPE:
          if (code === 117) {
            state = UNICODE; // \u
            this.hex = 0;
          } else if (code < 128 && SIMPLE_ESCAPE[code] === 1) state = STRING;
          else return this.fail(i, `the escape \\${String.fromCharCode(code)} inside a string`, true);
          continue;
        case UNICODE:
          if (code >= 128 || HEX[code] !== 1) return this.fail(i, 'a \\u escape without four hex digits', true);
          if (++this.hex === 4) state = STRING;
          continue;
        case LITERAL:
          if (code !== this.literal.charCodeAt(this.literalIndex)) return this.fail(i, `${describe(code)} where ${this.literal} was expected`);
          if (++this.literalIndex === this.literal.length) state = AFTER_VALUE;
          continue;
        case NUMBER_MINUS:
          if (code === ZERO) state = NUMBER_ZERO;
          else if (code > ZERO && code <= NINE) state = NUMBER_INT;
          else return this.fail(i, `${describe(code)} after "-"`);
          continue;
        case NUMBER_DOT:
        case NUMBER_E_SIGN:
          if (code < ZERO || code > NINE) return this.fail(i, `${describe(code)} where a digit was expected`);
          state = state === NUMBER_DOT ? NUMBER_FRACTION : NUMBER_EXPONENT;
          continue;
        case NUMBER_E:
          if (code === PLUS || code === MINUS) state = NUMBER_E_SIGN;
          else if (code >= ZERO && code <= NINE) state = NUMBER_EXPONENT;
          else return this.fail(i, `${describe(code)} where a digit was expected`);
          continue;
        case NUMBER_ZERO:
        case NUMBER_INT:
        case NUMBER_FRACTION:
        case NUMBER_EXPONENT:
          if (code >= ZERO && code <= NINE) {
            if (state === NUMBER_ZERO) return this.fail(i, 'a number with a leading zero');
            continue;
          }
          if (code === DOT && (state === NUMBER_ZERO || state === NUMBER_INT)) state = NUMBER_DOT;
          else if ((code === 101 || code === 69) && state !== NUMBER_EXPONENT) state = NUMBER_E;
          else {
            // The number ended: this character follows it.
            state = AFTER_VALUE;
            i--;
          }
          continue;
      }
      if (code < 128 && JSON_WHITESPACE[code] === 1) continue;
      switch (state) {
        case KEY_OR_END:
        case KEY:
          if (code === QUOTE) {
            state = STRING;
            this.keyString = true;
            if (this.depth === 1) {
              this.role = TOP_KEY;
              this.captured = '';
              captureFrom = i + 1;
            }
            continue;
          }
          if (code === CLOSE_BRACE && state === KEY_OR_END) {
            state = AFTER_VALUE;
            i--; // closes below
            continue;
          }
          return this.fail(i, `${describe(code)} where a "key" was expected`);
        case COLON_NEXT:
          if (code !== COLON) return this.fail(i, `${describe(code)} where ":" was expected`);
          state = VALUE;
          continue;
        case AFTER_VALUE: {
          const inObject = this.objects[this.depth - 1] === 1;
          if (code === COMMA) {
            state = inObject ? KEY : VALUE;
            continue;
          }
          if (code === (inObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
            this.objects.pop();
            if (--this.depth === 0) {
              this.state = AFTER_VALUE;
              return i + 1;
            }
            continue;
          }
          return this.fail(i, `${describe(code)} where "," or "${inObject ? '}' : ']'}" was expected`);
        }
        case VALUE_OR_END:
        case VALUE: {
          if (code === CLOSE_BRACKET && state === VALUE_OR_END) {
            state = AFTER_VALUE;
            i--; // closes the empty array below
            continue;
          }
          const name = this.nameNext && this.depth === 1;
          if (name && code !== QUOTE) return this.fail(i, '"toolName" that is not a string');
          if (code === QUOTE) {
            state = STRING;
            this.keyString = false;
            if (name) {
              this.role = TOOL_NAME;
              this.captured = '';
              captureFrom = i + 1;
            }
          } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
            if (this.depth === MAX_MARKER_DEPTH) return this.fail(i, `nesting deeper than ${MAX_MARKER_DEPTH} levels`);
            this.depth++;
            this.objects.push(code === OPEN_BRACE ? 1 : 0);
            state = code === OPEN_BRACE ? KEY_OR_END : VALUE_OR_END;
          } else if (code === MINUS) state = NUMBER_MINUS;
          else if (code === ZERO) state = NUMBER_ZERO;
          else if (code > ZERO && code <= NINE) state = NUMBER_INT;
          else {
            const literal = LITERALS.find((word) => word.charCodeAt(0) === code);
            if (!literal) return this.fail(i, `${describe(code)} where a value was expected`);
            this.literal = literal;
            this.literalIndex = 1;
            state = LITERAL;
          }
          this.nameNext = false;
          continue;
        }
      }
    }
    this.state = state;
    this.keep(text, captureFrom, length);
    return SCAN_MORE;
  }

  private keep(text: string, from: number, to: number): void {
    if (this.role === PLAIN || (this.role === TOP_KEY && this.captured.length > MAX_NAME_KEY)) return;
    this.captured += text.slice(from, to);
  }

  /** A top-level key or the tool's name has ended: returns why the marker is not a call, if it is not. */
  private endCapture(): string {
    const captured = this.captured;
    let value: string;
    if (captured.length > MAX_NAME_KEY && this.role === TOP_KEY) value = '';
    else value = captured.includes('\\') ? (JSON.parse(`"${captured}"`) as string) : captured;
    this.captured = '';
    if (this.role === TOP_KEY) {
      this.nameNext = value === 'toolName';
      if (this.nameNext && this.named) return '"toolName" given twice';
      if (this.nameNext) this.named = true;
      return '';
    }
    if (value.trim() === '') return 'an empty "toolName"';
    this.toolName = value;
    return '';
  }

  private fail(at: number, failure: string, inString = false): number {
    this.failure = failure;
    this.failedAt = at;
    this.failedDepth = this.depth;
    this.failedInString = inString;
    this.depth = 0;
    return SCAN_FAILED;
  }
}
