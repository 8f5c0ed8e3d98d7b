import { createIdGenerator } from 'ai';
import { interpretMarker } from './interpret-marker';
import { JsonScanner, SCAN_FAILED, SCAN_MORE } from './json-scanner';
import { canSkip } from './markdown-chars';
import { MarkdownContext } from './markdown-context';
import type { MarkerEvent, ToolMarkerParser, ToolMarkerParserOptions } from './types';

export type { MarkerEvent, ToolMarkerParser, ToolMarkerParserOptions } from './types';

export const TOOL_MARKER = '###:';

const HASH = 35; // #
const COLON = 58; // :
const OPEN = 123; // {

// What the parser is doing.
const TEXT = 0; // prose; `hashes` counts a held-back `#`, `##` or `###`
const AFTER_COLON = 1; // held `###:` plus whitespace, waiting for `{`
const JSON_BODY = 2; // inside a marker's JSON
const AFTER_MARKER = 3; // a call just ended; held whitespace, a `{` glues another call

const defaultGenerateId = createIdGenerator({ prefix: 'call', separator: '_', size: 16 });

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

class MarkerParser implements ToolMarkerParser {
  private readonly generateId: () => string;
  private readonly emitStart: boolean;
  private readonly context = new MarkdownContext();
  private readonly json = new JsonScanner();
  private state: number = TEXT;
  private hashes: number = 0;
  private held: string = ''; // text not yet released: `#`s, `###:` + blanks, blanks after a call
  private raw: string = ''; // the current marker, from `###:` or the glued `{`
  private toolCallId: string = ''; // set once the marker has named its tool
  private surrogate: string = ''; // a trailing high surrogate, released with its pair
  private last: number = 0; // the last code unit of the previous delta

  constructor(options: ToolMarkerParserOptions) {
    this.generateId = options.generateId ?? defaultGenerateId;
    this.emitStart = options.emitToolCallStart === true;
  }

  private reset(): void {
    this.state = TEXT;
    this.hashes = 0;
    this.held = this.raw = this.toolCallId = this.surrogate = '';
    this.last = 0;
    this.context.reset();
  }

  /** The marker has named its tool: from here on it is a call (and may fail as one). */
  private announce(events: MarkerEvent[]): void {
    if (this.toolCallId !== '' || this.json.toolName === undefined) return;
    this.toolCallId = this.generateId();
    if (this.emitStart) events.push({ type: 'tool-call-start', toolCallId: this.toolCallId, toolName: this.json.toolName });
  }

  private failure(toolName: string): string {
    return `Invalid tool call format: the JSON of the call to ${toolName} is not valid: ${this.json.failure}`;
  }

  push(delta: string): MarkerEvent[] {
    const length = delta.length;
    if (length === 0) return [];
    // Most pushes are a few characters of prose: pass them through untouched.
    let start = 0;
    if (this.state === TEXT && this.hashes === 0 && this.surrogate === '') {
      const watch = this.context.watching;
      if (watch !== null) {
        for (let code = delta.charCodeAt(0); code >= 128 || watch[code] === 0 || canSkip(watch, code, delta, start, this.last); ) {
          if (++start === length) {
            if (isHighSurrogate(code)) break;
            this.last = code;
            return [{ type: 'text', text: delta }];
          }
          code = delta.charCodeAt(start);
        }
      }
    }
    let events: MarkerEvent[] | undefined;
    let text = ''; // released text of this push, emitted as one event
    if (this.surrogate !== '') {
      text = this.surrogate;
      this.surrogate = '';
    }
    let runStart = 0; // start of plain text (or of JSON) in `delta` not yet added to `text` (or `raw`)

    // The characters before `start` were plain prose: they changed nothing.
    scan: for (let i = start; i < length; i++) {
      if (this.state === JSON_BODY) {
        const end = this.json.scan(delta, i);
        if (end === SCAN_MORE) break scan; // the rest of the delta is JSON: kept in `raw` below
        const failed = end === SCAN_FAILED;
        const stop = failed ? this.json.failedAt : end;
        this.raw += delta.slice(runStart, stop);
        runStart = stop;
        const toolName = this.json.toolName;
        if (toolName === undefined) {
          // Never named a tool: it was text all along, and what follows is read afresh.
          text += this.raw;
          this.state = TEXT;
        } else {
          events ??= [];
          if (text.length > 0) {
            events.push({ type: 'text', text });
            text = '';
          }
          this.announce(events);
          events.push(
            failed
              ? { type: 'error', raw: this.raw, toolCallId: this.toolCallId, toolName, message: this.failure(toolName) }
              : interpretMarker(this.raw, this.toolCallId, toolName),
          );
          // After a broken call, the character that broke it is read as text.
          this.state = failed ? TEXT : AFTER_MARKER;
        }
        this.raw = this.toolCallId = '';
        this.context.afterMarker();
        i = stop - 1;
        continue;
      }

      let code = delta.charCodeAt(i);
      // Fast path: most characters of prose and code cannot change anything.
      if (this.state === TEXT && this.hashes === 0) {
        const watch = this.context.watching;
        if (watch !== null) {
          while (code >= 128 || watch[code] === 0 || canSkip(watch, code, delta, i, this.last)) {
            if (++i === length) break scan;
            code = delta.charCodeAt(i);
          }
        }
      }
      const eligible = this.context.step(code, i > 0 ? delta.charCodeAt(i - 1) : this.last);

      if (this.state === AFTER_COLON || this.state === AFTER_MARKER) {
        if (isWhitespace(code)) {
          this.held += delta.charAt(i);
          runStart = i + 1;
          continue;
        }
        if (code === OPEN && eligible) {
          if (this.state === AFTER_COLON) this.raw = this.held + '{';
          else {
            text += this.held;
            this.raw = '{';
          }
          this.held = '';
          runStart = i + 1;
          this.state = JSON_BODY;
          this.json.start();
          continue;
        }
        text += this.held;
        this.held = '';
        this.state = TEXT;
        runStart = i;
        // and this character is text, perhaps the start of another marker
      }

      if (code === HASH && eligible) {
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
    }

    this.last = delta.charCodeAt(length - 1);
    if (this.state === JSON_BODY) {
      this.raw += delta.slice(runStart);
      if (this.toolCallId === '' && this.json.toolName !== undefined) {
        events ??= [];
        if (text.length > 0) {
          events.push({ type: 'text', text });
          text = '';
        }
        this.announce(events);
      }
    } else if (this.state === TEXT && this.hashes === 0) text += delta.slice(runStart);

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
    let text = this.surrogate + this.held;
    const toolName = this.json.toolName;
    if (this.state === JSON_BODY && toolName !== undefined) {
      if (text) events.push({ type: 'text', text });
      events.push({
        type: 'error',
        raw: this.raw,
        toolCallId: this.toolCallId,
        toolName,
        message: `Invalid tool call format: the JSON of the call to ${toolName} ended before its closing "}"`,
      });
    } else {
      // A marker that never named a tool is the text it was.
      if (this.state === JSON_BODY) text += this.raw;
      if (text) events.push({ type: 'text', text });
    }
    this.reset();
    return events;
  }
}

/**
 * Creates an incremental parser for the legacy `###:{"toolName":…,"parameters":{…}}` marker.
 * Every character is looked at once (a marker given back as text: its breaking character
 * twice), whatever the chunking. A `###:` is a call only in prose (not in code spans, fenced or
 * indented code, link destinations or URLs) and only once its JSON has named a tool; the JSON
 * ends at its balanced closing brace and must be strict JSON. A `###:` that never names a tool
 * (not JSON, no `"toolName"`, a raw line break in a string, unclosed at the end) is text, given
 * back as soon as that is certain; a call whose JSON breaks after naming its tool is an error
 * naming it.
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
