import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APICallError } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatRequestError, ChatWrapper, ErrorBanner } from 'toolchat';
import { HTTP_FAILURES, startStatusServer } from '../../support/status-server';

describe('given a chat whose endpoint fails (a real server on 127.0.0.1)', () => {
  let server: Awaited<ReturnType<typeof startStatusServer>>;
  beforeAll(async () => {
    server = await startStatusServer();
  });
  afterEach(() => cleanup());
  afterAll(async () => {
    await server.close();
  });

  async function sendTo(api: string) {
    const user = userEvent.setup();
    render(<ChatWrapper api={api} />);
    await user.type(screen.getByRole('textbox'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    return waitFor(() => screen.getByRole('alert'));
  }

  it.each(HTTP_FAILURES)('shows HTTP $status with the server message, and Retry only when retryable ($retryable)', async ({ status, retryable }) => {
    const alert = await sendTo(server.url(status));
    expect(alert.textContent).toContain(`Something went wrong: HTTP ${status}`);
    expect(alert.textContent).toContain(`failed with ${status}`);
    expect(screen.queryByRole('button', { name: 'Retry' }) !== null).toBe(retryable);
  });

  it('names the address of a 404, as it does for a server that is not there', async () => {
    const notFound = await sendTo(server.url(404));
    expect(notFound.textContent).toContain(`HTTP 404 Not Found at ${server.url(404)}: failed with 404.`);
    cleanup();
    const down = await sendTo(server.closedUrl);
    expect(down.textContent).toContain(`Could not reach ${server.closedUrl}: network error or CORS`);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('ErrorBanner', () => {
  it('offers Retry for an error whose request can succeed again, and not for one that cannot', async () => {
    const onRetry = vi.fn();
    const cases: [Error, boolean][] = [
      [new Error('The stream was cut short'), true],
      [new ChatRequestError('HTTP 503 Service Unavailable.', 503), true],
      [new ChatRequestError('HTTP 502: the key is invalid.', 502, undefined, false), false],
      [new ChatRequestError('Could not reach /api/chat: network error or CORS (Failed to fetch)'), true],
      // A transport of the app's own that throws the AI SDK's error: read by the same rule,
      // which loads for it (the banner of an error that knows decides at once).
      [new APICallError({ message: 'Unauthorized', url: '/x', requestBodyValues: {}, statusCode: 401 }), false],
      [new APICallError({ message: 'Too many requests', url: '/x', requestBodyValues: {}, statusCode: 429 }), true],
      [new APICallError({ message: 'quota', url: '/x', requestBodyValues: {}, statusCode: 429, responseBody: '{"error":{"code":"insufficient_quota"}}' }), false],
    ];
    render(
      <>
        {cases.map(([error]) => (
          <ErrorBanner key={error.message} error={error} onRetry={onRetry} />
        ))}
      </>,
    );
    // The loaded rule answers every banner waiting for it at once.
    const retryable = cases.filter(([, retry]) => retry).length;
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(retryable));
    for (const [error, retry] of cases) {
      const banner = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(error.message));
      expect(banner, error.message).toBeDefined();
      expect(within(banner!).queryByRole('button', { name: 'Retry' }) !== null, error.message).toBe(retry);
    }
  });
});
