import type { OfferedTool } from './named-tool';
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';

/** What became of one tool call, as the model reads it from the prompt. */
export type ToolOutcomeResult =
  | { status: 'ok'; value: unknown }
  | { status: 'error'; message: string }
  | { status: 'denied'; reason?: string };

export interface ToolOutcome {
  toolCallId: string;
  toolName: string;
  /** The call's input when the prompt still holds the call (marker mode may not). */
  input: unknown;
  result: ToolOutcomeResult;
}

/** Everything the demo model decides its turn from. */
export interface Conversation {
  /**
   * The user's request: the last user message that is not a list of tool results, or, when
   * that message only says "Continue", the request it continues.
   */
  request: string;
  /** When the user said "Continue": what the model already wrote for the request, in order. */
  written?: string;
  /** Every tool result after the request, in order. */
  outcomes: ToolOutcome[];
  /** Tool calls anywhere in the prompt: new call ids continue from here. */
  callCount: number;
  /** Tools the model may call this turn. */
  availableTools: ReadonlySet<string>;
  /** The function tools on offer with their descriptions and schemas (none in marker mode). */
  offeredTools: readonly OfferedTool[];
}

/** A message that only asks to go on: the request is the one before it. */
const CONTINUE = /^\s*(?:please\s+)?(?:continue|go on|keep going|carry on)\b(?:\s*,?\s*please)?[\s.!…]*$/i;

const RESULT_LINE = /^\s*Tool (result|error) for ([^\s()]+) \(([^)]*)\):[ \t]?(.*)$/;

/** One parsed `Tool result for name (id): json` / `Tool error for name (id): message` line. */
export interface ToolResultLine {
  toolCallId: string;
  toolName: string;
  result: ToolOutcomeResult;
}

/**
 * Reads the lines in which marker-mode prompts carry tool results back to the model.
 * Lines in other formats are skipped. A result that is not JSON is kept as a string.
 */
export function parseResultLines(text: string): ToolResultLine[] {
  const lines: ToolResultLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = RESULT_LINE.exec(line);
    if (!match) continue;
    const [, kind, toolName = '', toolCallId = '', body = ''] = match;
    lines.push({
      toolCallId,
      toolName,
      result: kind === 'error' ? errorResult(body) : { status: 'ok', value: parseJsonOrText(body) },
    });
  }
  return lines;
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// Text-only prompts have no "denied" result type: a denial arrives as an error that says
// so ("denied by the user: <reason>").
function errorResult(text: string): ToolOutcomeResult {
  // Server-side tools reach the model as `String(error)`: "Error: Unknown city: Atlantis".
  const message = text.replace(/^(?:[A-Z]\w*)?Error: /, '');
  if (!/\bdenied\b/i.test(message)) return { status: 'error', message };
  return denial(message);
}

/**
 * The user's own reason, if any: "The user denied running tool "deleteFile": not now" → "not
 * now". The loop's words name the tool and are no reason a person would say back.
 */
function denial(text: string | undefined): ToolOutcomeResult {
  const said = (text ?? '').trim();
  const reason = /\bdenied\b/i.test(said) ? said.replace(/^.*?\bdenied\b(?: by the user)?(?: running tool "[^"]*")?[:.]?\s*/i, '').trim() : said;
  return reason === '' ? { status: 'denied' } : { status: 'denied', reason };
}

/** The output of a call the user edited comes as `{ note, output }` (toolErrorMessages.edited): the demo answers from the output. */
function unnoted(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes('note') && keys.includes('output') ? (value as { output: unknown }).output : value;
}

function outputResult(output: LanguageModelV4ToolResultOutput): ToolOutcomeResult {
  switch (output.type) {
    case 'json':
    case 'text':
      return { status: 'ok', value: unnoted(output.value) };
    case 'content':
      return { status: 'ok', value: output.value.map((part) => (part.type === 'text' ? part.text : '')).join('') };
    case 'error-text':
      return errorResult(output.value);
    case 'error-json':
      return errorResult(typeof output.value === 'string' ? output.value : JSON.stringify(output.value));
    case 'execution-denied':
      return denial(output.reason);
  }
}

function userText(message: LanguageModelV4Message): string {
  if (message.role !== 'user') return '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/**
 * Reads the prompt: which request to answer, the tool results since, and the tools on
 * offer. With `toolMarkers`, results are also read from `Tool result for …` lines in user
 * messages, and such messages do not count as the user's request.
 */
export function readConversation(
  options: LanguageModelV4CallOptions,
  { toolMarkers, markerToolNames }: { toolMarkers: boolean; markerToolNames: readonly string[] },
): Conversation {
  const { prompt } = options;
  const isResultMessage = (message: LanguageModelV4Message) =>
    toolMarkers && message.role === 'user' && parseResultLines(userText(message)).length > 0;

  let requestIndex = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user' && !isResultMessage(message)) requestIndex = index;
  });
  const isRequest = (message: LanguageModelV4Message) => message.role === 'user' && !isResultMessage(message);
  let request = requestIndex >= 0 ? userText(prompt[requestIndex] as LanguageModelV4Message) : '';
  let written: string | undefined;
  if (CONTINUE.test(request)) {
    // "Continue" (the notice's button under a cut-off answer): the request before it goes on,
    // from what the model has written for it so far.
    const origin = prompt.findLastIndex((message, index) => index < requestIndex && isRequest(message) && !CONTINUE.test(userText(message)));
    if (origin >= 0) {
      request = userText(prompt[origin] as LanguageModelV4Message);
      written = prompt
        .slice(origin + 1, requestIndex)
        .flatMap((message) => (message.role === 'assistant' ? message.content : []))
        .map((part) => (part.type === 'text' ? part.text : ''))
        .join('');
    }
  }

  let callCount = 0;
  const inputs = new Map<string, unknown>();
  const outcomes: ToolOutcome[] = [];
  prompt.forEach((message, index) => {
    const afterRequest = index > requestIndex;
    if (message.role === 'user' && isResultMessage(message)) {
      const lines = parseResultLines(userText(message));
      callCount += lines.length;
      if (afterRequest) outcomes.push(...lines.map((line) => ({ ...line, input: inputs.get(line.toolCallId) })));
      return;
    }
    if (message.role !== 'assistant' && message.role !== 'tool') return;
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        callCount++;
        inputs.set(part.toolCallId, part.input);
      } else if (part.type === 'tool-result' && afterRequest) {
        const { toolCallId, toolName } = part;
        outcomes.push({ toolCallId, toolName, input: inputs.get(toolCallId), result: outputResult(part.output) });
      }
    }
  });

  const available = availableTools(options, toolMarkers, markerToolNames);
  const offeredTools = (options.tools ?? []).flatMap((tool) =>
    tool.type === 'function' && available.has(tool.name)
      ? [{ name: tool.name, inputSchema: tool.inputSchema, ...(tool.description === undefined ? {} : { description: tool.description }) }]
      : [],
  );
  return { request, ...(written === undefined ? {} : { written }), outcomes, callCount, availableTools: available, offeredTools };
}

const TOOLS_DISABLED =
  /\btools? (?:are|is) (?:now )?disabled\b|\bdo not (?:call|use) (?:any )?tools\b|\bno tools are available\b/i;

function availableTools(
  options: LanguageModelV4CallOptions,
  toolMarkers: boolean,
  markerToolNames: readonly string[],
): Set<string> {
  if (options.toolChoice?.type === 'none') return new Set();
  const offered = (options.tools ?? []).filter((tool) => tool.type === 'function').map((tool) => tool.name);
  if (offered.length > 0 || !toolMarkers) return new Set(offered);

  // Marker mode: the tools are described in the system prompt. Without a system prompt,
  // assume the demo tools. A system prompt that does not explain the marker (the forced
  // final round drops it) or says tools are disabled means: answer in text.
  const system = options.prompt
    .flatMap((message) => (message.role === 'system' ? [message.content] : []))
    .join('\n');
  if (system === '') return new Set(markerToolNames);
  if (!system.includes('###:') || TOOLS_DISABLED.test(system)) return new Set();
  const listed = markerToolNames.filter((name) => new RegExp(`\\b${name}\\b`).test(system));
  return new Set(listed.length > 0 ? listed : markerToolNames);
}
