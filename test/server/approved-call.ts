import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { tool, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { createChatHandler, type ChatHandlerOptions } from 'toolchat/server';
import { textResponse, toolCallResponse } from '../support/mock-models';
import { assistantMessage, chatRequest, readChunks } from './chat-stream';

export const SECRET = 'a-test-secret-of-at-least-32-characters';

export const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Clean up the cache' }] };

/** A model that asks to delete `/tmp/cache` when the conversation has only the user's message, and answers "Done." after. */
export function deletingModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }): Promise<{ stream: ReadableStream<LanguageModelV4StreamPart> }> =>
      prompt.some((message) => message.role === 'assistant' || message.role === 'tool')
        ? textResponse('Done.')
        : toolCallResponse([{ toolCallId: 'call_del', toolName: 'deleteFiles', input: { path: '/tmp/cache' } }]),
  });
}

/** The server's `deleteFiles`, which needs approval, counting its runs; `slow` holds each run until released. */
export function deleteFilesTool(options: { slow?: Promise<void> } = {}) {
  const deleted = vi.fn(async ({ path }: { path: string }) => {
    await options.slow;
    return { deleted: path, at: deleted.mock.calls.length };
  });
  return {
    deleted,
    tools: { deleteFiles: tool({ description: 'Delete files', inputSchema: z.object({ path: z.string() }), needsApproval: true, execute: deleted }) },
  };
}

export function approve(message: UIMessage): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      'toolCallId' in part && part.state === 'approval-requested'
        ? ({ ...part, state: 'approval-responded', approval: { ...part.approval, approved: true } } as UIMessage['parts'][number])
        : part,
    ),
  };
}

/** The first turn in chat `chatId`: the model asks to delete; the user approves. Returns the request body that carries the approval. */
export async function approvalBody(handler: (request: Request) => Promise<Response>, chatId: string) {
  const first = await readChunks(await handler(chatRequest({ id: chatId, messages: [user] })));
  expect(first.map((chunk) => chunk.type)).toContain('tool-approval-request');
  return { id: chatId, messages: [user, approve(await assistantMessage(first))] };
}

export function handlerWith(options: ChatHandlerOptions) {
  return createChatHandler({ model: deletingModel(), secret: SECRET, ...options });
}

/** The tool result the stream carries for `call_del`: its output, or its error text. */
export function resultOf(chunks: Awaited<ReturnType<typeof readChunks>>): { output?: unknown; errorText?: string } | undefined {
  const chunk = chunks.find(
    (c) => (c.type === 'tool-output-available' || c.type === 'tool-output-error') && c.toolCallId === 'call_del',
  );
  if (!chunk) return undefined;
  return chunk.type === 'tool-output-available' ? { output: chunk.output } : chunk.type === 'tool-output-error' ? { errorText: chunk.errorText } : undefined;
}
