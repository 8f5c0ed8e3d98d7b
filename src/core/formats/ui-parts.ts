import { getToolName, isToolUIPart } from 'ai';
import type { FileUIPart, ProviderMetadata, UIMessage, UIMessagePart, UIDataTypes, UITools } from 'ai';

type Part = UIMessagePart<UIDataTypes, UITools>;

/** A tool call of an assistant message that has its result, in the shape every format needs. */
export interface ResolvedToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  result: { ok: true; output: unknown } | { ok: false; error: string };
  callProviderMetadata: ProviderMetadata | undefined;
}

/** One step of an assistant message: its text and its calls. */
export interface AssistantStep {
  text: string;
  /** Calls with a result. Calls still waiting for one are left out: no provider accepts them. */
  toolCalls: ResolvedToolCall[];
  /** The step's parts in order (text and resolved calls), for formats that keep interleaving. */
  parts: Array<{ type: 'text'; text: string } | { type: 'tool'; call: ResolvedToolCall }>;
}

export type ToolPart = Extract<Part, { toolCallId: string }>;


/** The result of a call, or `undefined` while it has none (streaming, awaiting approval…). */
export function resultOf(part: ToolPart): ResolvedToolCall['result'] | undefined {
  switch (part.state) {
    case 'output-available':
      return { ok: true, output: part.output };
    case 'output-error':
      return { ok: false, error: part.errorText };
    case 'output-denied': {
      const reason = part.approval.reason;
      return { ok: false, error: `The user denied this tool call${reason ? `: ${reason}` : '.'}` };
    }
    default:
      return undefined;
  }
}

/**
 * Splits an assistant message into its steps (`step-start` parts separate them). Reasoning is
 * left out (no format sends it back), and so are provider-executed calls (run by the provider
 * itself, which replays them on its own).
 */
export function assistantSteps(message: UIMessage): AssistantStep[] {
  const steps: AssistantStep[] = [];
  let current: AssistantStep | undefined;
  const step = (): AssistantStep => {
    current ??= { text: '', toolCalls: [], parts: [] };
    return current;
  };
  for (const part of message.parts) {
    if (part.type === 'step-start') {
      if (current) steps.push(current);
      current = undefined;
    } else if (part.type === 'text') {
      const s = step();
      s.text += part.text;
      const last = s.parts.at(-1);
      if (last?.type === 'text') last.text += part.text;
      else if (part.text !== '') s.parts.push({ type: 'text', text: part.text });
    } else if (isToolUIPart(part) && part.providerExecuted !== true) {
      const result = resultOf(part);
      if (!result) continue;
      const call: ResolvedToolCall = {
        toolCallId: part.toolCallId,
        toolName: getToolName(part),
        input: part.input ?? {},
        result,
        callProviderMetadata: part.callProviderMetadata,
      };
      step().toolCalls.push(call);
      step().parts.push({ type: 'tool', call });
    }
  }
  if (current) steps.push(current);
  return steps;
}

/** The text of a message's text parts, joined. */
export function messageText(message: UIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** File parts of a message. */
export function fileParts(message: UIMessage): FileUIPart[] {
  return message.parts.filter((part): part is FileUIPart => part.type === 'file');
}

/** `data:<mediaType>;base64,<data>` → its pieces; `undefined` for other URLs. */
export function parseDataURL(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] ?? '', data: match[2] ?? '' };
}

/** Tool output as the JSON text the providers expect in a result. */
export function outputJSON(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}
