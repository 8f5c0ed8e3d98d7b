import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

/** A tool call in a scripted answer. */
export interface ScriptedToolCall {
  toolName: string;
  /** The call's input, sent as JSON. @default {} */
  input?: unknown;
  /** The input exactly as the model writes it, instead of `input`: malformed JSON, to test how it fails. */
  inputText?: string;
  /** @default `call_1`, `call_2`, … counted over the model's calls */
  toolCallId?: string;
}

/** One answer of the model: one model call, which is one round of the tool loop. */
export interface ScriptedAnswer {
  /** Reasoning, streamed before the text. */
  reasoning?: string;
  /** What the model says. */
  text?: string;
  /** Tools the model calls, after its text. */
  toolCalls?: readonly ScriptedToolCall[];
  /**
   * The model call fails with this error. With nothing else in the answer it fails before any
   * output: `createChatHandler` answers with an HTTP error carrying its message (500, or the
   * status of an `APICallError` from `ai`: 429 for a rate limit; one marked `isRetryable` is
   * retried by the AI SDK, each retry taking the next step). With text or calls it fails after
   * them: a stream that breaks.
   */
  error?: string | Error;
  /**
   * Why the model stopped: `'length'` is an answer cut off at its output limit.
   * @default 'tool-calls' when the answer calls tools, else 'stop'
   */
  finishReason?: 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'other';
  /** The tokens the call reports. @default { inputTokens: 10, outputTokens: 5 } */
  usage?: { inputTokens: number; outputTokens: number };
  /**
   * Sources the answer cites, after its text (the AI SDK's `source-url` and `source-document`
   * parts; the text cites the first as `[1]`). Their ids are `source_1`, `source_2`… unless given.
   */
  sources?: readonly ScriptedSource[];
  /** Follow-up prompts the answer offers: its `data-suggestions` part, through `createChatHandler`. */
  suggestions?: readonly string[];
}

/** A source in a scripted answer: a web page, or a document. */
export type ScriptedSource =
  | { url: string; title?: string; id?: string }
  | { title: string; mediaType: string; filename?: string; id?: string };

/** A tool's result as the model read it in the prompt. */
export type ScriptedToolResult = { toolCallId: string; toolName: string; input: unknown } & (
  | { ok: true; output: unknown }
  | {
      ok: false;
      /** What the model was told: the tool's error, or the user's reason for a denial (else `'denied'`). */
      error: string;
      /** The user denied the call. */
      denied: boolean;
    }
);

/** One call of a scripted model: what the model was asked. */
export interface ScriptedModelCall {
  /** Which call this is, from 0. */
  index: number;
  /** The text of the user's last message. */
  userText: string;
  /** The tools the model may call; none on the forced final round. */
  toolNames: string[];
  /** The tool results since the user's last message, in order. */
  toolResults: ScriptedToolResult[];
  /** The whole prompt, as the AI SDK hands it to a model. */
  prompt: LanguageModelV4Prompt;
}

/**
 * One step of a model's script: an answer in text, an answer with tool calls or an error, or a
 * function that decides the answer from the call (to answer from a tool's result).
 */
export type ScriptStep =
  | string
  | ScriptedAnswer
  | ((call: ScriptedModelCall) => string | ScriptedAnswer | PromiseLike<string | ScriptedAnswer>);

/** The model's answers, one per model call, in order. */
export type ModelScript = readonly ScriptStep[];
