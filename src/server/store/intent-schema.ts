import * as z from 'zod';

/** The longest message id a store keeps (the AI SDK's are 16 characters, UUIDs 36). */
export const MAX_MESSAGE_ID_LENGTH = 128;

const messageId = z.string().min(1).max(MAX_MESSAGE_ID_LENGTH);

/** A request's `intent` (see `ChatIntent`), as the handler validates it. */
export const chatIntentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('send') }),
  z.object({ type: z.literal('tool-results') }),
  z.object({ type: z.literal('edit'), messageId }),
  z.object({ type: z.literal('regenerate'), messageId: messageId.optional() }),
]);
