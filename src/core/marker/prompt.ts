import type { ToolSchemas } from '../tools/types';
import { formatToolResultLine } from './result-lines';
import { parameterSignature } from './schema-signature';

export interface ToolMarkerPromptOptions {
  /**
   * `'full'`: the protocol with its rules and sample result lines, then each tool with its
   * description and JSON Schema. `'compact'`: the protocol in one paragraph, then each tool on
   * one line as a signature with its description (`getWeather(city: string, unit?: "celsius" |
   * "fahrenheit") — Current weather…`); parameter descriptions and constraints are left out.
   * For small local models, whose whole context the full prompt would fill.
   * @default 'full'
   */
  style?: 'full' | 'compact';
}

/**
 * The system prompt that teaches a text-only model (no function calling) to call tools with the
 * `###:` marker: the exact syntax, each tool with its description and parameters, the result
 * lines it will receive, and to answer normally when no tool is needed.
 *
 * @example
 * const system = `${mySystemPrompt}\n\n${toolMarkerPrompt(tools)}`;
 * const small = toolMarkerPrompt(tools, { style: 'compact' });
 */
export function toolMarkerPrompt(tools: ToolSchemas, options: ToolMarkerPromptOptions = {}): string {
  return options.style === 'compact' ? compactPrompt(tools) : fullPrompt(tools);
}

function fullPrompt(tools: ToolSchemas): string {
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

function compactPrompt(tools: ToolSchemas): string {
  const entries = Object.entries(tools);
  if (entries.length === 0) return '## Tools\nNo tools are available right now: answer normally.\n';
  const lines = entries.map(([name, tool]) => {
    const description = tool.description?.trim();
    return `- ${name}${parameterSignature(tool.inputSchema)}${description ? ` — ${description}` : ''}`;
  });
  return `## Tools
To call a tool, write ###:{"toolName":"<name>","parameters":{…}} in your answer (valid JSON, one marker per call, never in code), then stop. Results come back as lines "Tool result for <name> (<id>): <JSON>" or "Tool error for <name> (<id>): <message>". If no tool is needed, answer normally.
${lines.join('\n')}
`;
}
