import type { MarkerEvent } from './types';

/** Turns a complete marker (`###:{…}` or a glued `{…}`) into a tool call or a readable error. */
export function interpretMarker(raw: string, toolCallId: string): MarkerEvent {
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
