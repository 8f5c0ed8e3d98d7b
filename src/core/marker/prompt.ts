import type { ToolSchemas } from '../tools/types';
import { formatToolResultLine } from './result-lines';

/**
 * The system prompt that teaches a text-only model (no function calling) to call tools with the
 * `###:` marker: the exact syntax, each tool with its description and JSON Schema, the result
 * lines it will receive, and to answer normally when no tool is needed.
 *
 * @example
 * const system = `${mySystemPrompt}\n\n${toolMarkerPrompt(tools)}`;
 */
export function toolMarkerPrompt(tools: ToolSchemas): string {
  const entries = Object.entries(tools);
  const example = entries[0]?.[0] ?? 'toolName';
  const catalogue = entries
    .map(([name, tool]) =>
      [`### ${name}`, tool.description ?? '', `Parameters (JSON Schema): ${JSON.stringify(tool.inputSchema)}`]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n\n');
  const sample = {
    result: formatToolResultLine({ toolCallId: 'call_1', toolName: example, ok: true, output: { example: 'output' } }),
    error: formatToolResultLine({ toolCallId: 'call_2', toolName: example, ok: false, error: 'what went wrong' }),
  };

  return `## Tools

You can call tools. You cannot call them natively: to call one, write this marker in your answer, followed by one JSON object on the same line:

###:{"toolName":"<tool name>","parameters":{<the tool's parameters>}}

Rules:
- "toolName" is one of the tools below; "parameters" is a JSON object matching that tool's schema.
- The JSON must be valid: double quotes, no comments, no trailing commas.
- To call several tools, write one marker per call.
- Never put a marker inside a code block: a marker there is shown as text, not called.
- After your markers, stop and wait. The results come back in the next user message, one line per call:
  ${sample.result}
  ${sample.error}
- Then continue: call more tools if needed, or answer the user from the results.
- If no tool is needed, answer normally without any marker.

${entries.length > 0 ? `Available tools:\n\n${catalogue}` : 'No tools are available right now: answer normally.'}
`;
}
