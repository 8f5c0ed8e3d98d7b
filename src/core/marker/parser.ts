import { createIdGenerator } from 'ai';

/** What the parser reports, in the order it appears in the text. */
export type MarkerEvent =
  | { type: 'text'; text: string }
  /** Only with `emitToolCallStart`: a marker's JSON began; its call or error follows with the same id. */
  | { type: 'tool-call-start'; toolCallId: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: Record<string, unknown> }
  | {
      type: 'error';
      /** The marker exactly as the model wrote it (`###:{…` or a glued `{…`). */
      raw: string;
      /** Readable, starting with `Invalid tool call format:`. */
      message: string;
      /** The id the call would have had, so a card and a result can refer to it. */
      toolCallId: string;
      /** Present when the JSON parsed and named a tool. */
      toolName?: string;
    };

export interface ToolMarkerParserOptions {
  /**
   * Makes the ids of parsed tool calls.
   * @default `call_` + 16 random characters
   */
  generateId?: () => string;
  /**
   * Also report `tool-call-start` as soon as a marker's JSON begins, so a UI can show that a
   * call is being written.
   * @default false
   */
  emitToolCallStart?: boolean;
}

/** An incremental `###:{json}` parser: feed it text deltas, then call `end()` once. */
export interface ToolMarkerParser {
  /** Parses one delta; returns the events it completes (text not yet decidable is held back). */
  push(delta: string): MarkerEvent[];
  /** Ends the stream: releases held-back text, reports an unterminated marker; resets the parser. */
  end(): MarkerEvent[];
}

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
  const generateId = options.generateId ?? defaultGenerateId;
  const emitStart = options.emitToolCallStart === true;

  let state = TEXT;
  let hashes = 0;
  let held = ''; // text not yet released: `#`s, `###:` + blanks, blanks after a marker
  let raw = ''; // the current marker, from `###:` or the glued `{`
  let toolCallId = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let surrogate = ''; // a trailing high surrogate, released with its pair

  let line = LINE_INDENT;
  let indent = 0;
  let runChar = 0;
  let runLength = 0;
  let fenceChar = 0; // 0 outside a fenced code block
  let fenceLength = 0;

  function reset(): void {
    state = TEXT;
    hashes = 0;
    held = raw = toolCallId = surrogate = '';
    depth = 0;
    inString = escaped = false;
    line = LINE_INDENT;
    indent = runChar = runLength = fenceChar = fenceLength = 0;
  }

  /** Advances the line state by one character; returns whether it is inside a code fence. */
  function trackLine(code: number): boolean {
    if (code === NEWLINE) {
      if (fenceChar !== 0 && (line === LINE_CLOSE_TAIL || (line === LINE_RUN && runChar === fenceChar && runLength >= fenceLength))) {
        fenceChar = 0;
        line = LINE_INDENT;
        indent = 0;
        return true; // the closing fence's newline still belongs to the block
      }
      if (fenceChar === 0 && line === LINE_RUN && runLength >= 3) openFence();
      line = LINE_INDENT;
      indent = 0;
      return fenceChar !== 0;
    }
    switch (line) {
      case LINE_INDENT:
        if (code === 32 && indent < 3) indent++;
        else if ((code === BACKTICK || code === TILDE) && (fenceChar === 0 || code === fenceChar)) {
          line = LINE_RUN;
          runChar = code;
          runLength = 1;
        } else line = LINE_REST;
        break;
      case LINE_RUN:
        if (code === runChar) runLength++;
        else if (fenceChar === 0) {
          if (runLength >= 3) openFence();
          line = LINE_REST;
        } else line = runLength >= fenceLength && isBlank(code) ? LINE_CLOSE_TAIL : LINE_REST;
        break;
      case LINE_CLOSE_TAIL:
        if (!isBlank(code)) line = LINE_REST;
        break;
    }
    return fenceChar !== 0;
  }

  function openFence(): void {
    fenceChar = runChar;
    fenceLength = runLength;
  }

  function finishMarker(events: MarkerEvent[]): void {
    events.push(interpretMarker(raw, toolCallId));
    raw = '';
  }

  function startMarker(events: MarkerEvent[]): void {
    toolCallId = generateId();
    if (emitStart) events.push({ type: 'tool-call-start', toolCallId });
  }

  function push(delta: string): MarkerEvent[] {
    if (delta.length === 0) return [];
    let events: MarkerEvent[] | undefined;
    let text = surrogate; // released text of this push, emitted as one event
    surrogate = '';
    let runStart = 0; // start of plain text in `delta` not yet added to `text`
    const length = delta.length;

    const flushText = (): void => {
      if (text.length > 0) {
        (events ??= []).push({ type: 'text', text });
        text = '';
      }
    };

    for (let i = 0; i < length; i++) {
      const code = delta.charCodeAt(i);

      if (state === JSON_BODY) {
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) inString = false;
        } else if (code === QUOTE) inString = true;
        else if (code === OPEN) depth++;
        else if (code === CLOSE && --depth === 0) {
          raw += delta.slice(runStart, i + 1);
          runStart = i + 1;
          flushText();
          finishMarker((events ??= []));
          state = AFTER_MARKER;
          line = LINE_REST;
        }
        continue;
      }

      if (trackLine(code)) {
        // Inside a fenced code block everything is text; nothing can be held at this point
        // because fence characters and newlines already released it.
        continue;
      }

      if (state === TEXT) {
        if (code === HASH) {
          if (hashes === 0) {
            text += delta.slice(runStart, i);
            hashes = 1;
            held = '#';
          } else if (hashes < 3) {
            hashes++;
            held += '#';
          } else text += '#'; // `####`: the first one is text, `###` may still follow
          runStart = i + 1;
        } else if (hashes === 3 && code === COLON) {
          state = AFTER_COLON;
          held += ':';
          hashes = 0;
          runStart = i + 1;
        } else if (hashes > 0) {
          text += held;
          held = '';
          hashes = 0;
          runStart = i;
        }
        continue;
      }

      if (state === AFTER_COLON || state === AFTER_MARKER) {
        if (isWhitespace(code)) {
          held += delta.charAt(i);
          runStart = i + 1;
        } else if (code === OPEN) {
          if (state === AFTER_COLON) raw = held + '{';
          else {
            text += held;
            raw = '{';
          }
          held = '';
          runStart = i + 1;
          flushText();
          startMarker((events ??= []));
          state = JSON_BODY;
          depth = 1;
          inString = escaped = false;
        } else {
          text += held;
          state = TEXT;
          if (code === HASH) {
            hashes = 1;
            held = '#';
            runStart = i + 1;
          } else {
            held = '';
            runStart = i;
          }
        }
      }
    }

    if (state === JSON_BODY) raw += delta.slice(runStart);
    else if (state === TEXT && hashes === 0) text += delta.slice(runStart);

    if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      surrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    flushText();
    return events ?? [];
  }

  function end(): MarkerEvent[] {
    const events: MarkerEvent[] = [];
    const text = surrogate + held;
    if (state === JSON_BODY) {
      if (text) events.push({ type: 'text', text });
      events.push({
        type: 'error',
        raw,
        message: 'Invalid tool call format: the tool call JSON ended before its closing "}"',
        toolCallId,
      });
    } else if (text) events.push({ type: 'text', text });
    reset();
    return events;
  }

  return { push, end };
}

/** Turns a complete marker (`###:{…}` or a glued `{…}`) into a tool call or a readable error. */
function interpretMarker(raw: string, toolCallId: string): MarkerEvent {
  const json = raw.slice(raw.indexOf('{'));
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { type: 'error', raw, toolCallId, message: `Invalid tool call format: the JSON does not parse (${reason})` };
  }
  const call = value as { toolName?: unknown; parameters?: unknown };
  if (typeof call.toolName !== 'string' || call.toolName.trim() === '') {
    return {
      type: 'error',
      raw,
      toolCallId,
      message: 'Invalid tool call format: "toolName" must be a non-empty string, e.g. ###:{"toolName":"getWeather","parameters":{"city":"Paris"}}',
    };
  }
  const parameters = call.parameters ?? {};
  if (typeof parameters !== 'object' || Array.isArray(parameters)) {
    return {
      type: 'error',
      raw,
      toolCallId,
      toolName: call.toolName,
      message: `Invalid tool call format: "parameters" of ${call.toolName} must be a JSON object`,
    };
  }
  return { type: 'tool-call', toolCallId, toolName: call.toolName, input: parameters as Record<string, unknown> };
}
