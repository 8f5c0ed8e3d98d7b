import { getToolName, isToolUIPart, type DynamicToolUIPart, type ToolUIPart, type UIMessage } from 'ai';
import type { ToolCallResult } from '../tools/types';
import { formatToolResultLine } from './result-lines';
import { TOOL_MARKER } from './parser';

type ToolPart = ToolUIPart | DynamicToolUIPart;
type Part = UIMessage['parts'][number];

/**
 * Renders a conversation for a model that only reads text (no tool messages): each tool call
 * of an assistant message becomes its `###:` marker again, in place, and the results of each
 * step follow in a user message, one line per result (see `formatToolResultLine`). A message
 * of several steps becomes alternating assistant and user messages, in order. Calls without a
 * result yet keep only their marker. Messages without tool parts are returned as they are.
 *
 * @example
 * toTextOnlyMessages(messages);
 * // assistant: 'Let me check. ###:{"toolName":"getWeather","parameters":{"city":"Paris"}}'
 * // user:      'Tool result for getWeather (call_1): {"tempC":21}'
 * // assistant: 'It is 21 °C in Paris.'
 */
export function toTextOnlyMessages<MESSAGE extends UIMessage>(messages: MESSAGE[]): MESSAGE[] {
  return messages.flatMap((message) =>
    message.role === 'assistant' && message.parts.some(isToolUIPart) ? splitAssistantMessage(message) : [message],
  );
}

function splitAssistantMessage<MESSAGE extends UIMessage>(message: MESSAGE): MESSAGE[] {
  const out: MESSAGE[] = [];
  for (const [index, step] of splitSteps(message.parts).entries()) {
    const parts: Part[] = [];
    const results: string[] = [];
    for (const part of step) {
      if (isToolUIPart(part)) {
        appendText(parts, markerOf(part));
        const result = resultOf(part);
        if (result) results.push(formatToolResultLine(result));
      } else if (part.type === 'text') appendText(parts, part.text);
      else parts.push(part);
    }
    if (parts.length > 0) {
      out.push({
        ...message,
        id: index === 0 ? message.id : `${message.id}-step-${index}`,
        parts,
      });
    }
    if (results.length > 0) {
      out.push({
        id: `${message.id}-results-${index}`,
        role: 'user',
        parts: [{ type: 'text', text: results.join('\n') }],
      } as MESSAGE);
    }
  }
  return out;
}

function splitSteps(parts: Part[]): Part[][] {
  const steps: Part[][] = [[]];
  for (const part of parts) {
    if (part.type === 'step-start') {
      if (steps[steps.length - 1]?.length) steps.push([]);
    } else steps[steps.length - 1]?.push(part);
  }
  return steps.filter((step) => step.length > 0);
}

/**
 * Text and markers of one step read as one text. They are joined as they are: around a parsed
 * marker that is exactly what the model wrote, and glued markers (`}###:{`) still parse.
 */
function appendText(parts: Part[], text: string): void {
  const last = parts[parts.length - 1];
  if (last?.type === 'text') parts[parts.length - 1] = { ...last, text: last.text + text };
  else parts.push({ type: 'text', text });
}

function markerOf(part: ToolPart): string {
  // A marker that failed to parse goes back exactly as written, so the model sees its mistake.
  if (part.toolMetadata?.['toolMarker'] === 'invalid' && typeof part.input === 'string') return part.input;
  const input = part.input ?? {};
  return `${TOOL_MARKER}${JSON.stringify({ toolName: getToolName(part), parameters: input })}`;
}

function resultOf(part: ToolPart): ToolCallResult | undefined {
  const base = { toolCallId: part.toolCallId, toolName: getToolName(part) };
  switch (part.state) {
    case 'output-available':
      return { ...base, ok: true, output: part.output };
    case 'output-error':
      return { ...base, ok: false, error: part.errorText };
    case 'output-denied': {
      const reason = part.approval.reason;
      return { ...base, ok: false, error: reason ? `denied by the user: ${reason}` : 'denied by the user' };
    }
    default:
      return undefined;
  }
}
