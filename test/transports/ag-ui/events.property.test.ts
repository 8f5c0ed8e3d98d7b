import { EventType } from '@ag-ui/core';
import { isToolUIPart, type UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAgUiTransport } from 'toolchat/transports';
import { buildMessage, collect, counterIds } from '../openai-compatible/helpers';
import { sseOf, sseResponse } from './helpers';

// Whatever an agent sends, in whatever order (a model decides much of it), the chat gets a
// well-formed message: one start, one finish, and no call left half-made.

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go' }] };
const tools = { getWeather: { description: 'Weather', inputSchema: { type: 'object' } } };

const messageId = fc.constantFrom('m1', 'm2');
const toolCallId = fc.constantFrom('c1', 'c2', 'c3');
const delta = fc.constantFrom('', 'Hi', ' there', '{"city":', '"Paris"}', '{', '}', 'é');

const event = fc.oneof(
  messageId.map((id) => ({ type: EventType.TEXT_MESSAGE_START, messageId: id, role: 'assistant' })),
  fc.tuple(messageId, delta).map(([id, d]) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: id, delta: d })),
  messageId.map((id) => ({ type: EventType.TEXT_MESSAGE_END, messageId: id })),
  fc.tuple(fc.option(messageId, { nil: undefined }), delta).map(([id, d]) => ({ type: EventType.TEXT_MESSAGE_CHUNK, ...(id && { messageId: id }), delta: d })),
  delta.map((d) => ({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: d })),
  fc.constant({ type: EventType.REASONING_MESSAGE_END, messageId: 'r1' }),
  fc.tuple(toolCallId, fc.constantFrom('getWeather', 'searchDocs')).map(([id, name]) => ({ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name })),
  fc.tuple(toolCallId, delta).map(([id, d]) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: d })),
  toolCallId.map((id) => ({ type: EventType.TOOL_CALL_END, toolCallId: id })),
  fc
    .tuple(fc.option(toolCallId, { nil: undefined }), fc.option(fc.constantFrom('getWeather', 'searchDocs'), { nil: undefined }), delta)
    .map(([id, name, d]) => ({ type: EventType.TOOL_CALL_CHUNK, ...(id && { toolCallId: id }), ...(name && { toolCallName: name }), delta: d })),
  fc.tuple(toolCallId, delta).map(([id, d]) => ({ type: EventType.TOOL_CALL_RESULT, messageId: 'res', toolCallId: id, content: d })),
  fc.constant({ type: EventType.STATE_SNAPSHOT, snapshot: { n: 1, list: [] } }),
  fc.constantFrom([{ op: 'add', path: '/list/-', value: 1 }], [{ op: 'remove', path: '/nope' }], [{ op: 'replace', path: '/n', value: 2 }]).map((patch) => ({
    type: EventType.STATE_DELTA,
    delta: patch,
  })),
  fc.constant({ type: EventType.RUN_ERROR, message: 'failed' }),
  fc.constant({ type: EventType.RUN_FINISHED, threadId: 'chat-1', runId: 'r' }),
  fc.constant({ type: 'SOMETHING_NEW', value: 1 }),
);

describe('any sequence of AG-UI events', () => {
  it('gives a well-formed message with every call settled or handed to the chat', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 30 }), async (events) => {
        const fetch = (async () => sseResponse(sseOf([{ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'r' }, ...events]))) as typeof globalThis.fetch;
        const transport = createAgUiTransport({ url: 'http://127.0.0.1:1/agent', fetch, generateId: counterIds() });
        const chunks = await collect(
          await transport.sendMessages({ trigger: 'submit-message', chatId: 'chat-1', messageId: undefined, messages: [user], abortSignal: undefined, body: { tools } }),
        );
        expect(chunks[0]).toEqual({ type: 'start' });
        expect(chunks.at(-1)?.type).toBe('finish');
        expect(chunks.filter((c) => c.type === 'finish')).toHaveLength(1);
        // The AI SDK's own reader accepts the stream (it throws on a delta without its start);
        // `error` chunks are the chat's to show, and left out here.
        const message = await buildMessage(chunks.filter((c) => c.type !== 'error'));
        for (const part of message.parts.filter(isToolUIPart)) {
          expect(part.state).not.toBe('input-streaming');
          // A result the browser did not make comes only for a call the agent ran itself.
          if (part.state === 'output-available') expect(part.providerExecuted).toBe(true);
        }
        // Each call goes to the chat at most once.
        const handed = chunks.flatMap((c) => (c.type === 'tool-input-available' || c.type === 'tool-input-error' ? [c.toolCallId] : []));
        expect(new Set(handed).size).toBe(handed.length);
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
