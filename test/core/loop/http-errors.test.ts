import { describe, expect, it } from 'vitest';
import { ChatRequestError, parseRetryAfter, withHttpErrors } from 'toolchat/core';

describe('withHttpErrors', () => {
  const fetchReturning = (response: Response) => withHttpErrors(async () => response, () => Date.UTC(2030, 0, 1));

  it('passes successful responses through untouched', async () => {
    const response = new Response('ok');
    expect(await fetchReturning(response)('http://x')).toBe(response);
  });

  it("names the status and the server's JSON error message", async () => {
    const fetch = fetchReturning(Response.json({ error: { message: 'Invalid request body: messages must hold at least one message' } }, { status: 400, statusText: 'Bad Request' }));
    await expect(fetch('http://x')).rejects.toMatchObject({
      name: 'ChatRequestError',
      status: 400,
      message: 'HTTP 400 Bad Request: Invalid request body: messages must hold at least one message.',
    });
  });

  it('reads Retry-After as seconds or as a date', async () => {
    const error = await fetchReturning(new Response('', { status: 429, headers: { 'Retry-After': 'Tue, 01 Jan 2030 00:00:30 GMT' } }))('http://x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatRequestError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 30_000, message: 'HTTP 429. Retry in 30 s.' });
    expect(parseRetryAfter('1.5')).toBe(1500);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('turns a network failure into a readable error, but lets an abort through', async () => {
    const failing = withHttpErrors(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(failing('http://x')).rejects.toThrow('Could not reach http://x: network error or CORS (Failed to fetch)');
    const controller = new AbortController();
    controller.abort();
    const aborted = withHttpErrors(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(aborted('http://x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('ChatRequestError.retryable', () => {
  const fetchReturning = (response: Response) => withHttpErrors(async () => response);

  it("takes the server's word: a bad provider key cannot succeed on retry, a provider outage can", async () => {
    const badKey = await fetchReturning(
      Response.json({ error: { message: 'Incorrect API key provided', retryable: false } }, { status: 502 }),
    )('http://x').catch((e: unknown) => e);
    expect(badKey).toMatchObject({ status: 502, retryable: false, message: 'HTTP 502: Incorrect API key provided.' });
    const outage = await fetchReturning(Response.json({ error: { message: 'Overloaded', retryable: true } }, { status: 502 }))('http://x').catch(
      (e: unknown) => e,
    );
    expect(outage).toMatchObject({ retryable: true });
  });

  it('without a word from the server, refuses to retry client errors but not rate limits, timeouts or server errors', async () => {
    const retryable = async (status: number) =>
      ((await fetchReturning(new Response('', { status }))('http://x').catch((e: unknown) => e)) as ChatRequestError).retryable;
    expect(await retryable(400)).toBe(false);
    expect(await retryable(413)).toBe(false);
    expect(await retryable(408)).toBe(true);
    expect(await retryable(429)).toBe(true);
    expect(await retryable(500)).toBe(true);
    expect(await retryable(503)).toBe(true);
    const unreachable = await withHttpErrors(async () => {
      throw new TypeError('Failed to fetch');
    })('http://x').catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ retryable: true });
  });

  it('reads a null error field as no word', async () => {
    const error = await fetchReturning(Response.json({ error: null, message: 'down' }, { status: 503 }))('http://x').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'HTTP 503: down.', retryable: true });
  });
});
