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
