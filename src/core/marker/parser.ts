import { createIdGenerator } from 'ai';
import { BrokenCall, brokenCallName, SKIP_MORE } from './broken-call';
import { interpretMarker } from './interpret-marker';
import { JsonScanner, SCAN_FAILED, SCAN_MORE, SCAN_NAMED } from './json-scanner';
import { MarkdownProse } from './markdown-prose';
import type { MarkerEvent, ToolMarkerParser, ToolMarkerParserOptions } from './types';

export type { MarkerEvent, ToolMarkerParser, ToolMarkerParserOptions } from './types';

export const TOOL_MARKER = '###:';

/** The name of a call whose `"toolName"` was there but could not be read (`"toolName": 42`). */
export const INVALID_TOOL_CALL_NAME = 'invalid_tool_call';

const HASH = 35; // #
const COLON = 58; // :
const OPEN = 123; // {

// What the parser is doing.
const TEXT = 0; // prose; `hashes` counts a held-back `#`, `##` or `###`
const AFTER_COLON = 1; // held `###:` plus whitespace, waiting for `{`
const JSON_BODY = 2; // inside a marker's JSON
const AFTER_MARKER = 3; // a call just ended; held whitespace, a `{` glues another call
const BROKEN = 4; // a call's JSON broke: the rest of it is skipped (kept in `raw`, see BrokenCall)

// What the Markdown reader sees of a call: its closing brace, so the text around it reads as it
// does with the call in it (a word there, and no URL starting right after it).
const STAND_IN = '}';


const defaultGenerateId = createIdGenerator({ prefix: 'call', separator: '_', size: 16 });

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * A delta without `#` that does not end in a high surrogate. A short one is read in a loop the
 * compiler inlines: a call to `indexOf` costs more than reading a few characters.
 */
function isPlainDelta(delta: string): boolean {
  const length = delta.length;
  if (length > 16) return delta.indexOf('#') === -1 && !isHighSurrogate(delta.charCodeAt(length - 1));
  let code = 0;
  for (let i = 0; i < length; i++) {
    code = delta.charCodeAt(i);
    if (code === HASH) return false;
  }
  return !isHighSurrogate(code);
}

class MarkerParser implements ToolMarkerParser {
  private readonly generateId: () => string;
  private readonly emitStart: boolean;
  private readonly prose = new MarkdownProse();
  private readonly json = new JsonScanner();
  private state: number = TEXT;
  private hashes: number = 0;
  private held: string = ''; // text not yet released: `#`s, `###:` + blanks, blanks after a call
  private raw: string = ''; // the current marker, from `###:` or the glued `{`
  private toolCallId: string = ''; // set once the marker has named its tool
  private surrogate: string = ''; // a trailing high surrogate, released with its pair
  private probe: number = 0; // how much of `raw` is the marker's start: `###:` up to its `{`, or a glued `{`
  private readonly brokenCall = new BrokenCall();

  constructor(options: ToolMarkerParserOptions) {
    this.generateId = options.generateId ?? defaultGenerateId;
    this.emitStart = options.emitToolCallStart === true;
  }

  private reset(): void {
    this.state = TEXT;
    this.hashes = 0;
    this.held = this.raw = this.toolCallId = this.surrogate = '';
    this.probe = 0;
    this.prose.reset();
  }

  /** The marker has named its tool: from here on it is a call (and may fail as one). */
  private announce(events: MarkerEvent[]): void {
    if (this.toolCallId !== '' || this.json.toolName === undefined) return;
    this.toolCallId = this.generateId();
    if (this.emitStart) events.push({ type: 'tool-call-start', toolCallId: this.toolCallId, toolName: this.json.toolName });
  }

  /** The error of a call whose JSON broke at `this.json.failure`, now that `raw` holds all of it. */
  private broken(): MarkerEvent {
    const named = this.json.toolName;
    const toolName = brokenCallName(this.raw, named, INVALID_TOOL_CALL_NAME);
    if (this.toolCallId === '') this.toolCallId = this.generateId();
    const call = named === undefined ? 'the call' : `the call to ${toolName}`;
    const message = `Invalid tool call format: the JSON of ${call} is not valid: ${this.json.failure}`;
    return { type: 'error', raw: this.raw, toolCallId: this.toolCallId, toolName, message };
  }

  /** Gives `text` (of which the reader has the first `known` characters) to the reader and to `events`. */
  private release(text: string, known: number, events: MarkerEvent[] | undefined): MarkerEvent[] {
    const out = events ?? [];
    if (text.length === 0) return out;
    this.prose.append(text.slice(known));
    out.push({ type: 'text', text });
    return out;
  }

  push(delta: string): MarkerEvent[] {
    const length = delta.length;
    if (length === 0) return [];
    this.prose.count(length);
    // Most pushes are a few characters of prose without `#`: pass them through untouched.
    if (this.state === TEXT && this.hashes === 0 && this.surrogate === '' && isPlainDelta(delta)) {
      this.prose.append(delta);
      return [{ type: 'text', text: delta }];
    }
    return this.read(delta);
  }

  /** `push` for a delta that may hold a marker or part of one. */
  private read(delta: string): MarkerEvent[] {
    const length = delta.length;
    let events: MarkerEvent[] | undefined;
    let text = ''; // released text of this push, emitted as one event
    let known = 0; // how much of `text` the Markdown reader has
    if (this.surrogate !== '') {
      text = this.surrogate;
      known = 1; // given to the reader with the push before
      this.surrogate = '';
    }
    let runStart = 0; // start of plain text (or of JSON) in `delta` not yet added to `text` (or `raw`)

    scan: for (let i = 0; i < length; i++) {
      if (this.state === JSON_BODY) {
        const end = this.json.scan(delta, i);
        if (end === SCAN_MORE) break scan; // the rest of the delta is JSON: kept in `raw` below
        if (end === SCAN_NAMED) {
          // Named a tool: a call if it is in prose, else the text it was.
          const at = this.json.namedAt;
          this.raw += delta.slice(runStart, at);
          runStart = at;
          this.prose.append(text.slice(known));
          known = text.length;
          if (!this.prose.isProse(this.raw.slice(0, this.probe))) {
            text += this.raw;
            this.raw = '';
            this.state = TEXT;
          }
          i = at - 1;
          continue;
        }
        const failed = end === SCAN_FAILED;
        const stop = failed ? this.json.failedAt : end;
        this.raw += delta.slice(runStart, stop);
        runStart = stop;
        const toolName = this.json.toolName;
        if (failed && this.json.named) {
          // A call that broke: the rest of it is no text either (see BROKEN).
          events = this.release(text, known, events);
          text = '';
          known = 0;
          this.announce(events);
          this.state = BROKEN;
          this.brokenCall.start(this.json.failedDepth, this.json.failedInString);
          i = stop - 1;
          continue;
        }
        if (toolName === undefined) {
          // Never named a tool: it was text all along, and what follows is read afresh.
          text += this.raw;
          this.state = TEXT;
        } else {
          events = this.release(text, known, events);
          text = '';
          known = 0;
          this.announce(events);
          events.push(interpretMarker(this.raw, this.toolCallId, toolName));
          this.prose.append(STAND_IN);
          this.state = AFTER_MARKER;
        }
        this.raw = this.toolCallId = '';
        i = stop - 1;
        continue;
      }

      if (this.state === BROKEN) {
        const end = this.brokenCall.skip(delta, i, this.raw.length + i - runStart);
        if (end === SKIP_MORE) break scan; // the rest of the delta is the broken call's: kept in `raw` below
        this.raw += delta.slice(runStart, end);
        runStart = end;
        events = this.release(text, known, events);
        known = 0;
        // A blank line ended it: the line break before it is text again.
        let after = '';
        if (this.brokenCall.atBlankLine) {
          after = this.raw.slice(this.brokenCall.lineStart);
          this.raw = this.raw.slice(0, this.brokenCall.lineStart);
        }
        events.push(this.broken());
        this.prose.append(STAND_IN);
        text = after;
        this.raw = this.toolCallId = '';
        this.state = TEXT;
        i = end - 1;
        continue;
      }

      let code = delta.charCodeAt(i);
      // Prose and code pass through up to the next `#`.
      if (this.state === TEXT && this.hashes === 0 && code !== HASH) {
        i = delta.indexOf('#', i);
        if (i === -1) break scan;
        code = HASH;
      }

      if (this.state === AFTER_COLON || this.state === AFTER_MARKER) {
        if (isWhitespace(code)) {
          this.held += delta.charAt(i);
          runStart = i + 1;
          continue;
        }
        if (code === OPEN) {
          if (this.state === AFTER_COLON) this.raw = this.held + '{';
          else {
            text += this.held;
            this.raw = '{';
          }
          this.probe = this.raw.length;
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
    }

    if (this.state === BROKEN || this.state === JSON_BODY) {
      this.raw += delta.slice(runStart);
      if (this.state === JSON_BODY && this.toolCallId === '' && this.json.toolName !== undefined) {
        events = this.release(text, known, events);
        text = '';
        known = 0;
        this.announce(events);
      }
    } else if (this.state === TEXT && this.hashes === 0) text += delta.slice(runStart);

    // The reader gets all the text; a trailing high surrogate is released with its pair.
    this.prose.append(text.slice(known));
    known = text.length;
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
    if (this.state === BROKEN) {
      if (text) events.push({ type: 'text', text });
      events.push(this.broken());
    } else if (this.state === JSON_BODY && toolName !== undefined) {
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
 * indented code, link destinations or URLs) and only once its JSON has a top-level
 * `"toolName"` key; the JSON ends at its balanced closing brace and must be strict JSON.
 *
 * - A `###:` whose JSON breaks before a `"toolName"` key, or that is still open at the end
 *   without having named its tool, is text, given back as soon as that is certain.
 * - A call whose JSON breaks after its `"toolName"` key (`"toolName": getWeather`, a raw line
 *   break in a string, a missing value) is an `error`: the rest of the broken JSON is skipped
 *   up to where its brackets close, or up to a blank line, so none of it shows as text. A call
 *   that named its tool and is still open at the end is an `error` too.
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
