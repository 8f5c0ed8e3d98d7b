import type { UIMessageChunk } from 'ai';
import type { LoopUsage } from './events';

/**
 * The usage a response chunk reports in its message metadata (`{ usage }`, as `streamChat`
 * sends it on `finish`), or undefined when it has none.
 */
export function readUsage(chunk: UIMessageChunk): LoopUsage | undefined {
  const metadata =
    chunk.type === 'finish' || chunk.type === 'start' || chunk.type === 'message-metadata' ? chunk.messageMetadata : undefined;
  if (typeof metadata !== 'object' || metadata === null || !('usage' in metadata)) return undefined;
  const usage = (metadata as { usage: unknown }).usage;
  if (typeof usage !== 'object' || usage === null) return undefined;
  const { inputTokens, outputTokens, totalTokens } = usage as Record<string, unknown>;
  const result: LoopUsage = {};
  if (typeof inputTokens === 'number') result.inputTokens = inputTokens;
  if (typeof outputTokens === 'number') result.outputTokens = outputTokens;
  if (typeof totalTokens === 'number') result.totalTokens = totalTokens;
  else if (result.inputTokens !== undefined || result.outputTokens !== undefined) {
    result.totalTokens = (result.inputTokens ?? 0) + (result.outputTokens ?? 0);
  }
  return result;
}
