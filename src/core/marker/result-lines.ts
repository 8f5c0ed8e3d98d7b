import type { ToolCallResult } from '../tools/types';

/**
 * Formats one tool result as the single line a text-only model receives:
 *
 * ```
 * Tool result for getWeather (call_1): {"tempC":21}
 * Tool error for getWeathr (call_2): Tool "getWeathr" is not available
 * ```
 *
 * Outputs are JSON (`null` when there is none); line breaks in error texts become spaces so
 * every result stays on one line.
 */
export function formatToolResultLine(result: ToolCallResult): string {
  if (result.ok) return `Tool result for ${result.toolName} (${result.toolCallId}): ${stringifyOutput(result.output)}`;
  return `Tool error for ${result.toolName} (${result.toolCallId}): ${result.error.replace(/\s*[\r\n]+\s*/g, ' ')}`;
}

const LINE = /^Tool (result|error) for (\S+) \((.*?)\): (.*)$/;

/**
 * Reads the result lines `formatToolResultLine` writes, in order; other lines are ignored.
 * A result that is not valid JSON is returned as its text.
 */
export function parseToolResultLines(text: string): ToolCallResult[] {
  const results: ToolCallResult[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, kind, toolName = '', toolCallId = '', rest = ''] = match;
    if (kind === 'error') results.push({ toolCallId, toolName, ok: false, error: rest });
    else results.push({ toolCallId, toolName, ok: true, output: parseOutput(rest) });
  }
  return results;
}

function stringifyOutput(output: unknown): string {
  try {
    return JSON.stringify(output) ?? 'null';
  } catch {
    // Circular or BigInt outputs: the model still gets something readable.
    return JSON.stringify(String(output));
  }
}

function parseOutput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
