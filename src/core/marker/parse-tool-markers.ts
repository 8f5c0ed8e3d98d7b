import type { ToolCall } from '../tools/types';
import { createToolMarkerParser } from './parser';

/** A whole text with its markers taken out. */
export interface ParsedToolMarkers {
  /** The text without the markers, as a user would see it. */
  text: string;
  toolCalls: Array<ToolCall & { input: Record<string, unknown> }>;
  /** Calls that named their tool and then went wrong; a `###:` that names no tool is text. */
  errors: Array<{ raw: string; message: string; toolName: string }>;
}

export interface ParseToolMarkersOptions {
  /**
   * Makes the ids of the tool calls.
   * @default `call_` + 16 random characters
   */
  generateId?: () => string;
}

/**
 * Parses a complete text: the same result as feeding it to `createToolMarkerParser` in any
 * chunks.
 *
 * @example
 * parseToolMarkers('Let me check. ###:{"toolName":"getWeather","parameters":{"city":"Paris"}}');
 * // { text: 'Let me check. ', toolCalls: [{ toolCallId: 'call_…', toolName: 'getWeather', input: { city: 'Paris' } }], errors: [] }
 */
export function parseToolMarkers(text: string, options: ParseToolMarkersOptions = {}): ParsedToolMarkers {
  const parser = createToolMarkerParser(options.generateId ? { generateId: options.generateId } : {});
  const result: ParsedToolMarkers = { text: '', toolCalls: [], errors: [] };
  for (const event of [...parser.push(text), ...parser.end()]) {
    if (event.type === 'text') result.text += event.text;
    else if (event.type === 'tool-call') {
      result.toolCalls.push({ toolCallId: event.toolCallId, toolName: event.toolName, input: event.input });
    } else if (event.type === 'error') result.errors.push({ raw: event.raw, message: event.message, toolName: event.toolName });
  }
  return result;
}
