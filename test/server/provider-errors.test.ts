import { LLMock } from '@copilotkit/aimock';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatHandler } from 'toolchat/server';
import { chatRequest, readChunks } from './chat-stream';
import { listen } from './node-server';

const ask = (text: string) => ({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }] });

// streamText logs every model error to the console (what a server's operator wants); the
// tests read them from the responses.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

interface ErrorBody {
  error: { message: string; retryable: boolean };
}

describe('provider errors, from an OpenAI-compatible server (aimock) on 127.0.0.1', () => {
  let mock: LLMock;
  let handler: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    mock = new LLMock({ port: 0, host: '127.0.0.1' });
    mock.on(
      { userMessage: 'bad key' },
      {
        status: 401,
        error: { message: 'Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', code: 'invalid_api_key' },
      },
    );
    mock.on(
      { userMessage: 'too long' },
      {
        status: 400,
        error: { message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens.", type: 'invalid_request_error', code: 'context_length_exceeded' },
      },
    );
    mock.on({ userMessage: 'quota' }, { status: 429, error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', code: 'insufficient_quota' } });
    mock.on({ userMessage: 'slow down' }, { status: 429, retryAfter: 120, error: { message: 'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3.', type: 'requests', code: 'rate_limit_exceeded' } });
    mock.on({ userMessage: 'busy' }, { status: 429, retryAfter: 0, error: { message: 'Rate limit reached, try again now.', type: 'requests', code: 'rate_limit_exceeded' } });
    await mock.start();
    handler = createChatHandler({ env: { OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: `${mock.url}/v1`, OPENAI_MODEL: 'gpt-4o-mini' } });
  });
  afterAll(async () => {
    await mock.stop();
  });

  const attempts = (text: string) =>
    mock.getRequests().filter((request) => JSON.stringify((request.body as { messages?: unknown }).messages ?? '').includes(text)).length;

  it("a bad key: a 502 with the provider's message, marked not retryable, tried once", async () => {
    const response = await handler(chatRequest(ask('bad key')));
    expect(response.status).toBe(502);
    expect((await response.json()) as ErrorBody).toEqual({
      error: { message: expect.stringMatching(/^Incorrect API key provided: sk-wrong\./), retryable: false },
    });
    expect(attempts('bad key')).toBe(1);
  });

  it("a conversation past the model's context: the provider's message, not retryable, tried once", async () => {
    const response = await handler(chatRequest(ask('too long')));
    expect(response.status).toBe(502);
    expect((await response.json()) as ErrorBody).toEqual({
      error: { message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens.", retryable: false },
    });
    expect(attempts('too long')).toBe(1);
  });

  it('an exhausted quota: a 429 that no retry can fix, tried once', async () => {
    const response = await handler(chatRequest(ask('quota')));
    expect(response.status).toBe(429);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      message: 'You exceeded your current quota, please check your plan and billing details.',
      retryable: false,
    });
    expect(attempts('quota')).toBe(1);
  });

  it('a rate limit with a long Retry-After: a 429 passing the wait on, not retried in the request', async () => {
    const response = await handler(chatRequest(ask('slow down')));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('120');
    expect(((await response.json()) as ErrorBody).error).toEqual({ message: expect.stringMatching(/^Rate limit reached/), retryable: true });
    expect(attempts('slow down')).toBe(1);
  });

  it('a rate limit with a short Retry-After: retried by the SDK (maxRetries 2) before the 429', async () => {
    const response = await handler(chatRequest(ask('busy')));
    expect(response.status).toBe(429);
    expect(((await response.json()) as ErrorBody).error).toEqual({ message: 'Rate limit reached, try again now.', retryable: true });
    expect(attempts('busy')).toBe(3);
  });
});

describe('provider errors inside the stream, from a local OpenAI-compatible server on 127.0.0.1', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  /** A server that answers each request with `respond`, counting them. */
  async function provider(respond: (res: ServerResponse, attempt: number) => void) {
    let attempt = 0;
    const server = await listen((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on('end', () => respond(res, ++attempt));
    });
    close = server.close;
    const handler = createChatHandler({ env: { OPENAI_API_KEY: 'sk-local', OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: 'local' } });
    return { handler, attempts: () => attempt };
  }

  const sse = (res: ServerResponse, events: unknown[]) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''));
  };

  it('an error event before any output (llama.cpp style): its own message, not "stream failed before any output", not retried', async () => {
    const { handler, attempts } = await provider((res) =>
      sse(res, [{ error: { message: 'the request exceeds the available context size, try increasing it' } }]),
    );
    const response = await handler(chatRequest(ask('Summarise this book')));
    expect(response.status).toBe(502);
    expect((await response.json()) as ErrorBody).toEqual({
      error: { message: 'the request exceeds the available context size, try increasing it', retryable: false },
    });
    expect(attempts()).toBe(1);
  });

  it('a server error with retry-after-ms: 0: retried, then a 502 the user may retry', async () => {
    const { handler, attempts } = await provider((res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after-ms': '0' });
      res.end(JSON.stringify({ error: { message: 'Model is loading', type: 'server_error' } }));
    });
    const response = await handler(chatRequest(ask('Hello')));
    expect(response.status).toBe(502);
    expect((await response.json()) as ErrorBody).toEqual({ error: { message: 'Model is loading', retryable: true } });
    expect(attempts()).toBe(3);
  });

  it("an error that is not JSON the SDK knows ({ error: '…' }): the provider's text", async () => {
    const { handler } = await provider((res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'model "llama9" not found, try pulling it first' }));
    });
    const response = await handler(chatRequest(ask('Hello')));
    expect(response.status).toBe(502);
    expect((await response.json()) as ErrorBody).toEqual({ error: { message: 'model "llama9" not found, try pulling it first', retryable: false } });
  });

  it("an error event after the answer began: the stream's error chunk carries the provider's message", async () => {
    const chunk = (delta: object, finish_reason: string | null = null) => ({
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'local',
      choices: [{ index: 0, delta, finish_reason }],
    });
    const { handler } = await provider((res) =>
      sse(res, [chunk({ role: 'assistant', content: 'Once upon' }), { error: { message: 'the server ran out of memory (KV cache full)', type: 'server_error' } }]),
    );
    const response = await handler(chatRequest(ask('Tell me a story')));
    expect(response.status).toBe(200);
    const chunks = await readChunks(response);
    expect(chunks).toContainEqual({ type: 'text-delta', id: expect.any(String), delta: 'Once upon' });
    expect(chunks).toContainEqual({ type: 'error', errorText: 'the server ran out of memory (KV cache full)' });
  });
});
