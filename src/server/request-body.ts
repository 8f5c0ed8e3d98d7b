import { safeValidateUIMessages, type UIMessage } from 'ai';
import * as z from 'zod';
import { depthExceeds } from '../core/tools/input-limits';
import { cachedToolDefinitionProblem } from './request/checked-tools';
import { ownRecord } from '../core/tools/own-record';
import type { ToolSchemas } from '../core/tools/types';
import { formatIssues } from './request/client-text';
import type { ChatIntent } from '../core/chat-intent';
import { chatIntentSchema } from './store/intent-schema';

/**
 * Deeper JSON is refused before validation, which recurses. Twice the depth the client keeps
 * of a tool output (64), so a conversation the client made always fits with its envelope.
 */
export const MAX_DEPTH = 128;

/**
 * The body a toolchat client posts: the AI SDK's (`id`, `messages`, `trigger`, `messageId`),
 * plus the tools, the final-round flag and, for a handler with a store, the intent.
 */
const requestBodySchema = z.looseObject({
  id: z.string().optional(),
  messages: z.array(z.looseObject({ id: z.string(), role: z.string(), parts: z.array(z.unknown()) })),
  trigger: z.string().optional(),
  messageId: z.string().optional(),
  intent: chatIntentSchema.optional(),
  // Not `z.record`: it copies entries by assignment, and a tool named `__proto__` vanishes.
  tools: z.custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'expected an object').optional(),
  toolsDisabled: z.boolean().optional(),
});

export interface ChatRequest {
  /** The chat's id, as the AI SDK's transports send it. */
  chatId?: string;
  messages: UIMessage[];
  /** The AI SDK's `trigger` (`submit-message`, `regenerate-message`). */
  trigger?: string;
  /** The AI SDK's `messageId`: the message edited, continued or regenerated. */
  messageId?: string;
  /** What a request to a store asks (see `ChatIntent`); derived from `trigger` when absent. */
  intent?: ChatIntent;
  tools: ToolSchemas;
  toolsDisabled: boolean;
}

export type ParseResult = { ok: true; request: ChatRequest } | { ok: false; message: string };

/**
 * Validates a request body (its JSON text); the message names what is wrong and repeats no
 * more than a short prefix of anything the client sent. `messages` must hold at least
 * `minMessages` (a store's request may hold none: a Regenerate).
 */
export async function parseChatRequest(text: string, { minMessages = 1 }: { minMessages?: number } = {}): Promise<ParseResult> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Invalid request body: not JSON' };
  }
  if (depthExceeds(body, MAX_DEPTH)) return { ok: false, message: `Invalid request body: nested deeper than ${MAX_DEPTH} levels` };
  const parsed = requestBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: `Invalid request body: ${formatIssues(parsed.error.issues)}` };
  if (parsed.data.messages.length < minMessages) return { ok: false, message: 'Invalid request body: messages must hold at least one message' };

  const system = parsed.data.messages.findIndex((message) => message.role === 'system');
  if (system !== -1) {
    return {
      ok: false,
      message: `Invalid request body: messages[${system}] is a system message; the client cannot send those (instructions belong in the handler's system option)`,
    };
  }

  const tools: ToolSchemas = ownRecord();
  for (const [name, definition] of Object.entries(parsed.data.tools ?? {}) as [string, unknown][]) {
    const problem = cachedToolDefinitionProblem(name, definition);
    if (problem !== undefined) return { ok: false, message: problem };
    // Only what the model is told, as the client's JSON came once it passed: a copy of
    // `properties` or `$defs` by assignment would lose an entry named `__proto__`.
    const { description, inputSchema } = definition as ToolSchemas[string];
    tools[name] = description === undefined ? { inputSchema } : { description, inputSchema };
  }

  // The SDK refuses an empty list, which a store's Regenerate may send.
  const messages = parsed.data.messages.length === 0 ? ({ success: true as const, data: [] as UIMessage[] }) : await safeValidateUIMessages({ messages: parsed.data.messages });
  if (!messages.success) {
    // The SDK's message repeats the whole conversation: describe its issues instead.
    const cause = messages.error.cause as { issues?: unknown } | undefined;
    const detail = Array.isArray(cause?.issues)
      ? formatIssues(cause.issues as z.core.$ZodIssue[], ['messages'])
      : 'not valid UI messages';
    return { ok: false, message: `Invalid messages: ${detail}` };
  }
  const badUrl = findBadFileUrl(messages.data);
  if (badUrl) return { ok: false, message: `Invalid messages: ${badUrl} is not a URL` };
  return {
    ok: true,
    request: {
      ...(parsed.data.id === undefined ? {} : { chatId: parsed.data.id }),
      messages: messages.data,
      ...(parsed.data.trigger === undefined ? {} : { trigger: parsed.data.trigger }),
      ...(parsed.data.messageId === undefined ? {} : { messageId: parsed.data.messageId }),
      ...(parsed.data.intent === undefined ? {} : { intent: parsed.data.intent as ChatIntent }),
      tools,
      toolsDisabled: parsed.data.toolsDisabled ?? false,
    },
  };
}

/** The place of a file part whose `url` the model's conversion could not read, if any. */
function findBadFileUrl(messages: UIMessage[]): string | undefined {
  for (const [m, message] of messages.entries()) {
    for (const [p, part] of message.parts.entries()) {
      if (part.type !== 'file') continue;
      try {
        new URL(part.url);
      } catch {
        return `messages[${m}].parts[${p}].url`;
      }
    }
  }
  return undefined;
}
