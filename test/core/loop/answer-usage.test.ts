import type { UIMessage, UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants } from 'toolchat/core';
import { createChatHandler } from 'toolchat/server';
import { scriptedModel, scriptedTransport as modelTransport, waitForIdle } from 'toolchat/testing';
import { answerUsageStage, usageOf } from '../../../src/core/loop/usage';
import { assistantMessage, chatRequest, readChunks } from '../../server/chat-stream';
import { scriptedTransport } from '../chat/script';

const weather = defineTool({
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 21 }),
});

const user = (text: string): UIMessage => ({ id: 'u1', role: 'user', parts: [{ type: 'text', text }] });

/** A response that reports only its own usage, as the OpenAI-compatible and AG-UI transports do. */
function withUsage(chunks: UIMessageChunk[], usage: Record<string, number>): UIMessageChunk[] {
  return chunks.map((chunk) => (chunk.type === 'finish' ? { ...chunk, messageMetadata: { usage } } : chunk));
}

const callWeather: UIMessageChunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } },
  { type: 'finish-step' },
  { type: 'finish' },
];
const answerText: UIMessageChunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Sunny.' },
  { type: 'text-end', id: 't' },
  { type: 'finish-step' },
  { type: 'finish' },
];

describe('the usage of an answer with tool rounds', () => {
  it('sums every response that wrote the answer into its metadata (answerUsage), beside the latest response (usage)', async () => {
    const { transport } = scriptedTransport([
      withUsage(callWeather, { inputTokens: 100, outputTokens: 10, totalTokens: 110, cachedInputTokens: 40 }),
      withUsage(answerText, { inputTokens: 130, outputTokens: 20, totalTokens: 150 }),
    ]);
    const chat = createToolChat({ transport, tools: { getWeather: weather }, grants: memoryGrants() });
    await chat.sendMessage('Weather in Paris?');
    await waitForIdle(chat);
    const metadata = chat.getState().messages.at(-1)?.metadata;
    expect(metadata).toMatchObject({
      usage: { inputTokens: 130, outputTokens: 20, totalTokens: 150 },
      answerUsage: { inputTokens: 230, outputTokens: 30, totalTokens: 260, cachedInputTokens: 40 },
    });
    chat.dispose();
  });

  it('counts the rounds through createChatHandler too, with the size of the context the model last saw', async () => {
    const model = scriptedModel([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }], usage: { inputTokens: 100, outputTokens: 10 } },
      { text: 'Sunny.', usage: { inputTokens: 130, outputTokens: 20 } },
    ]);
    const chat = createToolChat({ transport: modelTransport(model), tools: { getWeather: weather }, grants: memoryGrants() });
    await chat.sendMessage('Weather in Paris?');
    await waitForIdle(chat);
    expect(chat.getState().messages.at(-1)?.metadata).toMatchObject({
      usage: { inputTokens: 130, outputTokens: 20, totalTokens: 150 },
      answerUsage: { inputTokens: 230, outputTokens: 30, totalTokens: 260 },
      contextTokens: 150,
    });
    chat.dispose();
  });

  it('starts a new sum for a new answer', async () => {
    const { transport } = scriptedTransport([
      withUsage(answerText, { inputTokens: 10, outputTokens: 5 }),
      withUsage(answerText, { inputTokens: 20, outputTokens: 5 }),
    ]);
    const chat = createToolChat({ transport, grants: memoryGrants() });
    await chat.sendMessage('One');
    await waitForIdle(chat);
    await chat.sendMessage('Two');
    await waitForIdle(chat);
    const answers = chat.getState().messages.filter((message) => message.role === 'assistant');
    expect(answers.map((message) => (message.metadata as { answerUsage: unknown }).answerUsage)).toEqual([
      { inputTokens: 10, outputTokens: 5 },
      { inputTokens: 20, outputTokens: 5 },
    ]);
    chat.dispose();
  });

  it('counts a response that repeats its usage once', () => {
    const stage = answerUsageStage([
      user('Hi'),
      { id: 'a1', role: 'assistant', parts: [], metadata: { usage: { inputTokens: 5 }, answerUsage: { inputTokens: 7 } } },
    ]);
    const report: UIMessageChunk = { type: 'message-metadata', messageMetadata: { usage: { inputTokens: 3 } } };
    expect(stage(report)).toMatchObject({ messageMetadata: { answerUsage: { inputTokens: 10 } } });
    expect(stage({ type: 'finish', messageMetadata: { usage: { inputTokens: 3 } } })).toMatchObject({ messageMetadata: { answerUsage: { inputTokens: 10 } } });
  });

  it('reads only counts of tokens from metadata, whatever else a server sends', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const usage = usageOf(value);
        if (usage === undefined) return;
        for (const count of Object.values(usage)) expect(Number.isFinite(count) && count >= 0).toBe(true);
        expect(Object.keys(usage).every((key) => ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens'].includes(key))).toBe(true);
      }),
    );
    expect(usageOf({ inputTokens: -1, outputTokens: Number.NaN, totalTokens: '5' })).toBeUndefined();
    expect(usageOf(Object.assign(Object.create({ inputTokens: 5 }) as object, { outputTokens: 2 }))).toEqual({ outputTokens: 2 });
  });
});

describe('sources and follow-ups through createChatHandler', () => {
  it("streams the model's sources as source parts and its follow-ups as a data-suggestions part", async () => {
    const model = scriptedModel([
      {
        text: 'React [1] and a design note [2].',
        sources: [
          { url: 'https://react.dev/learn', title: 'React' },
          { title: 'Design notes', mediaType: 'application/pdf', filename: 'design.pdf' },
        ],
        suggestions: ['  Tell me more ', 'Tell me more', '', 'What else?'],
      },
    ]);
    const handler = createChatHandler({ model });
    const chunks = await readChunks(await handler(chatRequest({ messages: [user('Cite sources')] })));
    const message = await assistantMessage(chunks);
    expect(message.parts.filter((part) => part.type !== 'step-start' && part.type !== 'text')).toEqual([
      { type: 'source-url', sourceId: 'source_1', url: 'https://react.dev/learn', title: 'React' },
      { type: 'source-document', sourceId: 'source_2', mediaType: 'application/pdf', title: 'Design notes', filename: 'design.pdf' },
      { type: 'data-suggestions', data: ['Tell me more', 'What else?'] },
    ]);
  });
});
