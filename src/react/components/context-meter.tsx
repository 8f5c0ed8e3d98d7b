import type { UIMessage } from 'ai';
import { useId } from 'react';
import type { ToolChatSnapshot } from '../../core/chat/types';
import { sumUsage, usageOf, type StreamUsage } from '../../core/loop/usage';
import { useToolChatContext, useToolChatSelector } from '../use-tool-chat';
import { usePartLabels } from './part-labels';
import { percent } from './percent';

/** What the model costs, per million tokens, in one currency. */
export interface TokenPrices {
  /** Per million input tokens. */
  input: number;
  /** Per million output tokens (reasoning included). */
  output: number;
  /**
   * Per million input tokens read from the provider's prompt cache.
   * @default input
   */
  cachedInput?: number;
  /**
   * ISO 4217 code of the prices' currency.
   * @default 'USD'
   */
  currency?: string;
}

export interface ContextMeterProps {
  /** The model's context window, in tokens: the meter shows how full it is. Without it, only the count. */
  window?: number | undefined;
  /** The model's prices: the details add what the conversation has cost. */
  prices?: TokenPrices | undefined;
  className?: string;
}

/** What the meter shows, from the answers' usage metadata. */
interface ContextUsage {
  /** Tokens of the conversation as the model last saw it. */
  context: number;
  /** Every request of the conversation, summed. */
  total: StreamUsage;
}

const perMessage = new WeakMap<UIMessage, { context: number | undefined; usage: StreamUsage | undefined }>();

/** One answer's share: the context after it, and what all its requests used. */
function answerOf(message: UIMessage) {
  let entry = perMessage.get(message);
  if (entry) return entry;
  const metadata = (typeof message.metadata === 'object' && message.metadata !== null ? message.metadata : {}) as Record<string, unknown>;
  const usage = Object.hasOwn(metadata, 'usage') ? usageOf(metadata['usage']) : undefined;
  const answer = (Object.hasOwn(metadata, 'answerUsage') ? usageOf(metadata['answerUsage']) : undefined) ?? usage;
  const contextTokens = metadata['contextTokens'];
  const context =
    typeof contextTokens === 'number' && Number.isFinite(contextTokens) && contextTokens >= 0
      ? contextTokens
      : usage && (usage.inputTokens !== undefined || usage.outputTokens !== undefined)
        ? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)
        : usage?.totalTokens;
  entry = { context, usage: answer };
  perMessage.set(message, entry);
  return entry;
}

function selectUsage(state: ToolChatSnapshot): ContextUsage | undefined {
  let context: number | undefined;
  let total: StreamUsage | undefined;
  for (const message of state.messages) {
    if (message.role !== 'assistant') continue;
    const answer = answerOf(message);
    if (answer.context !== undefined) context = answer.context;
    if (answer.usage) total = sumUsage(total, answer.usage);
  }
  return context === undefined || !total ? undefined : { context, total };
}

const KEYS = ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens'] as const;
const sameUsage = (a: ContextUsage | undefined, b: ContextUsage | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.context === b.context && KEYS.every((key) => a.total[key] === b.total[key]));

/** What `usage` costs at `prices`. */
export function usageCost(usage: StreamUsage, prices: TokenPrices): number {
  const input = usage.inputTokens ?? 0;
  const cached = Math.min(usage.cachedInputTokens ?? 0, input);
  return ((input - cached) * prices.input + cached * (prices.cachedInput ?? prices.input) + (usage.outputTokens ?? 0) * prices.output) / 1_000_000;
}

/**
 * How much of the model's context window the conversation fills, from the usage the answers
 * report in their metadata (`createChatHandler` and toolchat's transports send it), with the
 * chat in context. Opens to the tokens in and out over the whole conversation and, given the
 * model's `prices`, what it has cost. Renders nothing before the first answer reports usage.
 */
export function ContextMeter({ window, prices, className }: ContextMeterProps) {
  const labels = usePartLabels();
  const chat = useToolChatContext();
  const usage = useToolChatSelector(chat, selectUsage, sameUsage);
  const id = useId();
  if (!usage) return null;
  const { context, total } = usage;
  const size = window !== undefined && window > 0 ? window : undefined;
  const full = size === undefined ? undefined : percent(context, size);
  const rows: Array<[string, string]> = [[labels.usageRow.context, labels.tokenCount(context, size)]];
  if (total.inputTokens !== undefined) rows.push([labels.usageRow.input, labels.tokenCount(total.inputTokens)]);
  if (total.cachedInputTokens) rows.push([labels.usageRow.cachedInput, labels.tokenCount(total.cachedInputTokens)]);
  if (total.outputTokens !== undefined) rows.push([labels.usageRow.output, labels.tokenCount(total.outputTokens)]);
  if (total.reasoningTokens) rows.push([labels.usageRow.reasoning, labels.tokenCount(total.reasoningTokens)]);
  if (prices) rows.push([labels.usageRow.cost, labels.cost(usageCost(total, prices), prices.currency ?? 'USD')]);
  return (
    <details className={className ? `toolchat-context ${className}` : 'toolchat-context'} data-state={full === undefined ? undefined : full >= 90 ? 'full' : full >= 70 ? 'filling' : 'ok'}>
      <summary className="toolchat-context-summary">
        <span className="toolchat-visually-hidden" id={id}>
          {labels.contextWindow}
        </span>
        {size !== undefined && <meter className="toolchat-context-meter" aria-labelledby={id} min={0} max={size} low={size * 0.7} high={size * 0.9} optimum={0} value={Math.min(context, size)} />}
        <span className="toolchat-context-used">{labels.contextUsed(context, size)}</span>
      </summary>
      <dl className="toolchat-context-details">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
ContextMeter.displayName = 'ContextMeter';
