import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser';
import { copyExample } from './support/app';
import { run, start } from './support/process';
import { weatherRound } from './support/tool-round';

/** An example that keeps its chats on the server: after a reload, the thread is listed and shown from it. */
async function shownAfterReload(page: Page): Promise<void> {
  const thread = page.waitForResponse((response) => /^\/api\/chat\/threads\/[\w-]+$/.test(new URL(response.url()).pathname));
  await page.reload();
  expect((await thread).status()).toBe(200);
  await page.getByRole('log').getByText("What's the weather in Paris?").waitFor({ timeout: 10_000 });
  await page.getByRole('log').getByText(/It's 24°C and clear in Paris\./).waitFor({ timeout: 10_000 });
  await page.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: "What's the weather in Paris?", exact: true }).waitFor({ timeout: 10_000 });
}

/** Every example in examples/, run as its README says, with the packed package. */
const examples: Array<{ name: string; start: string[]; answer: RegExp; afterRound?: (page: Page) => Promise<void> }> = [
  {
    name: 'nextjs',
    start: ['npx', 'next', 'start', '-H', '127.0.0.1', '-p', '{port}'],
    answer: /It's 24°C and clear in Paris\./,
    afterRound: shownAfterReload,
  },
  { name: 'vite-hono', start: ['npm', 'start'], answer: /It's 19°C and windy in Paris\./ },
  { name: 'express', start: ['npm', 'start'], answer: /It's 12°C and rainy in Paris\./ },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(examples)('examples/$name', (example) => {
  const dir = path.join(inject('workDir'), `example-${example.name}`);

  it('installs with the packed package and builds', async () => {
    copyExample(example.name, dir);
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', inject('tarball')], { cwd: dir, timeoutMs: 300_000 });
    await run('npm', ['run', 'build'], { cwd: dir, timeoutMs: 300_000 });
  });

  it('completes a browser tool round through its server on the demo model', async () => {
    const server = await start(example.start[0]!, example.start.slice(1), { cwd: dir, timeoutMs: 60_000 });
    try {
      const { chatRequests } = await weatherRound(browser, server.url, example.answer, '/api/chat', example.afterRound);
      // The question, then the tool's result: the round went through the server twice.
      expect(chatRequests, server.output()).toBe(2);
    } finally {
      await server.stop();
    }
  });
});
