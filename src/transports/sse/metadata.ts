import type { FinishReason } from 'ai';

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

/** What the wire parsers put in the assistant message's `metadata` at the end of a response. */
export interface StreamMetadata {
  usage?: StreamUsage;
  finishReason?: FinishReason;
  /** The model that answered, as the server names it. */
  model?: string;
}

/** Drops undefined fields, so the metadata has only what the server sent. */
export function compactUsage(usage: { [K in keyof StreamUsage]: number | null | undefined }): StreamUsage | undefined {
  const out: StreamUsage = {};
  for (const [key, value] of Object.entries(usage) as Array<[keyof StreamUsage, number | null | undefined]>) {
    if (typeof value === 'number') out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
