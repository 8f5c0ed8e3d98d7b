import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { build } from 'esbuild';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatHandler, memoryConversationStore, memoryStreams, toNodeHandler } from 'toolchat/server';
import { launchChromium, recordErrors } from './browser';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The model of the current test: "Hel", then "lo, world" once released; it records an abort. */
let current = { release: () => {}, aborted: false };
const model = new MockLanguageModelV4({
  doStream: async ({ abortSignal }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const state = { release: () => release(), aborted: false };
    current = state;
    return {
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'text-start', id: 't' });
          controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hel' });
          await Promise.race([gate, new Promise((resolve) => abortSignal?.addEventListener('abort', resolve, { once: true }))]);
          if (abortSignal?.aborted) {
            state.aborted = true;
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

describe('an answer in flight on a server store, in Chromium', () => {
  let server: Server;
  let url: string;
  let browser: Browser;
  let posts = 0;

  beforeAll(async () => {
    const root = `${process.cwd()}/`;
    const bundle = await build({
      entryPoints: [`${root}test/e2e/pages/server-chat.tsx`],
      bundle: true,
      write: false,
      format: 'esm',
      target: 'es2022',
      platform: 'browser',
      jsx: 'automatic',
      alias: { toolchat: `${root}src/index.ts` },
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'error',
    });
    const script = bundle.outputFiles[0]?.text ?? '';
    const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>server chat</title></head><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>';
    // Each test's chats start empty: one store per run, one signed-in user.
    const chat = toNodeHandler(createChatHandler({ model, store: memoryConversationStore(), streams: memoryStreams(), getUserId: () => 'e2e-user' }));
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (path.startsWith('/api/chat')) {
        if (request.method === 'POST' && path === '/api/chat') posts++;
        void chat(request, response);
      } else if (path === '/page.js') response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
      else if (path === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('resumes after a reload and finishes the answer, without asking the model again; Stop then stops a resumed answer', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(url);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText('assistant: Hel', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('log').getByText('user: Say hello').waitFor();
    await page.getByRole('log').getByText('assistant: Hel', { exact: true }).waitFor();
    current.release();
    await page.getByRole('log').getByText('assistant: Hello, world').waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('ready');
    expect(posts).toBe(1);

    // After another reload, the whole answer comes from the store.
    await page.reload();
    await page.getByRole('log').getByText('assistant: Hello, world').waitFor();

    // A second answer, resumed after a reload, then stopped.
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByRole('log').getByText('assistant: Hel', { exact: true }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByRole('log').getByText('assistant: Hel', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => current.aborted).toBe(true);
    await page.reload();
    await page.getByRole('log').getByText('assistant: Hello, world').waitFor();
    await expect.poll(() => page.getByRole('log').getByText('assistant: Hel', { exact: true }).count()).toBe(1);
    expect(posts).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
