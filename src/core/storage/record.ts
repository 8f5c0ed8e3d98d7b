import type { UIMessage } from 'ai';
import * as z from 'zod';
import { toCompactMessages } from '../formats/tool-rounds';
import { InvalidChatRecordError, UnsupportedChatRecordVersionError } from './errors';
import { MessageTree } from '../tree/message-tree';
import { CHAT_RECORD_VERSION, type ChatRecord } from './types';
import { chatTitle } from './title';

// Loose objects: fields this version does not know are kept, so nothing read is lost.
const role = z.enum(['system', 'user', 'assistant']);
const metadata = z.record(z.string(), z.unknown());
const approval = z.looseObject({ id: z.string(), approved: z.boolean().optional(), reason: z.string().optional() });

const toolCall = z.looseObject({
  toolCallId: z.string(),
  toolName: z.string().min(1),
  input: z.unknown(),
  dynamic: z.literal(true).optional(),
  title: z.string().optional(),
  providerExecuted: z.boolean().optional(),
  providerMetadata: metadata.optional(),
  approval: approval.optional(),
  inputStreaming: z.looseObject({ rawInput: z.string().optional(), inputEncoding: z.enum(['json', 'text']).optional() }).optional(),
});

const toolResult = z.discriminatedUnion('ok', [
  z.looseObject({ toolCallId: z.string(), toolName: z.string(), ok: z.literal(true), output: z.unknown() }),
  z.looseObject({ toolCallId: z.string(), toolName: z.string(), ok: z.literal(false), error: z.string(), denied: z.literal(true).optional() }),
]);

const partDetails = z.looseObject({ state: z.enum(['streaming', 'done']).optional() }).optional();

const toolRound = z
  .looseObject({
    assistantResponse: z.string().optional(),
    reasoning: z.string().optional(),
    toolCalls: z.array(toolCall),
    results: z.array(toolResult),
    stepStart: z.literal(false).optional(),
    textDetails: partDetails,
    reasoningDetails: partDetails,
  })
  .superRefine((round, context) => {
    const ids = new Set(round.toolCalls.map((call) => call.toolCallId));
    round.results.forEach((result, index) => {
      if (!ids.has(result.toolCallId)) {
        context.addIssue({ code: 'custom', path: ['results', index, 'toolCallId'], message: `no tool call "${result.toolCallId}" in this round` });
      }
    });
  });

const compactMessage = z.looseObject({
  id: z.string(),
  role,
  content: z.string(),
  toolRounds: z.array(toolRound),
  reasoning: z.string().optional(),
  answerLayout: z.enum(['none', 'no-step-start', 'no-text', 'reasoning-only']).optional(),
  textDetails: partDetails,
  reasoningDetails: partDetails,
});

const uiMessage = z.looseObject({ id: z.string(), role, parts: z.array(z.looseObject({ type: z.string() })) });

const branch = z.object({
  parentId: z.string().nullable(),
  index: z.number().int().nonnegative(),
  messages: z.array(z.union([uiMessage, compactMessage])).min(1),
});

const recordV2 = z
  .object({
    version: z.union([z.literal(1), z.literal(CHAT_RECORD_VERSION)]),
    chatId: z.string().min(1),
    revision: z.number().int().nonnegative(),
    updatedAt: z.string(),
    title: z.string().optional(),
    messages: z.array(z.union([uiMessage, compactMessage])),
    branches: z.array(branch).optional(),
    alwaysAllowedTools: z.array(z.string()).optional(),
  })
  .superRefine((record, context) => {
    // One tree: every version answers a message of the record, and no id is there twice.
    try {
      MessageTree.from(record.messages as unknown as UIMessage[], (record.branches ?? []) as never);
    } catch (error) {
      context.addIssue({ code: 'custom', path: ['branches'], message: (error as Error).message });
    }
  });

/** Version 0: an unversioned `{ chatId?, messages: UIMessage[] }`, as a hand-rolled `useChat` persistence keeps it. */
const recordV0 = z.looseObject({ chatId: z.string().min(1).optional(), messages: z.array(uiMessage) });

function invalid(error: z.ZodError, what: string): InvalidChatRecordError {
  return new InvalidChatRecordError(`${what} is not a valid chat record:\n${z.prettifyError(error)}`);
}

/**
 * Reads a stored or imported value as a current `ChatRecord`: validates it and upgrades older
 * versions. Throws `InvalidChatRecordError`, naming the problem, for anything else.
 * @param fallbackChatId the chat id for old records that did not store one.
 */
export function migrate(value: unknown, fallbackChatId?: string): ChatRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidChatRecordError(`A chat record must be an object, got ${Array.isArray(value) ? 'an array' : typeof value}.`);
  }
  const version = (value as { version?: unknown }).version;
  if (version === undefined) {
    const parsed = recordV0.safeParse(value);
    if (!parsed.success) throw invalid(parsed.error, 'An unversioned record');
    const chatId = parsed.data.chatId ?? fallbackChatId;
    if (chatId === undefined) throw new InvalidChatRecordError('An unversioned record has no chatId and none was given.');
    const messages = parsed.data.messages as unknown as UIMessage[];
    const title = chatTitle(messages);
    return {
      version: CHAT_RECORD_VERSION,
      chatId,
      revision: 0,
      updatedAt: new Date(0).toISOString(),
      ...(title ? { title } : {}),
      messages: toCompactMessages(messages),
    };
  }
  if (typeof version === 'number' && Number.isInteger(version) && version > CHAT_RECORD_VERSION) {
    throw new UnsupportedChatRecordVersionError(version, CHAT_RECORD_VERSION);
  }
  const parsed = recordV2.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error, `A version ${String(version)} record`);
  return { ...parsed.data, version: CHAT_RECORD_VERSION } as ChatRecord;
}
