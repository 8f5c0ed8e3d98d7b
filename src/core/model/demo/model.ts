import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { LanguageModel } from 'ai';
import type { DemoSource } from './cited';
import { readConversation } from './conversation';
import { DEMO_TOOL_NAMES, decideTurn } from './scenarios';
import { streamParts } from './paced-stream';
import { wait } from './wait';

/** Options of {@link createDemoModel}. */
export interface DemoModelOptions {
  /**
   * Milliseconds between streamed chunks (text words, marker pieces, tool calls), so that a
   * UI shows the answer arriving. `doGenerate` waits this long once.
   * @default 0
   */
  delayMs?: number;
  /**
   * Write tool calls into the text as legacy `###:{"toolName":…,"parameters":…}` markers
   * (for text-only prompts) instead of structured tool calls, and read tool results from
   * `Tool result for <name> (<id>): <json>` / `Tool error for <name> (<id>): <message>`
   * lines in user messages.
   * @default false
   */
  toolMarkers?: boolean;
  /** @default 'toolchat-demo' */
  modelId?: string;
}

interface DemoResponse {
  reasoning?: string;
  text: string;
  sources: DemoSource[];
  suggestions: string[];
  toolCalls: Array<{ toolCallId: string; toolName: string; input: string }>;
  finishReason: LanguageModelV4FinishReason;
  usage: LanguageModelV4Usage;
}

const countWords = (text: string) => text.match(/\S+/g)?.length ?? 0;

function promptWords(prompt: LanguageModelV4Prompt): number {
  let words = 0;
  for (const message of prompt) {
    if (message.role === 'system') {
      words += countWords(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') words += countWords(part.text);
      else if (part.type === 'tool-call') words += countWords(JSON.stringify(part.input) ?? '');
      else if (part.type === 'tool-result') words += countWords(JSON.stringify(part.output));
    }
  }
  return words;
}

/**
 * Small pieces, the way a real model streams: a word with its leading space, and long
 * markers or JSON cut so that a `###:` marker arrives as `#`, `##:{"tool`, ….
 */
function chunk(text: string): string[] {
  const pieces: string[] = [];
  for (const token of text.match(/\s*\S+|\s+$/g) ?? []) {
    if (token.trim().length <= 12 || !/[#{}":]/.test(token)) {
      pieces.push(token);
      continue;
    }
    const lead = token.length - token.trimStart().length + 1;
    pieces.push(token.slice(0, lead));
    for (let at = lead; at < token.length; at += 9) pieces.push(token.slice(at, at + 9));
  }
  return pieces;
}

function respond(call: LanguageModelV4CallOptions, toolMarkers: boolean): DemoResponse {
  const conversation = readConversation(call, { toolMarkers, markerToolNames: DEMO_TOOL_NAMES });
  const turn = decideTurn(conversation);
  const calls = turn.toolCalls.map((toolCall, index) => ({
    toolCallId: `call_${conversation.callCount + index + 1}`,
    toolName: toolCall.toolName,
    input: JSON.stringify(toolCall.input),
  }));

  const markers = toolMarkers
    ? turn.toolCalls.map(({ toolName, input }) => ` ###:${JSON.stringify({ toolName, parameters: input })}`).join('')
    : '';
  const text = turn.text + markers;
  const toolCalls = toolMarkers ? [] : calls;
  const reasoningWords = turn.reasoning === undefined ? 0 : countWords(turn.reasoning);
  const textWords = countWords(text) + toolCalls.reduce((sum, toolCall) => sum + countWords(toolCall.input), 0);
  const inputWords = promptWords(call.prompt);
  return {
    ...(turn.reasoning === undefined ? {} : { reasoning: turn.reasoning }),
    text,
    sources: turn.sources ?? [],
    // A turn that calls tools is not the answer yet: its follow-ups wait for the answer.
    suggestions: turn.toolCalls.length > 0 ? [] : (turn.suggestions ?? []),
    toolCalls,
    finishReason: turn.cutOff
      ? { unified: 'length', raw: 'length' }
      : toolCalls.length > 0
        ? { unified: 'tool-calls', raw: 'tool_calls' }
        : { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: inputWords, noCache: inputWords, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: textWords + reasoningWords, text: textWords, reasoning: reasoningWords },
    },
  };
}

function toStreamParts(response: DemoResponse, modelId: string, responseId: string): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: responseId, modelId },
  ];
  if (response.reasoning !== undefined) {
    parts.push({ type: 'reasoning-start', id: 'reasoning-0' });
    for (const delta of chunk(response.reasoning)) parts.push({ type: 'reasoning-delta', id: 'reasoning-0', delta });
    parts.push({ type: 'reasoning-end', id: 'reasoning-0' });
  }
  if (response.text !== '') {
    parts.push({ type: 'text-start', id: 'text-0' });
    for (const delta of chunk(response.text)) parts.push({ type: 'text-delta', id: 'text-0', delta });
    parts.push({ type: 'text-end', id: 'text-0' });
  }
  parts.push(...extras(response));
  for (const toolCall of response.toolCalls) {
    const id = toolCall.toolCallId;
    parts.push({ type: 'tool-input-start', id, toolName: toolCall.toolName });
    for (const delta of chunk(toolCall.input)) parts.push({ type: 'tool-input-delta', id, delta });
    parts.push({ type: 'tool-input-end', id }, { type: 'tool-call', ...toolCall });
  }
  parts.push({ type: 'finish', finishReason: response.finishReason, usage: response.usage });
  return parts;
}

/** The answer's sources and its follow-ups (as the custom content `createChatHandler` reads them from). */
function extras(response: DemoResponse): Array<LanguageModelV4StreamPart & LanguageModelV4Content> {
  const parts: Array<LanguageModelV4StreamPart & LanguageModelV4Content> = response.sources.map((source) => ({ type: 'source', ...source }));
  if (response.suggestions.length > 0) {
    parts.push({ type: 'custom', kind: 'toolchat.suggestions', providerMetadata: { toolchat: { suggestions: response.suggestions } } });
  }
  return parts;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
}

/**
 * The embedded demo model: a small, deterministic, offline `LanguageModelV4` that
 * understands a handful of requests (weather and time in one or more cities, arithmetic,
 * Fahrenheit conversion, deleting a file, a slow search, an endless tool loop, a story longer
 * than its output limit, "Continue"), calls the tools offered to it for them (several per
 * turn, chained over rounds) and answers from their results, in words. It never
 * calls a tool that was not offered; without tools it answers in text. Use it with
 * `streamText` on the server or in the browser, with the demo tools (`demoTools`) or tools
 * of the same names.
 *
 * @example
 * const result = streamText({ model: createDemoModel(), prompt: "What's the weather in Paris?", tools });
 */
// Typed through `ai`'s own `LanguageModel`, so the model fits the app's `streamText` whichever
// patch of `@ai-sdk/provider` the app's `ai` and toolchat each brought along.
export function createDemoModel(options: DemoModelOptions = {}): Extract<LanguageModel, { specificationVersion: 'v4' }> {
  const { delayMs = 0, toolMarkers = false, modelId = 'toolchat-demo' } = options;
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new TypeError(`createDemoModel: delayMs must be a finite number ≥ 0, got ${String(delayMs)}`);
  }
  const responseId = (call: LanguageModelV4CallOptions) => `demo-response-${call.prompt.length}`;

  return {
    specificationVersion: 'v4',
    provider: 'toolchat-demo',
    modelId,
    supportedUrls: {},

    async doGenerate(call) {
      throwIfAborted(call.abortSignal);
      const response = respond(call, toolMarkers);
      if (delayMs > 0) await wait(delayMs, call.abortSignal);
      const content: LanguageModelV4Content[] = [];
      if (response.reasoning !== undefined) content.push({ type: 'reasoning', text: response.reasoning });
      if (response.text !== '') content.push({ type: 'text', text: response.text });
      content.push(...extras(response));
      for (const toolCall of response.toolCalls) content.push({ type: 'tool-call', ...toolCall });
      return {
        content,
        finishReason: response.finishReason,
        usage: response.usage,
        response: { id: responseId(call), modelId },
        warnings: [],
      };
    },

    async doStream(call) {
      throwIfAborted(call.abortSignal);
      const parts = toStreamParts(respond(call, toolMarkers), modelId, responseId(call));
      return { stream: streamParts(parts, delayMs, call.abortSignal) };
    },
  };
}
