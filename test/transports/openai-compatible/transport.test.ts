import { createOpenAICompatibleTransport, type OpenAICompatibleTransportOptions } from 'toolchat/transports';
import type { UIMessage } from 'ai';
import { collect, counterIds, reasoningOf, textOf, toolCallsOf } from './helpers';

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };
const tools = { getWeather: { description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } } };

/** A fetch that records the request and answers with the given response. */
function recordingFetch(answer: () => Response) {
  const calls: Array<{ url: string; init: RequestInit; body: Record<string, unknown> }> = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {}, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const sseAnswer = () =>
  new Response('data: {"choices":[{"index":0,"delta":{"content":"Sunny."},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n', {
    headers: { 'Content-Type': 'text/event-stream' },
  });

function transportWith(fetch: typeof globalThis.fetch, options: Partial<OpenAICompatibleTransportOptions> = {}) {
  return createOpenAICompatibleTransport({ baseURL: 'http://127.0.0.1:1/v1/', model: 'local-model', fetch, generateId: counterIds(), ...options });
}

function send(transport: ReturnType<typeof transportWith>, body?: object, extra: { abortSignal?: AbortSignal; headers?: Record<string, string> } = {}) {
  return transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'c',
    messageId: undefined,
    messages: [user],
    abortSignal: extra.abortSignal,
    ...(body && { body }),
    ...(extra.headers && { headers: extra.headers }),
  });
}

describe('createOpenAICompatibleTransport', () => {
  it('posts a streaming Chat Completions request with the messages, tools, key and extra body', async () => {
    const { fetch, calls } = recordingFetch(sseAnswer);
    const transport = transportWith(fetch, { apiKey: 'sk-1', headers: { 'X-App': 'toolchat' }, body: { temperature: 0 }, system: 'Be brief.' });
    expect(textOf(await collect(await send(transport, { tools }, { headers: { 'X-Request': 'r1' } })))).toBe('Sunny.');
    const [call] = calls;
    expect(call?.url).toBe('http://127.0.0.1:1/v1/chat/completions');
    expect(call?.init.method).toBe('POST');
    expect(Object.fromEntries(new Headers(call?.init.headers).entries())).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer sk-1',
      'content-type': 'application/json',
      'x-app': 'toolchat',
      'x-request': 'r1',
    });
    expect(call?.body).toEqual({
      model: 'local-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools: [{ type: 'function', function: { name: 'getWeather', description: 'Weather', parameters: tools.getWeather.inputSchema } }],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0,
    });
  });

  it('sends no tools when the round has tools disabled, or there are none', async () => {
    const { fetch, calls } = recordingFetch(sseAnswer);
    const transport = transportWith(fetch);
    await collect(await send(transport, { tools, toolsDisabled: true }));
    await collect(await send(transport, { tools: {} }));
    await collect(await send(transport));
    expect(calls.map((c) => 'tools' in c.body)).toEqual([false, false, false]);
  });

  it('refuses a malformed tools body with a clear error', async () => {
    const { fetch } = recordingFetch(sseAnswer);
    await expect(send(transportWith(fetch), { tools: 'getWeather' })).rejects.toThrow(/^Invalid request body for the OpenAI-compatible transport/);
  });

  it('reads a whole chat.completion answer with stream: false into the same chunks', async () => {
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'local-model',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Let me check.',
            reasoning_content: 'Need weather.',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Paris"}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    };
    const { fetch, calls } = recordingFetch(() => Response.json(completion));
    const chunks = await collect(await send(transportWith(fetch, { stream: false }), { tools }));
    expect(calls[0]?.body).toMatchObject({ stream: false });
    expect(calls[0]?.body).not.toHaveProperty('stream_options');
    expect(reasoningOf(chunks)).toBe('Need weather.');
    expect(textOf(chunks)).toBe('Let me check.');
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } }]);
    expect(chunks.slice(-2)).toEqual([
      { type: 'message-metadata', messageMetadata: { finishReason: 'tool-calls', model: 'local-model', usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 } } },
      { type: 'finish', finishReason: 'tool-calls' },
    ]);
  });

  it('reads a JSON answer to a streaming request as a whole completion', async () => {
    const { fetch } = recordingFetch(() => Response.json({ choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }] }));
    const chunks = await collect(await send(transportWith(fetch)));
    expect(textOf(chunks)).toBe('Hi');
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
  });

  it.each([
    [
      'an OpenAI error body',
      () => Response.json({ error: { message: 'model "x" not found', type: 'invalid_request_error' } }, { status: 404 }),
      'HTTP 404 at http://127.0.0.1:1/v1/chat/completions: model "x" not found.',
      false,
    ],
    ['a string error', () => Response.json({ error: 'Unauthorized' }, { status: 401 }), 'HTTP 401: Unauthorized.', false],
    ['a FastAPI detail', () => Response.json({ detail: 'Upstream timed out' }, { status: 502 }), 'HTTP 502: Upstream timed out.', true],
    ['plain text', () => new Response('Bad gateway from nginx', { status: 502 }), 'HTTP 502: Bad gateway from nginx.', true],
    ['an empty body', () => new Response('', { status: 503, statusText: 'Service Unavailable' }), 'HTTP 503 Service Unavailable.', true],
  ])('rejects a non-2xx answer with %s with the server message, retryable only where it can succeed', async (_, answer, message, retryable) => {
    const { fetch } = recordingFetch(answer);
    await expect(send(transportWith(fetch))).rejects.toThrow(message);
    await expect(send(transportWith(fetch))).rejects.toMatchObject({ name: 'ChatRequestError', message, retryable, isRetryable: retryable });
  });

  it('passes the abort signal to fetch', async () => {
    const { fetch, calls } = recordingFetch(sseAnswer);
    const controller = new AbortController();
    await send(transportWith(fetch), undefined, { abortSignal: controller.signal });
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });

  it('cannot reconnect to a stream', async () => {
    const { fetch } = recordingFetch(sseAnswer);
    expect(await transportWith(fetch).reconnectToStream({ chatId: 'c' })).toBeNull();
  });
});

describe('given a server the browser cannot reach', () => {
  it('says where the request went and why it may have failed, not only "Failed to fetch"', async () => {
    const transport = transportWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(send(transport)).rejects.toThrow(
      'Could not reach http://127.0.0.1:1/v1/chat/completions: network error or CORS (Failed to fetch)',
    );
  });
});
