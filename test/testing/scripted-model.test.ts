import { APICallError, streamText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool } from 'toolchat/core';
import { createChatHandler } from 'toolchat/server';
import { routeFetch, scriptedModel, scriptedTransport, waitForApproval, waitForIdle } from 'toolchat/testing';

const textOf = (parts: readonly { type: string; text?: string }[] | undefined) =>
  (parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

function body(text: string, extra: object = {}) {
  return JSON.stringify({ id: 'chat-1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }], ...extra });
}

describe('scriptedModel', () => {
  it('answers each call with the next step, for streamText', async () => {
    const model = scriptedModel(['First.', { reasoning: 'Hmm.', text: 'Second.' }]);
    expect(await streamText({ model, prompt: 'one' }).text).toBe('First.');
    const second = streamText({ model, prompt: 'two' });
    expect(await second.text).toBe('Second.');
    expect(await second.reasoningText).toBe('Hmm.');
    expect(model.calls.map((call) => call.userText)).toEqual(['one', 'two']);
    expect(model.remaining).toBe(0);
  });

  it("is a route's model: the browser's tools reach it as the tools it may call, and a call comes back as a chunk", async () => {
    const model = scriptedModel([{ toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] }]);
    const handler = createChatHandler({ model });
    const tools = { getWeather: { description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } } };
    const response = await handler(new Request('http://localhost/api/chat', { method: 'POST', body: body('Weather?', { tools }) }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('"type":"tool-input-available","toolCallId":"call_1","toolName":"getWeather","input":{"city":"Paris"}');
    expect(model.calls[0]).toMatchObject({ index: 0, userText: 'Weather?', toolNames: ['getWeather'], toolResults: [] });
  });

  it('offers no tools on the forced final round', async () => {
    const model = scriptedModel(['In words.']);
    const handler = createChatHandler({ model });
    const tools = { getWeather: { inputSchema: { type: 'object' } } };
    await (await handler(new Request('http://localhost/api/chat', { method: 'POST', body: body('Go', { tools, toolsDisabled: true }) }))).text();
    expect(model.calls[0]?.toolNames).toEqual([]);
  });

  it("fails the route's model call before any output: an HTTP error with its message", async () => {
    const handler = createChatHandler({ model: scriptedModel([{ error: 'Overloaded' }]) });
    const response = await handler(new Request('http://localhost/api/chat', { method: 'POST', body: body('Hi') }));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { message: 'Overloaded' } });
  });

  it("fails as the provider's API did when the error is the AI SDK's APICallError", async () => {
    const error = new APICallError({ message: 'Rate limit reached', url: 'https://api.example.com', requestBodyValues: {}, statusCode: 429, isRetryable: false });
    const handler = createChatHandler({ model: scriptedModel([{ error }]) });
    const response = await handler(new Request('http://localhost/api/chat', { method: 'POST', body: body('Hi') }));
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error: { message: 'Rate limit reached' } });
  });

  it('breaks the stream after its output when the answer has both', async () => {
    const model = scriptedModel([{ text: 'Partial', error: 'Connection reset' }]);
    const parts: string[] = [];
    const result = streamText({ model, prompt: 'x', onError: () => {} });
    for await (const part of result.fullStream) parts.push(part.type === 'error' ? `error: ${(part.error as Error).message}` : part.type);
    expect(parts).toContain('text-delta');
    expect(parts).toContain('error: Connection reset');
  });

  it('refuses a script it cannot answer with when it is made, naming the step and the field', () => {
    expect(() => scriptedModel([{ toolcalls: [] } as never])).toThrow('scriptedModel: answer 1 has an unknown field "toolcalls"');
    expect(() => scriptedModel(['ok', { toolCalls: [{ name: 'x' }] } as never])).toThrow('scriptedModel: answer 2: toolCalls[0] needs a toolName');
    expect(() => scriptedModel('hello' as never)).toThrow('scriptedModel: the script must be an array');
    expect(() => scriptedModel([], { delayMs: -1 })).toThrow('`delayMs` must be a number of at least 0');
  });

  it('says so when the model is called past the end of its script', async () => {
    const model = scriptedModel(['Only answer.']);
    const handler = createChatHandler({ model });
    await (await handler(new Request('http://localhost/api/chat', { method: 'POST', body: body('one') }))).text();
    const response = await handler(new Request('http://localhost/api/chat', { method: 'POST', body: body('two') }));
    expect(await response.json()).toMatchObject({
      error: { message: 'scriptedModel: the script has 1 answer, and the model was called again (call 2, after "two")' },
    });
  });
});

describe('a chat without React, on a scripted transport', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const tools = {
    getWeather: defineTool({
      description: 'Current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, tempC: 17 }),
    }),
    deleteFile: defineTool({
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => ({ deleted: path }),
    }),
  };

  it.each([false, true])('completes a tool round and an approval (fake timers: %s)', async (fake) => {
    if (fake) vi.useFakeTimers();
    const transport = scriptedTransport([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] },
      { text: 'Now the file.', toolCalls: [{ toolName: 'deleteFile', input: { path: '/tmp/a' } }] },
      'Done.',
    ]);
    const chat = createToolChat({ transport, tools });
    void chat.sendMessage('Weather, then delete /tmp/a');

    const call = await waitForApproval(chat, { toolName: 'deleteFile' });
    expect(call).toMatchObject({ toolName: 'deleteFile', toolCallId: 'call_2', input: { path: '/tmp/a' } });
    await expect(waitForIdle(chat)).rejects.toThrow('the chat waits for the user to approve deleteFile (call_2)');
    chat.approve(call.toolCallId);
    const state = await waitForIdle(chat);

    expect(textOf(state.messages.at(-1)?.parts)).toBe('Now the file.Done.');
    expect(transport.requests.map((request) => request.toolsDisabled)).toEqual([false, false, false]);
    expect(transport.model.calls[2]?.toolResults).toMatchObject([{ toolName: 'getWeather', ok: true }, { toolName: 'deleteFile', ok: true, output: { deleted: '/tmp/a' } }]);
    chat.dispose();
  });

  it('runs a slow model under fake timers: the wait advances them', async () => {
    vi.useFakeTimers();
    const chat = createToolChat({ transport: scriptedTransport(['Slowly.'], { delayMs: 1000 }), tools });
    void chat.sendMessage('Hi');
    const state = await waitForIdle(chat, { timeoutMs: 10_000 });
    expect(textOf(state.messages.at(-1)?.parts)).toBe('Slowly.');
    chat.dispose();
  });

  it('gives up with what the chat is doing when time runs out', async () => {
    vi.useFakeTimers();
    const chat = createToolChat({ transport: scriptedTransport(['Too slow.'], { delayMs: 60_000 }), tools });
    void chat.sendMessage('Hi');
    await expect(waitForIdle(chat, { timeoutMs: 1000 })).rejects.toThrow(/^waitForIdle: gave up after 1000 ms of fake time; the chat is (thinking|streaming)/);
    chat.dispose();
  });

  it('says at once that no call waits for approval when the chat went idle without one', async () => {
    const chat = createToolChat({ transport: scriptedTransport(['No tools needed.']), tools });
    void chat.sendMessage('Hi');
    await waitForIdle(chat);
    await expect(waitForApproval(chat, { toolName: 'deleteFile' })).rejects.toThrow('waitForApproval: no call of deleteFile waits for approval, and the chat is idle');
    chat.dispose();
  });
});

describe('routeFetch', () => {
  it("answers a chat's requests with the route handler, relative URLs included", async () => {
    const model = scriptedModel(['From the route.']);
    const chat = createToolChat({ api: '/api/chat', fetch: routeFetch(createChatHandler({ model })) });
    void chat.sendMessage('Hi');
    const state = await waitForIdle(chat);
    expect(textOf(state.messages.at(-1)?.parts)).toBe('From the route.');
    chat.dispose();
  });
});
