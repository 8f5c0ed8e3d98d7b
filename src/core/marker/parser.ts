import { createIdGenerator } from 'ai';
import { interpretMarker } from './interpret-marker';
import type { MarkerEvent, ToolMarkerParser, ToolMarkerParserOptions } from './types';

export type { MarkerEvent, ToolMarkerParser, ToolMarkerParserOptions } from './types';

export const TOOL_MARKER = '###:';

const HASH = 35; // #
const COLON = 58; // :
const OPEN = 123; // {
const CLOSE = 125; // }
const QUOTE = 34; // "
const BACKSLASH = 92; // \
const NEWLINE = 10;
const BACKTICK = 96;
const TILDE = 126;

// What the marker scanner is doing (outside fenced code).
const TEXT = 0; // plain text; `hashes` counts a held-back `#`, `##` or `###`
const AFTER_COLON = 1; // held `###:` plus whitespace, waiting for `{`
const JSON_BODY = 2; // inside the marker's JSON
const AFTER_MARKER = 3; // a marker just ended; held whitespace, a `{` glues another call

// Where we are in the current line, for Markdown code fences.
const LINE_INDENT = 0; // only up to 3 spaces so far
const LINE_RUN = 1; // a run of backticks or tildes at the start of the line
const LINE_REST = 2; // anything else, until the newline
const LINE_CLOSE_TAIL = 3; // after a closing fence run: only blanks may follow

const defaultGenerateId = createIdGenerator({ prefix: 'call', separator: '_', size: 16 });

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The parser class; the stream stage also reads the marker it is in the middle of. */
export class MarkerParser implements ToolMarkerParser {
  private readonly generateId: () => string;
  private readonly emitStart: boolean;
  private state: number = TEXT;
  private hashes: number = 0;
  private held: string = ''; // text not yet released: `#`s, `###:` + blanks, blanks after a marker
  private raw: string = ''; // the current marker, from `###:` or the glued `{`
  private toolCallId: string = '';
  private depth: number = 0;
  private inString: boolean = false;
  private escaped: boolean = false;
  private surrogate: string = ''; // a trailing high surrogate, released with its pair

  private line: number = LINE_INDENT;
  private indent: number = 0;
  private runChar: number = 0;
  private runLength: number = 0;
  private fenceChar: number = 0; // 0 outside a fenced code block
  private fenceLength: number = 0;

  constructor(options: ToolMarkerParserOptions) {
    this.generateId = options.generateId ?? defaultGenerateId;
    this.emitStart = options.emitToolCallStart === true;
  }

  private reset(): void {
    this.state = TEXT;
    this.hashes = 0;
    this.held = this.raw = this.toolCallId = this.surrogate = '';
    this.depth = 0;
    this.inString = this.escaped = false;
    this.line = LINE_INDENT;
    this.indent = this.runChar = this.runLength = this.fenceChar = this.fenceLength = 0;
  }

  /** Advances the line state by one character; returns whether it is inside a code fence. */
  private trackLine(code: number): boolean {
    if (code === NEWLINE) {
      if (this.fenceChar !== 0 && (this.line === LINE_CLOSE_TAIL || (this.line === LINE_RUN && this.runChar === this.fenceChar && this.runLength >= this.fenceLength))) {
        this.fenceChar = 0;
        this.line = LINE_INDENT;
        this.indent = 0;
        return true; // the closing fence's newline still belongs to the block
      }
      if (this.fenceChar === 0 && this.line === LINE_RUN && this.runLength >= 3) this.openFence();
      this.line = LINE_INDENT;
      this.indent = 0;
      return this.fenceChar !== 0;
    }
    switch (this.line) {
      case LINE_INDENT:
        if (code === 32 && this.indent < 3) this.indent++;
        else if ((code === BACKTICK || code === TILDE) && (this.fenceChar === 0 || code === this.fenceChar)) {
          this.line = LINE_RUN;
          this.runChar = code;
          this.runLength = 1;
        } else this.line = LINE_REST;
        break;
      case LINE_RUN:
        if (code === this.runChar) this.runLength++;
        else if (this.fenceChar === 0) {
          if (this.runLength >= 3) this.openFence();
          this.line = LINE_REST;
        } else this.line = this.runLength >= this.fenceLength && isBlank(code) ? LINE_CLOSE_TAIL : LINE_REST;
        break;
      case LINE_CLOSE_TAIL:
        if (!isBlank(code)) this.line = LINE_REST;
        break;
    }
    return this.fenceChar !== 0;
  }

  private openFence(): void {
    this.fenceChar = this.runChar;
    this.fenceLength = this.runLength;
  }

  private finishMarker(events: MarkerEvent[]): void {
    events.push(interpretMarker(this.raw, this.toolCallId));
    this.raw = '';
  }

  private startMarker(events: MarkerEvent[]): void {
    this.toolCallId = this.generateId();
    if (this.emitStart) events.push({ type: 'tool-call-start', toolCallId: this.toolCallId });
  }

  /** The marker read so far (`###:{…` or a glued `{…`) while one is open, else `''`. */
  get openMarker(): string {
    return this.state === JSON_BODY ? this.raw : '';
  }

  push(delta: string): MarkerEvent[] {
    if (delta.length === 0) return [];
    // Most pushes are a few characters of prose mid-line: pass them through untouched.
    if (this.state === TEXT && this.hashes === 0 && this.line === LINE_REST && this.surrogate === '') {
      const inFence = this.fenceChar !== 0;
      let i = 0;
      for (let code = delta.charCodeAt(0); code !== NEWLINE && (inFence || code !== HASH); code = delta.charCodeAt(i)) {
        if (++i === delta.length) {
          if (isHighSurrogate(code)) break;
          return [{ type: 'text', text: delta }];
        }
      }
    }
    let events: MarkerEvent[] | undefined;
    let text = ''; // released text of this push, emitted as one event
    if (this.surrogate !== '') {
      text = this.surrogate;
      this.surrogate = '';
    }
    let runStart = 0; // start of plain text in `delta` not yet added to `text`
    const length = delta.length;

    scan: for (let i = 0; i < length; i++) {
      let code = delta.charCodeAt(i);

      // Fast paths: prose away from line starts, and fenced code, only care about `#` and newlines.
      if (this.state === TEXT && this.hashes === 0 && this.line === LINE_REST) {
        const inFence = this.fenceChar !== 0;
        while (code !== NEWLINE && (inFence || code !== HASH)) {
          if (++i === length) break scan;
          code = delta.charCodeAt(i);
        }
      }

      if (this.state === JSON_BODY) {
        // Hot loop on locals: only quotes, escapes and braces matter inside the JSON.
        let open = this.depth;
        let quoted = this.inString;
        let escape = this.escaped;
        for (; ; code = delta.charCodeAt(++i)) {
          if (quoted) {
            if (escape) escape = false;
            else if (code === BACKSLASH) escape = true;
            else if (code === QUOTE) quoted = false;
          } else if (code === QUOTE) quoted = true;
          else if (code === OPEN) open++;
          else if (code === CLOSE && --open === 0) break;
          if (i + 1 === length) break;
        }
        this.depth = open;
        this.inString = quoted;
        this.escaped = escape;
        if (open !== 0) break scan; // the rest of the delta is JSON: kept in `raw` below
        this.raw += delta.slice(runStart, i + 1);
        runStart = i + 1;
        this.finishMarker((events ??= []));
        this.state = AFTER_MARKER;
        this.line = LINE_REST;
        continue;
      }

      if (this.trackLine(code)) {
        // Inside a fenced code block everything is text; nothing can be held at this point
        // because fence characters and newlines already released it.
        continue;
      }

      if (this.state === TEXT) {
        if (code === HASH) {
          if (this.hashes === 0) {
            text += delta.slice(runStart, i);
            this.hashes = 1;
            this.held = '#';
          } else if (this.hashes < 3) {
            this.hashes++;
            this.held += '#';
          } else text += '#'; // `####`: the first one is text, `###` may still follow
          runStart = i + 1;
        } else if (this.hashes === 3 && code === COLON) {
          this.state = AFTER_COLON;
          this.held += ':';
          this.hashes = 0;
          runStart = i + 1;
        } else if (this.hashes > 0) {
          text += this.held;
          this.held = '';
          this.hashes = 0;
          runStart = i;
        }
        continue;
      }

      if (this.state === AFTER_COLON || this.state === AFTER_MARKER) {
        if (isWhitespace(code)) {
          this.held += delta.charAt(i);
          runStart = i + 1;
        } else if (code === OPEN) {
          if (this.state === AFTER_COLON) this.raw = this.held + '{';
          else {
            text += this.held;
            this.raw = '{';
          }
          this.held = '';
          runStart = i + 1;
          events ??= [];
          if (text.length > 0) {
            events.push({ type: 'text', text });
            text = '';
          }
          this.startMarker(events);
          this.state = JSON_BODY;
          this.depth = 1;
          this.inString = this.escaped = false;
        } else {
          text += this.held;
          this.state = TEXT;
          if (code === HASH) {
            this.hashes = 1;
            this.held = '#';
            runStart = i + 1;
          } else {
            this.held = '';
            runStart = i;
          }
        }
      }
    }

    if (this.state === JSON_BODY) this.raw += delta.slice(runStart);
    else if (this.state === TEXT && this.hashes === 0) text += delta.slice(runStart);

    if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      this.surrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text.length > 0) {
      // A literal array is much cheaper than growing an empty one, and this is the common case.
      if (events === undefined) return [{ type: 'text', text }];
      events.push({ type: 'text', text });
    }
    return events ?? [];
  }

  end(): MarkerEvent[] {
    const events: MarkerEvent[] = [];
    const text = this.surrogate + this.held;
    if (this.state === JSON_BODY) {
      if (text) events.push({ type: 'text', text });
      events.push({
        type: 'error',
        raw: this.raw,
        message: 'Invalid tool call format: the tool call JSON ended before its closing "}"',
        toolCallId: this.toolCallId,
      });
    } else if (text) events.push({ type: 'text', text });
    this.reset();
    return events;
  }
}

/**
 * Creates an incremental parser for the legacy `###:{"toolName":…,"parameters":{…}}` marker.
 * Every character is looked at once, whatever the chunking; the JSON ends at its balanced
 * closing brace (braces inside strings do not count); markers in fenced code blocks are text.
 *
 * @example
 * const parser = createToolMarkerParser();
 * parser.push('Let me check. #'); // [{ type: 'text', text: 'Let me check. ' }]
 * parser.push('##:{"toolName":"getWeather","parameters":{"city":"Paris"}}');
 * // [{ type: 'tool-call', toolCallId: 'call_…', toolName: 'getWeather', input: { city: 'Paris' } }]
 */
export function createToolMarkerParser(options: ToolMarkerParserOptions = {}): ToolMarkerParser {
  return new MarkerParser(options);
}
