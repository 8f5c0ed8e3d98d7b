import type { FinishReason, UIMessage, UIMessageChunk } from 'ai';
import type { LoopUsage } from './events';

/** Token counts as the provider reported them, under one naming for every wire. */
export interface StreamUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** Part of `outputTokens` spent on reasoning, where the provider says. */
  reasoningTokens?: number;
  /** Part of `inputTokens` read from the provider's prompt cache, where the provider says. */
  cachedInputTokens?: number;
}

/**
 * What toolchat reads from (and writes to) an assistant message's `metadata`: the transports
 * and `createChatHandler` send it at the end of each response, the chat adds `answerUsage`.
 */
export interface StreamMetadata {
  /** The latest response's usage (every model step of it). */
  usage?: StreamUsage;
  /**
   * Every response that wrote this message, summed: an answer with tool rounds is one request
   * per round, each paying for the whole conversation again. The chat writes it from `usage`
   * when the response does not (`createChatHandler` does).
   */
  answerUsage?: StreamUsage;
  /**
   * Tokens of the conversation as the model last saw it (its last step's input and output):
   * what the next request starts from.
   * @default usage.inputTokens + usage.outputTokens
   */
  contextTokens?: number;
  finishReason?: FinishReason;
  /** The model that answered, as the server names it. */
  model?: string;
}

const USAGE_KEYS = ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens'] as const;

/** Drops undefined fields, so the metadata has only what the server sent. */
export function compactUsage(usage: { [K in keyof StreamUsage]: number | null | undefined }): StreamUsage | undefined {
  const out: StreamUsage = {};
  for (const key of USAGE_KEYS) {
    const value = usage[key];
    if (typeof value === 'number') out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The usage in `value` (metadata from the network): its counts that are numbers of tokens, or undefined. */
export function usageOf(value: unknown): StreamUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const out: StreamUsage = {};
  for (const key of USAGE_KEYS) {
    const count = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof count === 'number' && Number.isFinite(count) && count >= 0) out[key] = count;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `a + b`, count by count; a count either lacks is the other's. */
export function sumUsage(a: StreamUsage | undefined, b: StreamUsage): StreamUsage {
  if (!a) return b;
  const out: StreamUsage = {};
  for (const key of USAGE_KEYS) {
    const x = a[key];
    const y = b[key];
    if (x !== undefined || y !== undefined) out[key] = (x ?? 0) + (y ?? 0);
  }
  return out;
}

function metadataOf(chunk: UIMessageChunk): unknown {
  return chunk.type === 'finish' || chunk.type === 'start' || chunk.type === 'message-metadata' ? chunk.messageMetadata : undefined;
}

const usageIn = (metadata: unknown): StreamUsage | undefined =>
  typeof metadata === 'object' && metadata !== null && Object.hasOwn(metadata, 'usage') ? usageOf((metadata as { usage: unknown }).usage) : undefined;

/**
 * The usage a response chunk reports in its message metadata (`{ usage }`, as `streamChat`
 * sends it on `finish`), or undefined when it has none.
 */
export function readUsage(chunk: UIMessageChunk): LoopUsage | undefined {
  const usage = usageIn(metadataOf(chunk));
  if (!usage) return undefined;
  const result: LoopUsage = {};
  if (usage.inputTokens !== undefined) result.inputTokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) result.outputTokens = usage.outputTokens;
  if (usage.totalTokens !== undefined) result.totalTokens = usage.totalTokens;
  else if (result.inputTokens !== undefined || result.outputTokens !== undefined) {
    result.totalTokens = (result.inputTokens ?? 0) + (result.outputTokens ?? 0);
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * What the earlier responses of the message a request continues used: the last message when
 * it is the model's (a tool round's results go back and the answer goes on), else nothing.
 */
export function usageBefore(messages: readonly UIMessage[]): StreamUsage | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return undefined;
  const metadata: unknown = last.metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  return (Object.hasOwn(metadata, 'answerUsage') ? usageOf((metadata as { answerUsage: unknown }).answerUsage) : undefined) ?? usageIn(metadata);
}

/**
 * For one response to `messages`: a chunk that reports the response's usage also gets the
 * answer's (`answerUsage`: the earlier responses of the message it continues, plus this one),
 * unless it has it already. Each report counts once however often the response repeats it.
 */
export function answerUsageStage(messages: readonly UIMessage[]): (chunk: UIMessageChunk) => UIMessageChunk {
  const before = usageBefore(messages);
  return (chunk) => {
    const metadata = metadataOf(chunk);
    const usage = usageIn(metadata);
    if (!usage || Object.hasOwn(metadata as object, 'answerUsage')) return chunk;
    return { ...chunk, messageMetadata: { ...(metadata as object), answerUsage: sumUsage(before, usage) } } as UIMessageChunk;
  };
}
