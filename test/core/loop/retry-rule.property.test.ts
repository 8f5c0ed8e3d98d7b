import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canRetry, ChatRequestError, isRetryableStatus, withHttpErrors } from 'toolchat/core';

const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

describe('the retry rule of HTTP failures', () => {
  it('offers Retry for 408, 409, 425, 429 and 5xx only, whatever the plain message (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 400, max: 599 }), fc.stringMatching(/^[a-z ]{0,30}$/), async (status, message) => {
        const fetch = withHttpErrors(async () => Response.json({ error: { message } }, { status }));
        const error = await fetch('http://127.0.0.1/api/chat').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ChatRequestError);
        const expected = status >= 500 || RETRYABLE_4XX.has(status);
        expect(isRetryableStatus(status)).toBe(expected);
        // A message naming a bad key or the quota is permanent at any status.
        const permanentWords = /api key|quota/.test(message);
        expect(canRetry(error)).toBe(expected && !permanentWords);
        expect((error as ChatRequestError).isRetryable).toBe((error as ChatRequestError).retryable);
      }),
      { numRuns: 300 },
    );
  });

  it("lets the server's own { error: { retryable } } decide over the status", async () => {
    for (const [status, retryable] of [[502, false], [400, true]] as const) {
      const fetch = withHttpErrors(async () => Response.json({ error: { message: 'x', retryable } }, { status }));
      expect(canRetry(await fetch('http://x').catch((e: unknown) => e))).toBe(retryable);
    }
  });

  it('names permanent provider codes at a retryable status: an exhausted quota on 429 is not retried', async () => {
    const fetch = withHttpErrors(async () => Response.json({ error: { message: 'Rate limited', code: 'insufficient_quota' } }, { status: 429 }));
    expect(canRetry(await fetch('http://x').catch((e: unknown) => e))).toBe(false);
  });
});
