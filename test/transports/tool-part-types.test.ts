import { DefaultChatTransport, isToolUIPart, readUIMessageStream, type ChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { defineTool, toolSchemas } from 'toolchat/core';
import {
  createAnthropicStreamTransform,
  createDemoTransport,
  createGeminiStreamTransform,
  createOpenAIChatStreamTransform,
  createOpenAICompatibleTransport,
  createTextStreamTransport,
} from 'toolchat/transports';
import { createChatHandler } from 'toolchat/server';
import { z } from 'zod';
import { toolCallResponse } from '../support/mock-models';

// One browser tool; the model also calls `launchRocket`, which the browser does not have.
const tools = {
  getTime: defineTool({
    description: 'The time in a time zone',
    inputSchema: z.object({ zone: z.string() }),
    execute: ({ zone }) => ({ zone, time: '12:00' }),
  }),
};
const body = { tools: toolSchemas(tools) };
const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Time in Tokyo, and launch the rocket' }] };

/** The message a chat builds from a transport's answer to one request carrying the tools. */
async function answer(transport: ChatTransport<UIMessage>): Promise<UIMessage> {
  const stream = await transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'c1',
    messageId: undefined,
    messages: [user],
    abortSignal: undefined,
    body,
  });
  return lastMessage(stream);
}

async function lastMessage(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage> {
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, terminateOnError: true })) last = message;
  if (!last) throw new Error('no message');
  return last;
}

/** `tool-getTime` for a static part, `dynamic-tool:launchRocket` for a dynamic one. */
function toolPartTypes(message: UIMessage): string[] {
  return message.parts.filter(isToolUIPart).map((part) => (part.type === 'dynamic-tool' ? `dynamic-tool:${part.toolName}` : part.type));
}

function fetchAnswering(response: () => Response): typeof fetch {
  return async () => response();
}

function sse(events: readonly unknown[], done = false): Response {
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');
  return new Response(text, { headers: { 'content-type': 'text/event-stream' } });
}

const openAIStream = () =>
  sse(
    [
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'getTime', arguments: '{"zone":' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"Asia/Tokyo"}' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { name: 'launchRocket', arguments: '{}' } }] } }] },
      { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    ],
    true,
  );

const openAICompletion = () =>
  Response.json({
    id: 'x',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'getTime', arguments: '{"zone":"Asia/Tokyo"}' } },
            { id: 'call_2', type: 'function', function: { name: 'launchRocket', arguments: '{}' } },
          ],
        },
      },
    ],
  });

describe("every transport gives the browser's own tools static tool-<name> parts, and other tools dynamic-tool parts", () => {
  it('the AI SDK endpoint (createChatHandler)', async () => {
    const model = new MockLanguageModelV4({
      doStream: toolCallResponse([
        { toolCallId: 'call_1', toolName: 'getTime', input: { zone: 'Asia/Tokyo' } },
        { toolCallId: 'call_2', toolName: 'launchRocket', input: {} },
      ]),
    });
    const handler = createChatHandler({ model });
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://localhost/api/chat',
      fetch: async (input, init) => handler(new Request(input, init)),
    });
    expect(toolPartTypes(await answer(transport))).toEqual(['tool-getTime', 'dynamic-tool:launchRocket']);
  });

  it.each([true, false])('createOpenAICompatibleTransport (stream: %s)', async (stream) => {
    const transport = createOpenAICompatibleTransport({
      baseURL: 'http://localhost/v1',
      model: 'm',
      stream,
      fetch: fetchAnswering(stream ? openAIStream : openAICompletion),
    });
    expect(toolPartTypes(await answer(transport))).toEqual(['tool-getTime', 'dynamic-tool:launchRocket']);
  });

  it('createTextStreamTransport (the ###: marker)', async () => {
    const text = 'Sure. ###:{"toolName":"getTime","parameters":{"zone":"Asia/Tokyo"}} ###:{"toolName":"launchRocket","parameters":{}}';
    const transport = createTextStreamTransport({ api: 'http://localhost/api/legacy', fetch: fetchAnswering(() => new Response(text)) });
    expect(toolPartTypes(await answer(transport))).toEqual(['tool-getTime', 'dynamic-tool:launchRocket']);
  });

  it('createTextStreamTransport with the tools in its own body', async () => {
    const text = '###:{"toolName":"getTime","parameters":{"zone":"Asia/Tokyo"}}';
    const transport = createTextStreamTransport({ api: 'http://localhost/api/legacy', body, fetch: fetchAnswering(() => new Response(text)) });
    const stream = await transport.sendMessages({ trigger: 'submit-message', chatId: 'c1', messageId: undefined, messages: [user], abortSignal: undefined });
    expect(toolPartTypes(await lastMessage(stream))).toEqual(['tool-getTime']);
  });

  it('createDemoTransport', async () => {
    const transport = createDemoTransport({ delayMs: 0 });
    const stream = await transport.sendMessages({
      trigger: 'submit-message',
      chatId: 'c1',
      messageId: undefined,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What time is it in Tokyo?' }] }],
      abortSignal: undefined,
      body,
    });
    expect(toolPartTypes(await lastMessage(stream))).toEqual(['tool-getTime']);
  });

  it('createAnthropicStreamTransform with toolNames', async () => {
    const events = [
      { type: 'message_start', message: { id: 'm', model: 'claude', usage: { input_tokens: 1, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'getTime', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"zone":"Asia/Tokyo"}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_2', name: 'launchRocket', input: {} } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 5 } },
      { type: 'message_stop' },
    ];
    const stream = sse(events).body!.pipeThrough(createAnthropicStreamTransform({ toolNames: ['getTime'] }));
    expect(toolPartTypes(await lastMessage(stream))).toEqual(['tool-getTime', 'dynamic-tool:launchRocket']);
  });

  it('createGeminiStreamTransform with toolNames', async () => {
    const events = [
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { name: 'getTime', args: { zone: 'Asia/Tokyo' } } }, { functionCall: { name: 'launchRocket', args: {} } }] },
            finishReason: 'STOP',
          },
        ],
      },
    ];
    const stream = sse(events).body!.pipeThrough(createGeminiStreamTransform({ toolNames: ['getTime'] }));
    expect(toolPartTypes(await lastMessage(stream))).toEqual(['tool-getTime', 'dynamic-tool:launchRocket']);
  });

  it('the wire stream stages without toolNames: every call is dynamic', async () => {
    const stream = openAIStream().body!.pipeThrough(createOpenAIChatStreamTransform());
    expect(toolPartTypes(await lastMessage(stream))).toEqual(['dynamic-tool:getTime', 'dynamic-tool:launchRocket']);
  });
});
