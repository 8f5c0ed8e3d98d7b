import { act, renderHook, waitFor } from '@testing-library/react';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat } from 'toolchat';
import { calls, deferred, endpoint, text, textOf, toolResultsSent } from './harness';

/** The prompts' user texts, request by request. */
function userTexts(model: MockLanguageModelV4, n: number): string[] {
  return (model.doStreamCalls[n]?.prompt ?? []).flatMap((message) =>
    message.role === 'user' ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])) : [],
  );
}

describe('given two messages sent at once', () => {
  it('sends the second only after the first is answered: one request at a time, nothing lost', async () => {
    const model = new MockLanguageModelV4({ doStream: [text('First answer.'), text('Second answer.')] });
    const server = endpoint(model);
    let inFlight = 0;
    let most = 0;
    const fetch: typeof server.fetch = Object.assign(async (input: RequestInfo | URL, init?: RequestInit) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const response = await server.fetch(input, init);
      // Counted until the whole answer has been read.
      const body = response.body!.pipeThrough(new TransformStream({ flush: () => void inFlight-- }));
      return new Response(body, response);
    }, server.fetch);
    const { result } = renderHook(() => useToolChat({ api: server.api, fetch }));
    await act(async () => {
      void result.current.sendMessage('One');
      void result.current.sendMessage('Two');
    });
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Second answer.'));

    expect(most).toBe(1);
    expect(userTexts(model, 0)).toEqual(['One']);
    expect(userTexts(model, 1)).toEqual(['One', 'Two']);
    expect(result.current.messages.map((message) => textOf(message))).toEqual(['One', 'First answer.', 'Two', 'Second answer.']);
    expect(result.current.queuedMessages).toEqual([]);
  });
});

describe('given a message sent while a tool runs', () => {
  it('queues it, lets the tool finish and the model answer, then sends it', async () => {
    const gate = deferred<{ hits: number }>();
    const runs: string[] = [];
    const tools = {
      search: defineTool({
        inputSchema: z.object({ q: z.string() }),
        execute: async ({ q }) => {
          runs.push(q);
          return gate.promise;
        },
      }),
    };
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'search', input: { q: 'cats' } }), text('3 hits.'), text('Dogs too.')],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, tools }));
    await act(() => result.current.sendMessage('Search cats'));
    await waitFor(() => expect(result.current.activity.state).toBe('executing'));

    // `sendMessage` resolves once the queued message has gone: not awaited here, the tool still runs.
    let sent = false;
    await act(async () => void result.current.sendMessage('And dogs?').then(() => (sent = true)));
    await waitFor(() => expect(result.current.queuedMessages.map((message) => textOf(message))).toEqual(['And dogs?']));
    expect(server.fetch).toHaveBeenCalledTimes(1);

    act(() => gate.resolve({ hits: 3 }));
    expect(result.current.busy).toBe(true);
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Dogs too.'));
    await waitFor(() => expect(sent).toBe(true));
    expect(runs).toEqual(['cats']);
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'json', value: { hits: 3 } });
    expect(userTexts(model, 2)).toEqual(['Search cats', 'And dogs?']);
    expect(result.current.queuedMessages).toEqual([]);
  });
});

describe('given a message sent while a call waits for approval', () => {
  it('sends it at once; the waiting call ends as cancelled and never runs', async () => {
    const runs: string[] = [];
    const tools = {
      deleteFile: defineTool({
        inputSchema: z.object({ path: z.string() }),
        needsApproval: true,
        execute: async ({ path }) => {
          runs.push(path);
          return { deleted: path };
        },
      }),
    };
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/tmp' } }), text('Left it alone.')],
    });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server, tools }));
    await act(() => result.current.sendMessage('Clean /tmp'));
    await waitFor(() => expect(result.current.activity.state).toBe('awaiting-approval'));

    await act(() => result.current.sendMessage('Actually, keep it'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Left it alone.'));
    expect(runs).toEqual([]);
    expect(result.current.getToolCall('c1')?.phase).toBe('cancelled');
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'error-text', value: 'Tool "deleteFile" was cancelled by the user' });
    expect(userTexts(model, 1)).toEqual(['Clean /tmp', 'Actually, keep it']);
  });
});

describe('given a message sent while the answer streams, then Stop', () => {
  it('keeps the message and sends it once the chat is free', async () => {
    const model = new MockLanguageModelV4({ doStream: [text('Long answer.'), text('Short answer.')] });
    const server = endpoint(model);
    const { result } = renderHook(() => useToolChat({ ...server }));
    await act(async () => {
      void result.current.sendMessage('Tell me everything');
      void result.current.sendMessage('Briefly, please');
    });
    act(() => result.current.stop());
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Short answer.'));
    expect(result.current.messages.filter((message) => message.role === 'user').map((message) => textOf(message))).toEqual([
      'Tell me everything',
      'Briefly, please',
    ]);
  });
});
