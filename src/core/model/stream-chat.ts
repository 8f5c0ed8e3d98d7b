import {
  convertToModelMessages,
  stepCountIs,
  streamText,
  toUIMessageStream,
  type LanguageModel,
  type LanguageModelUsage,
  type ToolApprovalConfiguration,
  type ToolSet as AIToolSet,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { compactUsage, sumUsage, usageBefore, type StreamMetadata } from '../loop/usage';
import { ownRecord } from '../tools/own-record';
import { suggestionsStage } from './suggestions';
import { clientToolSet } from './client-tools';
import type { ToolSchemas } from '../tools/types';

/** One toolchat request, answered by a language model. */
export interface StreamChatOptions {
  model: LanguageModel;
  messages: UIMessage[];
  /**
   * The conversation as the model should see it, when it differs from `messages` (the text-only
   * form of the `###:` marker mode); the answer still continues `messages`.
   * @default messages
   */
  modelMessages?: UIMessage[];
  /** The client's tools: the model may call them, and their calls go back to the browser. */
  tools?: ToolSchemas;
  /** The forced final round: no tool definitions reach the model. */
  toolsDisabled?: boolean;
  /** Instructions for the model (the system prompt). */
  system?: string;
  /** Tools with `execute` that run where this function runs. */
  serverTools?: AIToolSet;
  /**
   * Model steps per request; more than one only helps with server-side tools, since a client
   * tool call always ends the request.
   * @default 5
   */
  maxSteps?: number;
  /**
   * The AI SDK's `toolApproval` for the server tools' calls (the handler's `approvalPolicy`);
   * it takes precedence over the tools' `needsApproval`.
   */
  toolApproval?: ToolApprovalConfiguration<AIToolSet, never>;
  abortSignal?: AbortSignal;
  onError?: (error: unknown) => string;
}

/**
 * Runs the model on the conversation with the client's tools (schemas only, no `execute`) and
 * returns the answer as UI message chunks. The server handler and the in-browser demo
 * transport share it, so both paths behave the same.
 */
export async function streamChat(options: StreamChatOptions): Promise<ReadableStream<UIMessageChunk>> {
  // Null-prototype sets: a call to `constructor` or `__proto__` finds a tool only if one has that name.
  const tools: AIToolSet = Object.assign(ownRecord(), clientToolSet(options.tools ?? {}), options.serverTools);
  const messages = await convertToModelMessages(options.modelMessages ?? options.messages, {
    tools,
    ignoreIncompleteToolCalls: true,
  });
  const result = streamText({
    model: options.model,
    messages,
    tools,
    ...(options.system === undefined ? {} : { instructions: options.system }),
    ...(options.toolsDisabled ? { activeTools: [] } : {}),
    stopWhen: stepCountIs(options.maxSteps ?? 5),
    ...(options.toolApproval === undefined ? {} : { toolApproval: options.toolApproval }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
  });
  const before = usageBefore(options.messages);
  let contextTokens: number | undefined;
  return toUIMessageStream({
    stream: result.stream,
    tools,
    originalMessages: options.messages,
    // What the answer cites (web search, documents) is part of the answer: `SourceList` shows it.
    sendSources: true,
    // Each response's usage: the client's token budget (`maxTokens`) reads it, `ContextMeter`
    // shows it, with the answer's sum over its rounds and the size of the context now.
    messageMetadata: ({ part }) => {
      if (part.type === 'finish-step') {
        const { inputTokens, outputTokens } = part.usage;
        if (inputTokens !== undefined || outputTokens !== undefined) contextTokens = (inputTokens ?? 0) + (outputTokens ?? 0);
        return undefined;
      }
      if (part.type !== 'finish') return undefined;
      const usage = streamUsage(part.totalUsage);
      const metadata: StreamMetadata = {};
      if (usage) {
        metadata.usage = usage;
        metadata.answerUsage = sumUsage(before, usage);
      }
      if (contextTokens !== undefined) metadata.contextTokens = contextTokens;
      return metadata;
    },
    onError: options.onError ?? defaultErrorText,
  }).pipeThrough(suggestionsStage());
}

function streamUsage(usage: LanguageModelUsage) {
  return compactUsage({
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: usage.totalTokens,
    reasoningTokens: usage.outputTokenDetails.reasoningTokens,
    cachedInputTokens: usage.inputTokenDetails.cacheReadTokens,
  });
}

function defaultErrorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
