import type { ChatTransport, UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRequestError } from 'toolchat/core';
import { createOpenAICompatibleTransport, createTextStreamTransport } from 'toolchat/transports';
import { HTTP_FAILURES, startStatusServer } from '../support/status-server';

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] };

function send(transport: ChatTransport<UIMessage>) {
  return transport.sendMessages({ trigger: 'submit-message', chatId: 'c', messageId: undefined, messages: [user], abortSignal: undefined });
}

async function failureOf(transport: ChatTransport<UIMessage>): Promise<ChatRequestError> {
  const error = await send(transport).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatRequestError);
  return error as ChatRequestError;
}

describe('HTTP failures from a real server on 127.0.0.1, through every HTTP transport', () => {
  let server: Awaited<ReturnType<typeof startStatusServer>>;
  beforeAll(async () => {
    server = await startStatusServer();
  });
  afterAll(async () => {
    await server.close();
  });

  // The OpenAI-compatible transport posts to `{baseURL}/chat/completions`: the base is the status path.
  const transports = {
    'OpenAI-compatible': (url: string) => ({ transport: createOpenAICompatibleTransport({ baseURL: url, model: 'm' }), url: `${url}/chat/completions` }),
    'text stream': (url: string) => ({ transport: createTextStreamTransport({ api: url }), url }),
  };

  for (const [name, make] of Object.entries(transports)) {
    describe(`the ${name} transport`, () => {
      it.each(HTTP_FAILURES)('rejects HTTP $status with the status, the server message, and retryable $retryable', async ({ status, retryable }) => {
        const { transport, url } = make(server.url(status));
        const error = await failureOf(transport);
        expect(error).toMatchObject({ status, statusCode: status, retryable, isRetryable: retryable, url });
        expect(error.message).toMatch(new RegExp(`^HTTP ${status} [A-Za-z ]+.*: failed with ${status}\\.`));
        // The address is what a user fixes after a 404: the banner names it, as for a server that is down.
        if (status === 404) expect(error.message).toContain(` at ${url}: `);
        else expect(error.message).not.toContain(url);
        if (status === 429) expect(error).toMatchObject({ retryAfterMs: 3000, message: expect.stringMatching(/Retry in 3 s\.$/) });
      });

      it('rejects a server that is not there with the address, and retryable', async () => {
        const { transport, url } = make(server.closedUrl);
        const error = await failureOf(transport);
        expect(error).toMatchObject({ status: undefined, retryable: true, url });
        expect(error.message).toMatch(new RegExp(`^Could not reach ${url.replace(/[.?*+/]/g, '\\$&')}: network error or CORS \\(`));
      });
    });
  }
});
