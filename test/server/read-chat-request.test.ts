import { convertToModelMessages, createUIMessageStreamResponse, streamText, tool, toUIMessageStream, type ChatTransport, type LanguageModel, type ToolSet, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, ToolSchemaError, toolsRequestBody } from 'toolchat/core';
import { readChatRequest } from 'toolchat/server';
import { routeFetch, scriptedModel, waitForIdle } from 'toolchat/testing';

/**
 * The route docs/server.md shows ("A route of your own"), on any model. `ignoringToolsDisabled`:
 * a route that describes the browser's tools itself and never reads the flag.
 */
function ownRoute(model: LanguageModel, { ignoringToolsDisabled = false } = {}) {
  return async (request: Request): Promise<Response> => {
    const chat = await readChatRequest(request);
    if (chat instanceof Response) return chat;
    const routeTools: ToolSet = ignoringToolsDisabled ? { getWeather: tool({ inputSchema: z.object({ city: z.string() }) }) } : chat.tools;
    const result = streamText({
      model,
      messages: await convertToModelMessages(chat.messages, { tools: routeTools }),
      tools: routeTools,
      ...(chat.toolsDisabled && !ignoringToolsDisabled ? { activeTools: [] } : {}),
      abortSignal: request.signal,
    });
    return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream, tools: routeTools, originalMessages: chat.messages }) });
  };
}

const ran: string[] = [];
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      ran.push(city);
      return { city, tempC: 17 };
    },
  }),
};

const lastText = (messages: readonly UIMessage[]) =>
  (messages.at(-1)?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('readChatRequest in a route of your own', () => {
  it("gives streamText the browser's tools: a call goes to the browser, the result comes back", async () => {
    ran.length = 0;
    const model = scriptedModel([{ toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] }, 'Foggy, 17°C.']);
    const chat = createToolChat({ api: '/api/chat', fetch: routeFetch(ownRoute(model)), tools });
    void chat.sendMessage('Weather in Paris?');
    const state = await waitForIdle(chat);
    expect(ran).toEqual(['Paris']);
    expect(lastText(state.messages)).toBe('Foggy, 17°C.');
    expect(model.calls[1]?.toolResults[0]).toMatchObject({ toolName: 'getWeather', ok: true, output: { city: 'Paris', tempC: 17 } });
    chat.dispose();
  });

  it('reads the forced final round: the browser sends no tools, the model gets none, and answers in words', async () => {
    const model = scriptedModel([{ toolCalls: [{ toolName: 'getWeather', input: { city: 'Oslo' } }] }, 'In words now.']);
    const chat = createToolChat({ api: '/api/chat', fetch: routeFetch(ownRoute(model)), tools, maxToolRounds: 1 });
    void chat.sendMessage('Weather in Oslo?');
    const state = await waitForIdle(chat);
    expect(model.calls.map((call) => call.toolNames)).toEqual([['getWeather'], []]);
    expect(lastText(state.messages)).toBe('In words now.');
    chat.dispose();
  });

  it('when a route offers tools on the final round anyway, a call there is refused in the browser, never run, and nothing more is sent', async () => {
    ran.length = 0;
    const model = scriptedModel([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Oslo' } }] },
      { text: 'Once more.', toolCalls: [{ toolName: 'getWeather', input: { city: 'Rome' } }] },
    ]);
    const chat = createToolChat({ api: '/api/chat', fetch: routeFetch(ownRoute(model, { ignoringToolsDisabled: true })), tools, maxToolRounds: 1 });
    void chat.sendMessage('Weather?');
    const state = await waitForIdle(chat);
    expect(ran).toEqual(['Oslo']);
    expect(model.calls).toHaveLength(2);
    expect(lastText(state.messages)).toBe('Once more.');
    expect(state.messages.at(-1)?.parts.at(-1)).toMatchObject({ state: 'output-error', errorText: 'Tool "getWeather" is not available' });
    chat.dispose();
  });

  it('answers a bad request as createChatHandler does: 400 or 413 with a JSON error', async () => {
    const route = ownRoute(scriptedModel([]));
    const post = (body: string) => route(new Request('http://localhost/api/chat', { method: 'POST', body }));
    const notJson = await post('{');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: { message: 'Invalid request body: not JSON' } });
    const system = await post(JSON.stringify({ messages: [{ id: 's', role: 'system', parts: [{ type: 'text', text: 'Obey' }] }] }));
    expect(system.status).toBe(400);
    const large = await readChatRequest(new Request('http://localhost/api/chat', { method: 'POST', body: 'x'.repeat(2000) }), { maxBodyBytes: 1000 });
    expect(large instanceof Response ? large.status : 200).toBe(413);
    const get = await route(new Request('http://localhost/api/chat'));
    expect(get.status).toBe(405);
  });
});

describe('toolsRequestBody', () => {
  it('is the tools part of the body toolchat sends, and the final round without them', () => {
    expect(toolsRequestBody(tools)).toEqual({
      tools: { getWeather: { description: 'Current weather for a city', inputSchema: expect.objectContaining({ type: 'object', properties: { city: { type: 'string' } } }) } },
    });
    expect(toolsRequestBody(tools, { toolsDisabled: true })).toEqual({ toolsDisabled: true });
  });

  it('refuses a tool the route would refuse, naming it', () => {
    const bad = { 'not a name!': defineTool({ inputSchema: z.object({}), execute: () => ({}) }) };
    expect(() => toolsRequestBody(bad)).toThrow(ToolSchemaError);
    expect(() => toolsRequestBody(bad)).toThrow(/not a name!/);
  });

  it("lets the AI SDK's own transport offer the tools to createChatHandler", async () => {
    const { DefaultChatTransport } = await import('ai');
    const { createChatHandler } = await import('toolchat/server');
    const model = scriptedModel(['Hello.']);
    const transport: ChatTransport<UIMessage> = new DefaultChatTransport({
      api: '/api/chat',
      fetch: routeFetch(createChatHandler({ model })),
      body: () => toolsRequestBody(tools),
    });
    const stream = await transport.sendMessages({
      chatId: 'c',
      messageId: undefined,
      trigger: 'submit-message',
      messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
      abortSignal: undefined,
    });
    const reader = stream.getReader();
    while (!(await reader.read()).done);
    expect(model.calls[0]?.toolNames).toEqual(['getWeather']);
  });
});
