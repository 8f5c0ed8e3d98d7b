import { act, renderHook, waitFor } from '@testing-library/react';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAICompatibleTransport, defineTool, useToolChat } from 'toolchat';
import { endpoint, text, textOf, toolParts, toolResultsSent } from './harness';

const runs: unknown[] = [];
const tools = {
  setPrefs: defineTool({
    inputSchema: z.looseObject({ theme: z.string() }),
    execute: async (input) => {
      runs.push(input);
      return { saved: true };
    },
  }),
};

afterEach(() => {
  runs.length = 0;
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

const hostileInput = '{"theme":"dark","__proto__":{"polluted":true}}';

function sse(chunks: string[]): Response {
  return new Response(chunks.map((chunk) => `data: ${chunk}\n\n`).join(''), { headers: { 'content-type': 'text/event-stream' } });
}

describe('given a streamed tool input with a __proto__ key', () => {
  it('through the AI SDK endpoint: fails that call alone, readably; the response and the loop go on', async () => {
    const model = new MockLanguageModelV4({ doStream: [text('Sorry, plain keys only.')] });
    const server = endpoint(model, (n) =>
      n === 1
        ? sse([
            '{"type":"start"}',
            '{"type":"start-step"}',
            '{"type":"text-start","id":"t"}',
            '{"type":"text-delta","id":"t","delta":"Saving. "}',
            '{"type":"text-end","id":"t"}',
            `{"type":"tool-input-available","toolCallId":"c1","toolName":"setPrefs","input":${hostileInput}}`,
            '{"type":"finish-step"}',
            '{"type":"finish"}',
          ])
        : undefined,
    );
    const { result } = renderHook(() => useToolChat({ ...server, tools }));
    await act(() => result.current.sendMessage('Dark mode'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Sorry, plain keys only.'));

    expect(runs).toEqual([]);
    expect(result.current.error).toBeUndefined();
    expect(toolParts(result.current.messages)[0]).toMatchObject({ toolCallId: 'c1', state: 'output-error', errorText: expect.stringContaining('__proto__') });
    expect(toolResultsSent(model, 0).c1).toMatchObject({ type: 'error-text', value: expect.stringContaining('"setPrefs"') });
  });

  it('through an OpenAI-compatible server: fails that call alone, and the model hears why', async () => {
    const bodies: { messages: { role: string; content?: unknown; tool_call_id?: string }[] }[] = [];
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      if (bodies.length === 1) {
        const call = { index: 0, id: 'c1', type: 'function', function: { name: 'setPrefs', arguments: hostileInput } };
        return sse([JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: 'tool_calls' }] }), '[DONE]']);
      }
      return sse([JSON.stringify({ choices: [{ index: 0, delta: { content: 'Try again?' }, finish_reason: 'stop' }] }), '[DONE]']);
    };
    const transport = createOpenAICompatibleTransport({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', fetch });
    const { result } = renderHook(() => useToolChat({ transport, tools }));
    await act(() => result.current.sendMessage('Dark mode'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Try again?'));

    expect(runs).toEqual([]);
    const toolMessage = bodies[1]?.messages.find((message) => message.role === 'tool');
    expect(toolMessage).toMatchObject({ tool_call_id: 'c1', content: expect.stringContaining('__proto__') });
  });

  it('from a ###: marker in the text: fails that call alone', async () => {
    let n = 0;
    const transport: ChatTransport<UIMessage> = {
      async sendMessages() {
        const answer = n++ === 0 ? `Saving. ###:{"toolName":"setPrefs","parameters":${hostileInput}}` : 'Could not save.';
        const chunks: UIMessageChunk[] = [
          { type: 'start' },
          { type: 'start-step' },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: answer },
          { type: 'text-end', id: 't' },
          { type: 'finish-step' },
          { type: 'finish' },
        ];
        return new ReadableStream({ start: (controller) => (chunks.forEach((chunk) => controller.enqueue(chunk)), controller.close()) });
      },
      reconnectToStream: async () => null,
    };
    const { result } = renderHook(() => useToolChat({ transport, tools, toolMarkers: 'on' }));
    await act(() => result.current.sendMessage('Dark mode'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Could not save.'));
    expect(runs).toEqual([]);
  });
});
