import * as z from 'zod';

const num = z.number().nullish();

const part = z
  .object({
    text: z.string().nullish(),
    thought: z.boolean().nullish(),
    thoughtSignature: z.string().nullish(),
    functionCall: z.object({ id: z.string().nullish(), name: z.string(), args: z.unknown().optional() }).passthrough().nullish(),
  })
  .passthrough();

// Lenient: only what the parser reads is typed.
export const geminiEventSchema = z
  .object({
    candidates: z
      .array(
        z
          .object({
            content: z.object({ parts: z.array(part).nullish() }).passthrough().nullish(),
            finishReason: z.string().nullish(),
          })
          .passthrough(),
      )
      .nullish(),
    promptFeedback: z.object({ blockReason: z.string().nullish() }).passthrough().nullish(),
    usageMetadata: z
      .object({
        promptTokenCount: num,
        candidatesTokenCount: num,
        totalTokenCount: num,
        thoughtsTokenCount: num,
        cachedContentTokenCount: num,
      })
      .passthrough()
      .nullish(),
    modelVersion: z.string().nullish(),
    error: z.object({ message: z.string().nullish(), status: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough();

export type GeminiEvent = z.infer<typeof geminiEventSchema>;
