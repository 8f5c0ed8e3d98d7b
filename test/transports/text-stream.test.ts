import { Chat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithToolCalls, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { convertReadableStreamToArray } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import type { ToolSchemas } from 'toolchat/core';
import { createTextStreamTransport } from 'toolchat/transports';

function ids() {
  let n = 0;
  return () => `id${++n}`;
}

/** A plain-text streaming response whose byte chunks are cut where the test says. */
function textResponse(chunks: Array<string | Uint8Array>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** A fetch that answers each request with the next response and records the bodies it got. */
function fakeFetch(...responses: Array<() => Response>) {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
}

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };
const send = { trigger: 'submit-message' as const, chatId: 'c1', messageId: undefined, messages: [user], abortSignal: undefined };

// "é" is two bytes in UTF-8: cut between them, and the marker in several places.
const eAcute = new TextEncoder().encode('é');
const markerChunks = [
  'Caf',
  eAcute.slice(0, 1),
  eAcute.slice(1),
  ' check. #',
  '##:{"toolName":"getWea',
  'ther","parameters":{"city":"Par',
  'is"}} One moment.',
];

describe('given an endpoint that streams plain text with a marker', () => {
  it('emits a complete response with the marker as a tool call', async () => {
    const { fetch } = fakeFetch(() => textResponse(markerChunks));
    const transport = createTextStreamTransport({ api: '/api/legacy', fetch, generateId: ids() });
    const chunks = await convertReadableStreamToArray(await transport.sendMessages(send));

    // Consecutive text deltas counted once: how many depends on the decoder.
    expect(chunks.map((c) => c.type).filter((type, i, all) => type !== 'text-delta' || all[i - 1] !== type)).toEqual([
      'start',
      'start-step',
      'text-start',
      'text-delta',
      'text-end',
      'tool-input-start',
      'tool-input-available',
      'text-start',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
    ]);
    const text = chunks.flatMap((c) => (c.type === 'text-delta' ? [c.delta] : [])).join('');
    expect(text).toBe('Café check.  One moment.');
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'tool-input-available', toolCallId: 'id2', toolName: 'getWeather', input: { city: 'Paris' } }),
    );
  });

  it('gives the AI SDK a message with the tool part and no marker text', async () => {
    const { fetch } = fakeFetch(() => textResponse(markerChunks));
    const transport = createTextStreamTransport({ fetch, generateId: ids() });
    let message: UIMessage | undefined;
    for await (const m of readUIMessageStream({ stream: await transport.sendMessages(send), terminateOnError: true })) message = m;
    expect(message?.parts.map((p) => (p.type === 'text' ? p.text : p.type === 'dynamic-tool' ? `${p.toolName}:${p.state}` : p.type))).toEqual([
      'step-start',
      'Café check. ',
      'getWeather:input-available',
      ' One moment.',
    ]);
  });

  it('leaves the marker in the text with toolMarkers: false', async () => {
    const { fetch } = fakeFetch(() => textResponse(markerChunks));
    const transport = createTextStreamTransport({ fetch, toolMarkers: false, generateId: ids() });
    const chunks: UIMessageChunk[] = await convertReadableStreamToArray(await transport.sendMessages(send));
    expect(chunks.some((c) => c.type.startsWith('tool-'))).toBe(false);
    expect(chunks.flatMap((c) => (c.type === 'text-delta' ? [c.delta] : [])).join('')).toContain('###:{"toolName":"getWeather"');
  });

  it('throws the server error for a failed response', async () => {
    const { fetch } = fakeFetch(() => new Response('model overloaded', { status: 503 }));
    const transport = createTextStreamTransport({ fetch });
    await expect(transport.sendMessages(send)).rejects.toThrow(/model overloaded/);
  });
});

describe('given the request it sends', () => {
  const tools: ToolSchemas = {
    getWeather: { description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  };

  it('adds the tools as legacy toolClients when asked', async () => {
    const { fetch, bodies } = fakeFetch(() => textResponse(['ok']));
    const transport = createTextStreamTransport({ fetch, body: () => ({ tools }), legacyToolClients: true });
    await convertReadableStreamToArray(await transport.sendMessages(send));
    expect(bodies[0]).toMatchObject({
      tools,
      toolClients: [
        {
          name: 'getWeather',
          description: 'Weather',
          parameters: [{ name: 'city', type: 'string', description: '', isRequired: true, schema: { type: 'string' } }],
        },
      ],
      id: 'c1',
      messages: [user],
    });
  });

  it('does not add toolClients unless asked', async () => {
    const { fetch, bodies } = fakeFetch(() => textResponse(['ok']));
    const transport = createTextStreamTransport({ fetch, body: { tools } });
    await convertReadableStreamToArray(await transport.sendMessages(send));
    expect(bodies[0]).not.toHaveProperty('toolClients');
  });
});

describe('given a chat on this transport whose tool runs in the browser', () => {
  it('runs the call and sends the result back as text for the next round', async () => {
    const { fetch, bodies } = fakeFetch(
      () => textResponse(markerChunks),
      () => textResponse(['It is 21 °C in Paris.']),
    );
    const chat: Chat<UIMessage> = new Chat<UIMessage>({
      id: 'c1',
      generateId: ids(),
      transport: createTextStreamTransport({ fetch, generateId: ids() }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
      onToolCall: ({ toolCall }) => {
        // Not awaited: the chat is still processing the stream that made this call.
        void chat.addToolOutput({ tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output: { tempC: 21 } });
      },
    });

    await chat.sendMessage({ text: 'Weather in Paris?' });
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    await vi.waitFor(() => expect(chat.status).toBe('ready'));

    const second = bodies[1]?.['messages'] as UIMessage[];
    expect(second.map((m) => [m.role, m.parts.map((p) => (p.type === 'text' ? p.text : p.type))])).toEqual([
      ['user', ['Weather in Paris?']],
      ['assistant', ['Café check. ###:{"toolName":"getWeather","parameters":{"city":"Paris"}} One moment.']],
      ['user', ['Tool result for getWeather (id2): {"tempC":21}']],
    ]);
    const last = chat.messages.at(-1);
    expect(last?.parts.flatMap((p) => (p.type === 'text' ? [p.text] : []))).toEqual(['Café check. ', ' One moment.', 'It is 21 °C in Paris.']);
  });
});
