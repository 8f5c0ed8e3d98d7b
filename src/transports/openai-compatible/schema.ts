import * as z from 'zod';

// Lenient on purpose: OpenAI-compatible servers differ in which fields they send, send `null` for
// absent ones, and add their own. Only what the parser reads is typed; everything else passes.
const str = z.string().nullish();
const num = z.number().nullish();

const toolCallDelta = z
  .object({
    index: num,
    id: str,
    type: str,
    function: z.object({ name: str, arguments: str }).passthrough().nullish(),
  })
  .passthrough();

const usage = z
  .object({
    prompt_tokens: num,
    completion_tokens: num,
    total_tokens: num,
    prompt_tokens_details: z.object({ cached_tokens: num }).passthrough().nullish(),
    completion_tokens_details: z.object({ reasoning_tokens: num }).passthrough().nullish(),
  })
  .passthrough()
  .nullish();

const errorField = z.union([z.string(), z.object({ message: z.unknown() }).passthrough()]).nullish();

const delta = z
  .object({
    role: str,
    content: str,
    reasoning_content: str,
    reasoning: str,
    refusal: str,
    tool_calls: z.array(toolCallDelta).nullish(),
  })
  .passthrough();

/** One `chat.completion.chunk` (or an error event) of the OpenAI Chat Completions stream. */
export const openAIChunkSchema = z
  .object({
    id: str,
    model: str,
    choices: z
      .array(z.object({ index: num, delta: delta.nullish(), finish_reason: str }).passthrough())
      .nullish(),
    usage,
    error: errorField,
  })
  .passthrough();

export type OpenAIChunk = z.infer<typeof openAIChunkSchema>;
export type OpenAIToolCallDelta = z.infer<typeof toolCallDelta>;

/** A whole `chat.completion` answer, for servers asked not to stream. */
export const openAICompletionSchema = z
  .object({
    id: str,
    model: str,
    choices: z
      .array(
        z
          .object({
            index: num,
            message: delta.extend({ tool_calls: z.array(toolCallDelta).nullish() }).nullish(),
            finish_reason: str,
          })
          .passthrough(),
      )
      .nullish(),
    usage,
    error: errorField,
  })
  .passthrough();

export type OpenAICompletion = z.infer<typeof openAICompletionSchema>;

/** The message of an OpenAI-style error body: `{ "error": { "message" } }` or `{ "error": "…" }`. */
export function errorFieldMessage(error: z.infer<typeof errorField>): string | undefined {
  if (error == null) return undefined;
  if (typeof error === 'string') return error;
  return typeof error.message === 'string' ? error.message : JSON.stringify(error);
}
