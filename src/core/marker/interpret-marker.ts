import type { MarkerEvent } from './types';

/**
 * Turns a complete marker (`###:{…}` or a glued `{…}`) whose JSON the scanner has checked and
 * whose `"toolName"` it has read into a tool call, or into an error naming the tool.
 */
export function interpretMarker(raw: string, toolCallId: string, toolName: string): MarkerEvent {
  const call = JSON.parse(raw.slice(raw.indexOf('{'))) as { parameters?: unknown };
  const parameters = call.parameters ?? {};
  if (typeof parameters !== 'object' || Array.isArray(parameters)) {
    return {
      type: 'error',
      raw,
      toolCallId,
      toolName,
      message: `Invalid tool call format: "parameters" of ${toolName} must be a JSON object`,
    };
  }
  return { type: 'tool-call', toolCallId, toolName, input: parameters as Record<string, unknown> };
}
