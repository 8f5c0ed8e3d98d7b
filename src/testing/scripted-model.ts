import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { readConversation, type ToolOutcome } from '../core/model/demo/conversation';
import { streamParts } from '../core/model/demo/paced-stream';
import { checkNumberOption } from '../core/tools/number-options';
import { SUGGESTIONS_KIND } from '../core/model/suggestions';
import type { ModelScript, ScriptedAnswer, ScriptedModelCall, ScriptedToolResult, ScriptStep } from './script';

/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
  /**
   * Milliseconds before each streamed piece (text, reasoning, tool input, call), so a test can
   * see an answer arriving or stop it midway. With fake timers, time you advance.
   * @default 0
   */
  delayMs?: number;
}

/** A model that answers from a script: the AI SDK's `MockLanguageModelV4`, with what each call was asked. */
export type ScriptedModel = MockLanguageModelV4 & {
  /** Every call so far, in order: the user's text, the tools offered, the results the model read. */
  readonly calls: readonly ScriptedModelCall[];
  /** Steps of the script not answered yet. */
  readonly remaining: number;
};

const ANSWER_FIELDS = new Set(['reasoning', 'text', 'toolCalls', 'error', 'finishReason', 'usage', 'sources', 'suggestions']);
const CALL_FIELDS = new Set(['toolName', 'input', 'inputText', 'toolCallId']);

/**
 * A language model that answers from a script, one step per call: for `createChatHandler` in a
 * test (`createChatHandler({ model: scriptedModel([...]) })`), for `streamText`, or in the
 * page through `scriptedTransport`. Each call of a tool loop's round takes the next step; a
 * call past the end of the script fails with an error that says so.
 *
 * @example
 * const model = scriptedModel([
 *   { toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] },
 *   ({ toolResults }) => `It's ${(toolResults[0] as { output: { tempC: number } }).output.tempC}°C in Paris.`,
 * ]);
 */
export function scriptedModel(script: ModelScript, options: ScriptedModelOptions = {}): ScriptedModel {
  if (!Array.isArray(script)) throw new TypeError('scriptedModel: the script must be an array of answers, one per model call');
  script.forEach((step, index) => checkStep(step, index));
  const delayMs = options.delayMs ?? 0;
  checkNumberOption('delayMs', delayMs, { min: 0 });
  const calls: ScriptedModelCall[] = [];
  let callIds = 0;

  const model = new MockLanguageModelV4({
    provider: 'toolchat-scripted',
    modelId: 'scripted',
    doStream: async (options: LanguageModelV4CallOptions) => {
      const call = describeCall(options, calls.length);
      calls.push(call);
      const step = script[call.index];
      if (step === undefined) {
        throw new Error(
          `scriptedModel: the script has ${script.length} answer${script.length === 1 ? '' : 's'}, and the model was called again (call ${call.index + 1}, after "${call.userText.slice(0, 60)}")`,
        );
      }
      const answer = toAnswer(typeof step === 'function' ? await step(call) : step, call.index);
      const toolCalls = (answer.toolCalls ?? []).map((toolCall) => ({
        toolCallId: toolCall.toolCallId ?? `call_${++callIds}`,
        toolName: toolCall.toolName,
        input: toolCall.inputText ?? JSON.stringify(toolCall.input ?? {}),
      }));
      const hasOutput = answer.reasoning !== undefined || answer.text !== undefined || toolCalls.length > 0;
      // Nothing streamed yet: the provider's call itself fails, as an HTTP error would.
      if (answer.error !== undefined && !hasOutput) throw toError(answer.error);
      return { stream: streamParts(toStreamParts(answer, toolCalls), delayMs, options.abortSignal) };
    },
  });
  return Object.defineProperties(model, {
    calls: { get: () => calls, enumerable: true },
    remaining: { get: () => Math.max(0, script.length - calls.length), enumerable: true },
  }) as ScriptedModel;
}

function toStreamParts(
  answer: ScriptedAnswer,
  toolCalls: { toolCallId: string; toolName: string; input: string }[],
): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (answer.reasoning !== undefined) {
    parts.push({ type: 'reasoning-start', id: 'reasoning-0' }, { type: 'reasoning-delta', id: 'reasoning-0', delta: answer.reasoning });
    parts.push({ type: 'reasoning-end', id: 'reasoning-0' });
  }
  if (answer.text !== undefined) {
    parts.push({ type: 'text-start', id: 'text-0' }, { type: 'text-delta', id: 'text-0', delta: answer.text }, { type: 'text-end', id: 'text-0' });
  }
  for (const [index, source] of (answer.sources ?? []).entries()) {
    const id = source.id ?? `source_${index + 1}`;
    parts.push(
      'url' in source
        ? { type: 'source', sourceType: 'url', id, url: source.url, ...(source.title === undefined ? {} : { title: source.title }) }
        : { type: 'source', sourceType: 'document', id, title: source.title, mediaType: source.mediaType, ...(source.filename === undefined ? {} : { filename: source.filename }) },
    );
  }
  if (answer.suggestions !== undefined && answer.suggestions.length > 0) {
    parts.push({ type: 'custom', kind: SUGGESTIONS_KIND, providerMetadata: { toolchat: { suggestions: [...answer.suggestions] } } });
  }
  for (const call of toolCalls) {
    parts.push({ type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName });
    parts.push({ type: 'tool-input-delta', id: call.toolCallId, delta: call.input }, { type: 'tool-input-end', id: call.toolCallId });
    parts.push({ type: 'tool-call', ...call });
  }
  // A stream that breaks has no finish.
  if (answer.error !== undefined) return [...parts, { type: 'error', error: toError(answer.error) }];
  const finishReason = answer.finishReason ?? (toolCalls.length > 0 ? 'tool-calls' : 'stop');
  const { inputTokens, outputTokens } = answer.usage ?? { inputTokens: 10, outputTokens: 5 };
  parts.push({
    type: 'finish',
    finishReason: { unified: finishReason, raw: finishReason },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
    },
  });
  return parts;
}

function describeCall(options: LanguageModelV4CallOptions, index: number): ScriptedModelCall {
  const conversation = readConversation(options, { toolMarkers: false, markerToolNames: [] });
  return {
    index,
    userText: conversation.request,
    toolNames: [...conversation.availableTools],
    toolResults: conversation.outcomes.map(toResult),
    prompt: options.prompt,
  };
}

function toResult({ toolCallId, toolName, input, result }: ToolOutcome): ScriptedToolResult {
  const call = { toolCallId, toolName, input };
  switch (result.status) {
    case 'ok':
      return { ...call, ok: true, output: result.value };
    case 'error':
      return { ...call, ok: false, error: result.message, denied: false };
    case 'denied':
      return { ...call, ok: false, error: result.reason ?? 'denied', denied: true };
  }
}

function toAnswer(step: string | ScriptedAnswer, index: number): ScriptedAnswer {
  if (typeof step === 'string') return { text: step };
  checkAnswer(step, index);
  return step;
}

function toError(error: string | Error): Error {
  return typeof error === 'string' ? new Error(error) : error;
}

/** A step the script cannot answer with is refused when the model is made, not on the call that reaches it. */
function checkStep(step: ScriptStep, index: number): void {
  if (typeof step === 'string' || typeof step === 'function') return;
  checkAnswer(step, index);
}

function checkAnswer(answer: unknown, index: number): void {
  const at = `scriptedModel: answer ${index + 1}`;
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    throw new TypeError(`${at} must be a string, an answer object or a function, got ${answer === null ? 'null' : typeof answer}`);
  }
  for (const key of Object.keys(answer)) {
    if (!ANSWER_FIELDS.has(key)) throw new TypeError(`${at} has an unknown field "${key}" (known: ${[...ANSWER_FIELDS].join(', ')})`);
  }
  const { toolCalls, sources, suggestions } = answer as ScriptedAnswer;
  if (suggestions !== undefined && (!Array.isArray(suggestions) || !suggestions.every((item) => typeof item === 'string'))) {
    throw new TypeError(`${at}: suggestions must be an array of strings`);
  }
  for (const [n, source] of (Array.isArray(sources) ? sources : sources === undefined ? [] : [null]).entries()) {
    const valid =
      typeof source === 'object' &&
      source !== null &&
      (typeof (source as { url?: unknown }).url === 'string' ||
        (typeof (source as { title?: unknown }).title === 'string' && typeof (source as { mediaType?: unknown }).mediaType === 'string'));
    if (!valid) throw new TypeError(`${at}: sources${Array.isArray(sources) ? `[${n}]` : ''} must be { url, title? } or { title, mediaType, filename? }`);
  }
  if (toolCalls === undefined) return;
  if (!Array.isArray(toolCalls)) throw new TypeError(`${at}: toolCalls must be an array`);
  for (const [n, call] of (toolCalls as unknown[]).entries()) {
    if (typeof call !== 'object' || call === null || typeof (call as { toolName?: unknown }).toolName !== 'string') {
      throw new TypeError(`${at}: toolCalls[${n}] needs a toolName`);
    }
    for (const key of Object.keys(call)) {
      if (!CALL_FIELDS.has(key)) throw new TypeError(`${at}: toolCalls[${n}] has an unknown field "${key}" (known: ${[...CALL_FIELDS].join(', ')})`);
    }
  }
}
