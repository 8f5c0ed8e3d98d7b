import type { TokenUsage } from '@ag-ui/core';
import { compactUsage, type StreamUsage } from '../sse/metadata';

/** `RUN_FINISHED` / `RUN_ERROR` usage (one entry per model call) → one sum, and the model's name. */
export function runUsage(entries: readonly TokenUsage[] | undefined): { usage: StreamUsage | undefined; model: string | undefined } | undefined {
  if (!entries || entries.length === 0) return undefined;
  const sum = (key: keyof TokenUsage) => {
    const values = entries.map((e) => e[key]).filter((v): v is number => typeof v === 'number');
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) : undefined;
  };
  return {
    usage: compactUsage({
      inputTokens: sum('inputTokens'),
      outputTokens: sum('outputTokens'),
      totalTokens: sum('totalTokens'),
      reasoningTokens: sum('reasoningTokens'),
      cachedInputTokens: sum('cachedInputTokens'),
    }),
    model: entries.find((e) => e.model !== undefined)?.model,
  };
}

/** A call's argument text as its input; text that is not JSON stays text, as the agent sent it. */
export function parseArgs(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** A result's content is text (most often JSON) or content parts; JSON text is shown as its value. */
export function resultOutput(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}
