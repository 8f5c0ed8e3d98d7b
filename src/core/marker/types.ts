/** What the parser reports, in the order it appears in the text. */
export type MarkerEvent =
  | { type: 'text'; text: string }
  /**
   * Only with `emitToolCallStart`: a marker has named its tool (its `"toolName"` has been
   * read), so it is a call; its `tool-call` or `error` follows with the same id.
   */
  | { type: 'tool-call-start'; toolCallId: string; toolName: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: Record<string, unknown> }
  | {
      type: 'error';
      /** The marker exactly as the model wrote it (`###:{…` or a glued `{…`), up to where it went wrong. */
      raw: string;
      /** Readable, starting with `Invalid tool call format:`, naming the tool. */
      message: string;
      /** The id the call would have had, so a card and a result can refer to it. */
      toolCallId: string;
      /**
       * The tool the marker named. A marker becomes a call, and so can fail, only once its
       * `"toolName"` has been read; before that, anything that goes wrong makes it text.
       */
      toolName: string;
    };

export interface ToolMarkerParserOptions {
  /**
   * Makes the ids of parsed tool calls.
   * @default `call_` + 16 random characters
   */
  generateId?: () => string;
  /**
   * Also report `tool-call-start` as soon as a marker has named its tool, so a UI can show
   * which call is being written while its parameters stream.
   * @default false
   */
  emitToolCallStart?: boolean;
}

/** An incremental `###:{json}` parser: feed it text deltas, then call `end()` once. */
export interface ToolMarkerParser {
  /** Parses one delta; returns the events it completes (text not yet decidable is held back). */
  push(delta: string): MarkerEvent[];
  /** Ends the stream: releases held-back text, reports an unterminated call; resets the parser. */
  end(): MarkerEvent[];
}
