import type { UIMessage } from 'ai';
import { assistantSteps, messageText, parseDataURL } from './ui-parts';

/** A part of a Gemini `Content`. */
export type GeminiPart =
  | { text: string }
  | { inlineData: { mimeType: string; data: string } }
  | { fileData: { mimeType: string; fileUri: string } }
  | { functionCall: { id?: string; name: string; args: Record<string, unknown> }; thoughtSignature?: string }
  | { functionResponse: { id?: string; name: string; response: { output: unknown } | { error: string } } };

/** A Gemini `Content`: one turn of the conversation. */
export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

/** The `systemInstruction` and `contents` of a Gemini `generateContent` request. */
export interface GeminiContents {
  systemInstruction?: { parts: Array<{ text: string }> };
  contents: GeminiContent[];
}

/**
 * AI SDK `UIMessage`s → Gemini `{ systemInstruction?, contents }`. Assistant steps become
 * `model` turns with `text` and `functionCall` parts; results follow in a `user` turn as
 * `functionResponse` parts whose `response` is `{ output }` or `{ error }` (the keys the
 * API documents). A `thoughtSignature` received with a call is sent back with it, as Gemini 3
 * requires. Calls carry no `id` (Gemini pairs calls and responses by order and name, and our
 * ids are not Gemini's). Same-role turns are merged; calls without a result and reasoning are left out.
 */
export function toGeminiContents(messages: readonly UIMessage[]): GeminiContents {
  const system: Array<{ text: string }> = [];
  const contents: GeminiContent[] = [];
  const push = (role: GeminiContent['role'], parts: GeminiPart[]) => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  for (const message of messages) {
    if (message.role === 'system') {
      const text = messageText(message);
      if (text !== '') system.push({ text });
    } else if (message.role === 'user') {
      push('user', userParts(message));
    } else {
      for (const step of assistantSteps(message)) {
        push(
          'model',
          step.parts.map((part): GeminiPart => {
            if (part.type === 'text') return { text: part.text };
            const signature = part.call.callProviderMetadata?.google?.thoughtSignature;
            return {
              functionCall: { name: part.call.toolName, args: asObject(part.call.input) },
              ...(typeof signature === 'string' && { thoughtSignature: signature }),
            };
          }),
        );
        push(
          'user',
          step.toolCalls.map(
            (call): GeminiPart => ({
              functionResponse: {
                name: call.toolName,
                response: call.result.ok ? { output: call.result.output ?? null } : { error: call.result.error },
              },
            }),
          ),
        );
      }
    }
  }
  return { ...(system.length > 0 && { systemInstruction: { parts: system } }), contents };
}

function userParts(message: UIMessage): GeminiPart[] {
  const parts: GeminiPart[] = [];
  for (const part of message.parts) {
    if (part.type === 'text' && part.text !== '') parts.push({ text: part.text });
    if (part.type !== 'file') continue;
    const data = parseDataURL(part.url);
    parts.push(
      data
        ? { inlineData: { mimeType: data.mediaType || part.mediaType, data: data.data } }
        : { fileData: { mimeType: part.mediaType, fileUri: part.url } },
    );
  }
  return parts;
}

/** `functionCall.args` is a JSON object; an input that never parsed as one is sent as `{}`. */
function asObject(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
