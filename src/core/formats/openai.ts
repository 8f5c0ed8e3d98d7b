import type { UIMessage } from 'ai';
import { assistantSteps, fileParts, messageText, outputJSON, parseDataURL } from './ui-parts';

/** A content part of an OpenAI Chat Completions user message. */
export type OpenAIContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'wav' | 'mp3' } }
  | { type: 'file'; file: { file_data: string; filename?: string } };

/** A tool call of an OpenAI assistant message; `arguments` is JSON text. */
export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message of the OpenAI Chat Completions API (`POST /chat/completions` `messages`). */
export type OpenAIChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/**
 * AI SDK `UIMessage`s → OpenAI Chat Completions `messages`. Each step of an assistant message
 * becomes one assistant message (its text and `tool_calls`), followed by one `role: "tool"`
 * message per call, in the calls' order, with the output as JSON text; a failed or denied call
 * answers `{"error": "…"}`. Calls without a result yet are left out, so the conversation
 * stays one the API accepts. Reasoning is not sent back (the API has no field for it).
 */
export function toOpenAIMessages(messages: readonly UIMessage[]): OpenAIChatMessage[] {
  const out: OpenAIChatMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      out.push({ role: 'system', content: messageText(message) });
    } else if (message.role === 'user') {
      out.push({ role: 'user', content: userContent(message) });
    } else {
      for (const step of assistantSteps(message)) {
        if (step.text === '' && step.toolCalls.length === 0) continue;
        const toolCalls = step.toolCalls.map(
          (call): OpenAIToolCall => ({
            id: call.toolCallId,
            type: 'function',
            function: { name: call.toolName, arguments: outputJSON(call.input) },
          }),
        );
        out.push({ role: 'assistant', content: step.text === '' ? null : step.text, ...(toolCalls.length > 0 && { tool_calls: toolCalls }) });
        for (const call of step.toolCalls) {
          const content = call.result.ok ? outputJSON(call.result.output) : outputJSON({ error: call.result.error });
          out.push({ role: 'tool', tool_call_id: call.toolCallId, content });
        }
      }
    }
  }
  return out;
}

function userContent(message: UIMessage): string | OpenAIContentPart[] {
  const texts = message.parts.filter((part) => part.type === 'text');
  const files = fileParts(message);
  if (files.length === 0 && texts.length <= 1) return texts[0]?.text ?? '';
  const content: OpenAIContentPart[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') content.push({ type: 'text', text: part.text });
    else if (part.type === 'file') content.push(filePart(part.url, part.mediaType, part.filename));
  }
  return content;
}

function filePart(url: string, mediaType: string, filename: string | undefined): OpenAIContentPart {
  if (mediaType.startsWith('image')) return { type: 'image_url', image_url: { url } };
  const data = parseDataURL(url);
  if (data && (mediaType === 'audio/wav' || mediaType === 'audio/mpeg' || mediaType === 'audio/mp3')) {
    return { type: 'input_audio', input_audio: { data: data.data, format: mediaType === 'audio/wav' ? 'wav' : 'mp3' } };
  }
  return { type: 'file', file: { file_data: url, ...(filename !== undefined && { filename }) } };
}
