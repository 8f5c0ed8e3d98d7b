import { toAnthropicMessages, type AnthropicMessages } from '../formats/anthropic';
import { toGeminiContents, type GeminiContents } from '../formats/gemini';
import { toOpenAIMessages, type OpenAIChatMessage } from '../formats/openai';
import { fromCompactMessages } from '../formats/tool-rounds';
import { settleInterruptedToolCalls } from './interrupted';
import type { ChatRecord } from './types';

/** Provider wire formats a stored chat can be exported to. */
export type ChatExportFormat = 'openai' | 'anthropic' | 'gemini';

/**
 * A stored chat in a provider's own message format, to replay it on your own backend. Calls
 * cut off by a reload are sent as interrupted errors, so every call has its result.
 */
export function exportChatMessages(record: ChatRecord, format: 'openai'): OpenAIChatMessage[];
export function exportChatMessages(record: ChatRecord, format: 'anthropic'): AnthropicMessages;
export function exportChatMessages(record: ChatRecord, format: 'gemini'): GeminiContents;
export function exportChatMessages(
  record: ChatRecord,
  format: ChatExportFormat,
): OpenAIChatMessage[] | AnthropicMessages | GeminiContents {
  const messages = settleInterruptedToolCalls(fromCompactMessages(record.messages));
  switch (format) {
    case 'openai':
      return toOpenAIMessages(messages);
    case 'anthropic':
      return toAnthropicMessages(messages);
    case 'gemini':
      return toGeminiContents(messages);
  }
}
