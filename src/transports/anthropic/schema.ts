import * as z from 'zod';

const num = z.number().nullish();
const usage = z
  .object({ input_tokens: num, output_tokens: num, cache_read_input_tokens: num })
  .passthrough()
  .nullish();

// Lenient: only what the parser reads is typed; new event and block types pass through.
export const anthropicEventSchema = z
  .object({
    type: z.string(),
    index: num,
    message: z.object({ model: z.string().nullish(), usage }).passthrough().nullish(),
    content_block: z
      .object({ type: z.string(), id: z.string().nullish(), name: z.string().nullish(), text: z.string().nullish(), thinking: z.string().nullish() })
      .passthrough()
      .nullish(),
    delta: z
      .object({
        type: z.string().nullish(),
        text: z.string().nullish(),
        partial_json: z.string().nullish(),
        thinking: z.string().nullish(),
        stop_reason: z.string().nullish(),
      })
      .passthrough()
      .nullish(),
    usage,
    error: z.object({ type: z.string().nullish(), message: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough();

export type AnthropicEvent = z.infer<typeof anthropicEventSchema>;
