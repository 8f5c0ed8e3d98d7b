import { safeValidateUIMessages, type UIMessage } from 'ai';
import * as z from 'zod';
import type { ToolSchemas } from '../core/tools/types';

const toolSchema = z.object({
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
});

/** The body a toolchat client posts: the AI SDK's, plus the tools and the final-round flag. */
const requestBodySchema = z.looseObject({
  id: z.string().optional(),
  messages: z.array(z.looseObject({ id: z.string(), role: z.string(), parts: z.array(z.unknown()) })).min(1, {
    message: 'messages must hold at least one message',
  }),
  tools: z.record(z.string().regex(/^[A-Za-z_][\w-]{0,63}$/, 'tool names are letters, digits, _ and -'), toolSchema).optional(),
  toolsDisabled: z.boolean().optional(),
});

export interface ChatRequest {
  messages: UIMessage[];
  tools: ToolSchemas;
  toolsDisabled: boolean;
}

export type ParseResult = { ok: true; request: ChatRequest } | { ok: false; message: string };

/** Validates a request body; the message names what is wrong. */
export async function parseChatRequest(body: unknown): Promise<ParseResult> {
  const parsed = requestBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: `Invalid request body: ${z.prettifyError(parsed.error)}` };
  const messages = await safeValidateUIMessages({ messages: parsed.data.messages });
  if (!messages.success) return { ok: false, message: `Invalid messages: ${messages.error.message}` };
  return {
    ok: true,
    request: {
      messages: messages.data,
      tools: (parsed.data.tools ?? {}) as ToolSchemas,
      toolsDisabled: parsed.data.toolsDisabled ?? false,
    },
  };
}
