import type { UIMessage } from 'ai';
import { assistantSteps, messageText, outputJSON, parseDataURL } from './ui-parts';

type AnthropicSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string };

/** A content block of the Anthropic Messages API. */
export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: AnthropicSource }
  | { type: 'document'; source: AnthropicSource; title?: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: true };

/** A message of the Anthropic Messages API. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

/** The `system` and `messages` of an Anthropic Messages request (`POST /v1/messages`). */
export interface AnthropicMessages {
  system?: string;
  messages: AnthropicMessage[];
}

/**
 * AI SDK `UIMessage`s → Anthropic Messages `{ system?, messages }`. System messages become the
 * top-level `system`. Each assistant step becomes an assistant turn with its text and
 * `tool_use` blocks; the results follow in a user turn as `tool_result` blocks (`is_error: true`
 * for failed or denied calls). Consecutive turns of the same role are merged, as the API
 * requires alternating roles. Calls without a result yet and reasoning are left out.
 */
export function toAnthropicMessages(messages: readonly UIMessage[]): AnthropicMessages {
  const system: string[] = [];
  const out: AnthropicMessage[] = [];
  const push = (role: AnthropicMessage['role'], content: AnthropicContentBlock[]) => {
    if (content.length === 0) return;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...content);
    else out.push({ role, content });
  };
  for (const message of messages) {
    if (message.role === 'system') {
      const text = messageText(message);
      if (text !== '') system.push(text);
    } else if (message.role === 'user') {
      push('user', userBlocks(message));
    } else {
      for (const step of assistantSteps(message)) {
        push(
          'assistant',
          step.parts.map((part): AnthropicContentBlock =>
            part.type === 'text'
              ? { type: 'text', text: part.text }
              : { type: 'tool_use', id: part.call.toolCallId, name: part.call.toolName, input: asObject(part.call.input) },
          ),
        );
        push(
          'user',
          step.toolCalls.map((call): AnthropicContentBlock =>
            call.result.ok
              ? { type: 'tool_result', tool_use_id: call.toolCallId, content: outputJSON(call.result.output) }
              : { type: 'tool_result', tool_use_id: call.toolCallId, content: call.result.error, is_error: true },
          ),
        );
      }
    }
  }
  return { ...(system.length > 0 && { system: system.join('\n\n') }), messages: out };
}

function userBlocks(message: UIMessage): AnthropicContentBlock[] {
  const blocks: AnthropicContentBlock[] = [];
  for (const part of message.parts) {
    // The API refuses empty text blocks.
    if (part.type === 'text' && part.text !== '') blocks.push({ type: 'text', text: part.text });
    if (part.type !== 'file') continue;
    const data = parseDataURL(part.url);
    const source: AnthropicSource = data
      ? { type: 'base64', media_type: data.mediaType || part.mediaType, data: data.data }
      : { type: 'url', url: part.url };
    if (part.mediaType.startsWith('image')) blocks.push({ type: 'image', source });
    else blocks.push({ type: 'document', source, ...(part.filename !== undefined && { title: part.filename }) });
  }
  return blocks;
}

/** `tool_use.input` must be an object; an input that never parsed as one is sent as `{}`. */
function asObject(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
