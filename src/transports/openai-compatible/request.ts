import type { UIMessage } from 'ai';
import * as z from 'zod';
import { toOpenAIMessages, type OpenAIChatMessage } from '../../core/formats/openai';

/** A tool as OpenAI Chat Completions declares it. */
export interface OpenAIFunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters: unknown };
}

// Mirrors `ToolChatRequestBody`; other fields of the chat's request body are not the server's business.
const toolChatBodySchema = z
  .object({
    tools: z.record(z.string(), z.object({ description: z.string().optional(), inputSchema: z.unknown() })).optional(),
    toolsDisabled: z.boolean().optional(),
  })
  .passthrough();

/**
 * The request body toolchat's chat passes per request → OpenAI `tools`. None at all when the
 * round has tools disabled (the forced final answer) or there are none.
 */
export function openAITools(body: object | undefined): OpenAIFunctionTool[] | undefined {
  const parsed = toolChatBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new Error(`Invalid request body for the OpenAI-compatible transport: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  const { tools, toolsDisabled } = parsed.data;
  if (toolsDisabled === true || tools === undefined) return undefined;
  const list = Object.entries(tools).map(
    ([name, tool]): OpenAIFunctionTool => ({
      type: 'function',
      function: {
        name,
        ...(tool.description !== undefined && { description: tool.description }),
        parameters: tool.inputSchema ?? { type: 'object', properties: {} },
      },
    }),
  );
  return list.length > 0 ? list : undefined;
}

export function openAIMessages(system: string | undefined, messages: readonly UIMessage[]): OpenAIChatMessage[] {
  const converted = toOpenAIMessages(messages);
  return system === undefined ? converted : [{ role: 'system', content: system }, ...converted];
}
