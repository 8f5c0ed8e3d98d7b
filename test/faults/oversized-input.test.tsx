import { act, renderHook, waitFor } from '@testing-library/react';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAICompatibleTransport, defineTool, useToolChat } from 'toolchat';
import { calls, endpoint, text, textOf, toolParts, toolResultsSent } from './harness';

// A conversation carries every call's input into every later request. An input the server
// refuses to read (nested past its 128 levels) or one too large to keep sending would make
// every later request fail, Retry included: the chat would be stuck for good.

const runs: unknown[] = [];
const tools = {
  saveTree: defineTool({
    inputSchema: z.looseObject({}),
    execute: async (input) => {
      runs.push(input);
      return { saved: true };
    },
  }),
};

afterEach(() => {
  runs.length = 0;
});

/** `{ child: { child: … 0 } }`, `levels` objects deep, built without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

describe('given a tool input nested too deep to keep in the conversation', () => {
  it.each([200, 20_000])(
    'through the AI SDK endpoint (%i levels): fails that call alone, and the next request still goes through',
    async (levels) => {
      const model = new MockLanguageModelV4({
        // As JSON text: 20,000 levels are past what `JSON.stringify` can write.
        doStream: [calls({ toolCallId: 'c1', toolName: 'saveTree', input: `{"tree":${'{"child":'.repeat(levels)}0${'}'.repeat(levels)}}` }), text('Let me try a flatter tree.')],
      });
      const server = endpoint(model);
      const { result } = renderHook(() => useToolChat({ ...server, tools }));
      await act(() => result.current.sendMessage('Save my tree'));
      await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Let me try a flatter tree.'));

      expect(runs).toEqual([]);
      expect(result.current.error).toBeUndefined();
      expect(toolParts(result.current.messages)[0]).toMatchObject({
        toolCallId: 'c1',
        state: 'output-error',
        errorText: 'Invalid input for tool "saveTree": it is nested deeper than 64 levels.',
      });
      expect(toolResultsSent(model, 1).c1).toMatchObject({ type: 'error-text', value: expect.stringContaining('nested deeper than 64 levels') });
      expect(depthOf(server.bodies[1]?.messages)).toBeLessThan(128);
    },
  );

  it.each([300, 20_000])('through an OpenAI-compatible server (%i levels): the model hears why, in a request it can read', async (levels) => {
    const bodies: { messages: { role: string; content?: unknown; tool_call_id?: string }[] }[] = [];
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      const sse = (chunk: unknown) =>
        new Response(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`, { headers: { 'content-type': 'text/event-stream' } });
      if (bodies.length === 1) {
        const call = { index: 0, id: 'c1', type: 'function', function: { name: 'saveTree', arguments: `{"tree":${'{"child":'.repeat(levels)}0${'}'.repeat(levels)}}` } };
        return sse({ choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: 'tool_calls' }] });
      }
      return sse({ choices: [{ index: 0, delta: { content: 'Flatter, then.' }, finish_reason: 'stop' }] });
    };
    const transport = createOpenAICompatibleTransport({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', fetch });
    const { result } = renderHook(() => useToolChat({ transport, tools }));
    await act(() => result.current.sendMessage('Save my tree'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Flatter, then.'));

    expect(runs).toEqual([]);
    expect(bodies[1]?.messages.find((message) => message.role === 'tool')).toMatchObject({
      tool_call_id: 'c1',
      content: expect.stringContaining('nested deeper than 64 levels'),
    });
    expect(depthOf(bodies[1])).toBeLessThan(20);
  });

  it.each([300, 20_000])('from a ###: marker in the text (%i levels): fails that call alone', async (levels) => {
    let n = 0;
    const requests: string[] = [];
    const transport: ChatTransport<UIMessage> = {
      async sendMessages({ messages }) {
        requests.push(JSON.stringify(messages));
        const answer = n++ === 0 ? `Saving. ###:{"toolName":"saveTree","parameters":{"tree":${'{"child":'.repeat(levels)}0${'}'.repeat(levels)}}}` : 'Flatter, then.';
        const chunks: UIMessageChunk[] = [
          { type: 'start' },
          { type: 'start-step' },
          { type: 'text-start', id: 't' },
          ...(answer.match(/[\s\S]{1,500}/g) ?? []).map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't', delta })),
          { type: 'text-end', id: 't' },
          { type: 'finish-step' },
          { type: 'finish' },
        ];
        return new ReadableStream({ start: (controller) => (chunks.forEach((chunk) => controller.enqueue(chunk)), controller.close()) });
      },
      reconnectToStream: async () => null,
    };
    const { result } = renderHook(() => useToolChat({ transport, tools, toolMarkers: 'on' }));
    await act(() => result.current.sendMessage('Save my tree'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Flatter, then.'));
    // The marker's own scanner stops at 64 levels, and says so to the model.
    expect(runs).toEqual([]);
    expect(toolParts(result.current.messages)[0]).toMatchObject({ state: 'output-error', errorText: expect.stringContaining('nesting deeper than 64 levels') });
    expect(depthOf(JSON.parse(requests[1] ?? 'null'))).toBeLessThan(128);
  });

  it('runs every input within the limits, whatever its shape', async () => {
    // Inputs up to 60 levels (the limit is 64) reach the tool as the model sent them.
    const json = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.boolean(), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 })),
    })).node;
    await fc.assert(
      fc.asyncProperty(json, fc.integer({ min: 0, max: 55 }), async (leaf, levels) => {
        runs.length = 0;
        let input: unknown = leaf;
        for (let i = 0; i < levels; i++) input = { child: input };
        const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'saveTree', input: { tree: input } }), text('Saved.')] });
        const { result, unmount } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
        await act(() => result.current.sendMessage('Save'));
        await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Saved.'));
        unmount();
        expect(runs).toEqual([JSON.parse(JSON.stringify({ tree: input }))]);
      }),
      { numRuns: 15 },
    );
  });
});

describe('given a tool input over 1 MB of JSON', () => {
  it('fails that call alone and keeps only the start of it, so the conversation stays small', async () => {
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'saveTree', input: { text: 'x'.repeat(1_100_000) } }), text('Shorter, then.')],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, tools }));
    await act(() => result.current.sendMessage('Save a big file'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toContain('Shorter, then.'));

    expect(runs).toEqual([]);
    const part = toolParts(result.current.messages)[0];
    expect(part).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/^Invalid input for tool "saveTree": it is 1,100,\d{3} characters of JSON, over the limit of 1,000,000\.$/) });
    expect(JSON.stringify(server.bodies[1]).length).toBeLessThan(10_000);
  });
});
