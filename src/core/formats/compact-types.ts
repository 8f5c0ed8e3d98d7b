import type { DynamicToolUIPart, ProviderMetadata, ReasoningUIPart, TextUIPart, UIMessage } from 'ai';
import type { ToolCall, ToolCallResult } from '../tools/types';

/* The compact form of a conversation, as stored and exported; `tool-rounds.ts` converts. */

/** A tool approval as the AI SDK keeps it on a tool part. */
export type ToolApproval = NonNullable<DynamicToolUIPart['approval']>;

/** What a text part carries besides its text, stored only when it differs from `{ state: 'done' }`. */
export type TextPartDetails = Omit<TextUIPart, 'type' | 'text'>;
/** What a reasoning part carries besides its text, stored only when it differs from `{ state: 'done' }`. */
export type ReasoningPartDetails = Omit<ReasoningUIPart, 'type' | 'text'>;

/** A tool call in compact form: the executor's `ToolCall` and what restores its UI part. */
export interface CompactToolCall extends ToolCall {
  /** The call was a `dynamic-tool` part rather than `tool-<name>`. */
  dynamic?: true;
  title?: string;
  toolMetadata?: DynamicToolUIPart['toolMetadata'];
  providerExecuted?: boolean;
  /** The part's `callProviderMetadata` (e.g. Gemini thought signatures, needed to continue). */
  providerMetadata?: ProviderMetadata;
  /** Present while approval is requested or once it was answered. */
  approval?: ToolApproval;
  /** The input was still streaming when the message was stored: the call never completed. */
  inputStreaming?: { rawInput?: string; inputEncoding?: 'json' | 'text' };
}

/**
 * The result of one call. A call without a result (running, awaiting approval, interrupted)
 * simply has none here.
 */
export type CompactToolResult = ToolCallResult & {
  /** The user denied the call (`ok: false`; the reason is in the call's `approval`). */
  denied?: true;
  preliminary?: boolean;
  /** The part's `resultProviderMetadata`. */
  providerMetadata?: ProviderMetadata;
};

/** One tool round: the text streamed before the calls, the calls, and their results. */
export interface ToolRound {
  /** Text the model streamed in this round before its tool calls. */
  assistantResponse?: string;
  reasoning?: string;
  toolCalls: CompactToolCall[];
  results: CompactToolResult[];
  /** `false` when the round continues the previous step instead of starting its own. */
  stepStart?: false;
  textDetails?: TextPartDetails;
  reasoningDetails?: ReasoningPartDetails;
}

/**
 * How the final answer sits in the message, when not the usual "own step with one text part":
 * `'none'` the message ends with a tool round (no answer yet); `'no-step-start'` the text has no
 * step boundary before it; `'no-text'` the final step has no text part (yet);
 * `'reasoning-only'` neither, only reasoning.
 */
export type AnswerLayout = 'none' | 'no-step-start' | 'no-text' | 'reasoning-only';

/** A message in compact tool-round form. */
export interface CompactMessage {
  id: string;
  role: UIMessage['role'];
  metadata?: unknown;
  /** The final answer only: no text of the rounds is repeated here. */
  content: string;
  toolRounds: ToolRound[];
  /** Reasoning streamed before the final answer. */
  reasoning?: string;
  answerLayout?: AnswerLayout;
  textDetails?: TextPartDetails;
  reasoningDetails?: ReasoningPartDetails;
}

/** A conversation as stored: assistant messages compact, others (and exotic ones) as they are. */
export type CompactConversation = Array<CompactMessage | UIMessage>;
