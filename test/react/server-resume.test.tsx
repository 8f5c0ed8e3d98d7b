import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { createChatHandler, memoryConversationStore, memoryStreams } from 'toolchat/server';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A fresh copy of the package, as after a page reload: no sessions, no running tools. */
async function loadPage() {
  vi.resetModules();
  return import('toolchat');
}

/** A model that says "Hel", then "lo, world" once released; it records its calls and an abort. */
function gatedModel() {
  const run = { calls: 0, aborted: false, release: () => {} };
  const model = new MockLanguageModelV4({
    doStream: async ({ abortSignal }) => {
      run.calls++;
      const gate = new Promise<void>((resolve) => (run.release = resolve));
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hel' });
            await Promise.race([gate, new Promise((resolve) => abortSignal?.addEventListener('abort', resolve, { once: true }))]);
            if (abortSignal?.aborted) {
              run.aborted = true;
              controller.error(abortSignal.reason);
              return;
            }
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'lo, world' });
            controller.enqueue({ type: 'text-end', id: 't' });
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
            controller.close();
          },
        }),
      };
    },
  });
  return { model, run };
}

/** The server, in-process: a store and resumable answers, reached by the page's fetch as "ana". */
function server(model: MockLanguageModelV4) {
  const handler = createChatHandler({ model, store: memoryConversationStore(), streams: memoryStreams(), getUserId: () => 'ana' });
  const requests: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(String(input), init);
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return handler(request);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const api = 'http://localhost/api/chat';

/** A page with the chat "ana-live" on the server store, as after a (re)load. */
async function openPage(fetch: typeof globalThis.fetch) {
  const page = await loadPage();
  return render(
    <page.ChatWrapper id="ana-live" storage={page.serverStorage({ api, fetch })} transport={new page.ServerConversationTransport({ api, fetch })} />,
  );
}

/** Sends a message on a first page and leaves it (unmounts) while the answer is in flight. */
async function leaveMidAnswer(fetch: typeof globalThis.fetch) {
  const first = await openPage(fetch);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox'), 'Say hello{Enter}');
  await waitFor(() => expect(within(screen.getByRole('log')).getByText('Hel')).toBeTruthy());
  first.unmount();
}

// Each page load imports the whole package anew (vi.resetModules): seconds on a loaded machine.
describe('given a chat on a server that keeps its answers in flight', { timeout: 20_000 }, () => {
  it('a reload mid-answer resumes it and finishes it, without asking the model again', async () => {
    const { model, run } = gatedModel();
    const { fetch, requests } = server(model);
    await leaveMidAnswer(fetch);

    await openPage(fetch);
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Say hello')).toBeTruthy());
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Hel')).toBeTruthy());
    run.release();
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Hello, world')).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(run.calls).toBe(1);
    expect(requests.filter((request) => request === 'POST /api/chat')).toHaveLength(1);
    expect(requests).toContain('GET /api/chat/ana-live/stream');
  });

  it('Stop after a resume stops the answer on the server', async () => {
    const { model, run } = gatedModel();
    const { fetch, requests } = server(model);
    await leaveMidAnswer(fetch);

    await openPage(fetch);
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Hel')).toBeTruthy());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(run.aborted).toBe(true));
    expect(requests).toContain('DELETE /api/chat/ana-live/stream');
    expect(run.calls).toBe(1);
  });

  it('a chat with nothing in flight stays as it was (the server answers 204)', async () => {
    const { model, run } = gatedModel();
    const { fetch, requests } = server(model);
    await leaveMidAnswer(fetch);
    run.release();
    // The answer ended on the server while no page was open.
    await waitFor(async () => expect(JSON.stringify(await (await loadPage()).serverStorage({ api, fetch }).load('ana-live'))).toContain('Hello, world'));

    await openPage(fetch);
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Hello, world')).toBeTruthy());
    await waitFor(() => expect(requests.filter((request) => request === 'GET /api/chat/ana-live/stream')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(within(screen.getByRole('log')).getAllByText('Hello, world')).toHaveLength(1);
    expect(run.calls).toBe(1);
  });
});
