import { describe, expect, it } from 'vitest';
import { MockLanguageModelV4 } from 'ai/test';
import { createChatHandler } from 'toolchat/server';
import { textResponse } from '../support/mock-models';

const userMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };

function post(body: unknown, init: RequestInit = {}): Request {
  return new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

async function errorOf(response: Response): Promise<string> {
  const json = (await response.json()) as { error: { message: string } };
  return json.error.message;
}

describe('createChatHandler', () => {
  const model = new MockLanguageModelV4({ doStream: async () => textResponse('Hi') });
  const handler = createChatHandler({ model });

  it('answers a bad body with a 400 naming the problem', async () => {
    const notJson = await handler(post('{oops'));
    expect(notJson.status).toBe(400);
    expect(await errorOf(notJson)).toBe('Invalid request body: not JSON');

    const noMessages = await handler(post({ messages: [] }));
    expect(noMessages.status).toBe(400);
    expect(await errorOf(noMessages)).toMatch(/messages must hold at least one message/);

    const badTools = await handler(post({ messages: [userMessage], tools: { getWeather: { inputSchema: 'x' } } }));
    expect(badTools.status).toBe(400);
    expect(await errorOf(badTools)).toMatch(/^Invalid tool "getWeather": inputSchema: /);

    const badPart = await handler(post({ messages: [{ id: 'u', role: 'user', parts: [{ type: 'text' }] }] }));
    expect(badPart.status).toBe(400);
    expect(await errorOf(badPart)).toMatch(/^Invalid messages/);
  });

  it('refuses methods other than POST', async () => {
    const response = await handler(new Request('http://localhost/api/chat'));
    expect(response.status).toBe(405);
  });

  it("hands the client's tools to the model without execute, and none when disabled", async () => {
    const model = new MockLanguageModelV4({ doStream: async () => textResponse('ok') });
    const handler = createChatHandler({ model, system: 'Be brief.' });
    const tools = {
      getWeather: {
        description: 'Current weather',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    };
    const first = await handler(post({ messages: [userMessage], tools }));
    expect(first.status).toBe(200);
    await first.text();
    const offered = model.doStreamCalls[0]?.tools ?? [];
    expect(offered).toEqual([
      expect.objectContaining({ type: 'function', name: 'getWeather', description: 'Current weather' }),
    ]);
    expect(model.doStreamCalls[0]?.prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });

    await (await handler(post({ messages: [userMessage], tools, toolsDisabled: true }))).text();
    expect(model.doStreamCalls[1]?.tools ?? []).toEqual([]);
  });

  it('streams the answer in the UI message stream protocol', async () => {
    const response = await handler(post({ messages: [userMessage] }));
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await response.text();
    expect(text).toContain('"type":"text-delta"');
    expect(text).toContain('"delta":"Hi"');
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('falls back to the demo model without a model or key', async () => {
    const demo = createChatHandler({ env: {} });
    const response = await demo(post({ messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hello' }] }] }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"type":"text-delta"');
  });
});
