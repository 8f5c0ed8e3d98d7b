import { LLMock } from '@copilotkit/aimock';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser';
import { copyExample } from './support/app';
import { run, start } from './support/process';
import { weatherRound } from './support/tool-round';

// examples/python-fastapi as its README says: setup.sh makes its venv on Debian's python3-fastapi
// and python3-uvicorn (no pip index), the page is built with the packed package, and the FastAPI
// agent answers with its demo model (no key, offline) or, with OPENAI_BASE_URL, talks to aimock
// (the OpenAI wire, on 127.0.0.1) through its standard-library client. The page reaches the agent
// over AG-UI.

let browser: Browser;
let mock: LLMock;

beforeAll(async () => {
  browser = await launchChromium();
  mock = new LLMock({ port: 0, host: '127.0.0.1' });
  const question = "What's the weather in Paris?";
  mock.on({ userMessage: question, hasToolResult: false }, { toolCalls: [{ id: 'call_weather_1', name: 'getWeather', arguments: JSON.stringify({ city: 'Paris' }) }] });
  // Only a request carrying the browser tool's result gets the answer.
  mock.on({ userMessage: question, hasToolResult: true }, { content: "It's 17°C and foggy in Paris." });
  // The agent's own tool: it runs on the server, within one run.
  const serverQuestion = 'What time is it on the server?';
  mock.on({ userMessage: serverQuestion, hasToolResult: false }, { toolCalls: [{ id: 'call_time_1', name: 'getServerTime', arguments: '{"timezone":"UTC"}' }] });
  mock.on({ userMessage: serverQuestion, hasToolResult: true }, { content: 'The server clock answered.' });
  await mock.start();
});

afterAll(async () => {
  await browser?.close();
  await mock?.stop();
});

describe('examples/python-fastapi', () => {
  const dir = path.join(inject('workDir'), 'example-python-fastapi');

  it("sets up its venv on Debian's Python packages, installs with the packed package and builds", async () => {
    copyExample('python-fastapi', dir);
    await run('bash', ['setup.sh'], { cwd: dir, timeoutMs: 300_000 });
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', inject('tarball')], { cwd: dir, timeoutMs: 300_000 });
    await run('npm', ['run', 'build'], { cwd: dir, timeoutMs: 300_000 });
  });

  it('runs offline at the first try: its demo model asks the page for the weather and answers from it', async () => {
    const server = await start('.venv/bin/python', ['server.py'], { cwd: dir, timeoutMs: 60_000 });
    try {
      expect(server.output()).toContain('The agent answers with the demo model');
      const { chatRequests } = await weatherRound(browser, server.url, /It's 17°C and foggy in Paris\./, '/api/agent');
      expect(chatRequests, server.output()).toBe(2);
    } finally {
      await server.stop();
    }
  });

  it('completes a browser tool round over AG-UI through the Python agent and an OpenAI-compatible server', async () => {
    const server = await start('.venv/bin/python', ['server.py'], {
      cwd: dir,
      timeoutMs: 60_000,
      env: { OPENAI_BASE_URL: `${mock.url}/v1`, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'gpt-4o-mini' },
    });
    try {
      const { chatRequests } = await weatherRound(browser, server.url, /It's 17°C and foggy in Paris\./, '/api/agent');
      // The question, then the tool's result: two runs of the agent.
      expect(chatRequests, server.output()).toBe(2);
      const requests = mock.getRequests();
      const lastBody = requests.at(-1)?.body as { messages?: unknown[] } | null | undefined;
      expect(lastBody?.messages?.at(-1), server.output()).toMatchObject({ role: 'tool', tool_call_id: 'call_weather_1' });
    } finally {
      await server.stop();
    }
  });

  it('shows a tool the agent ran itself, with its result, in one run', async () => {
    const server = await start('.venv/bin/python', ['server.py'], {
      cwd: dir,
      timeoutMs: 60_000,
      env: { OPENAI_BASE_URL: `${mock.url}/v1`, OPENAI_API_KEY: 'test-key' },
    });
    const page = await browser.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      let runs = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/agent') runs++;
      });
      await page.goto(server.url);
      await page.getByRole('textbox', { name: 'Message' }).fill('What time is it on the server?');
      await page.getByRole('button', { name: 'Send' }).click();
      const log = page.getByRole('log');
      await log.getByText('The server clock answered.').waitFor({ timeout: 30_000 });
      // The card is named by the tool's title, as people read it.
      await log.getByText('Get server time').first().waitFor();
      await page.getByRole('button', { name: 'Send' }).waitFor();
      expect(runs, server.output()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.stop();
    }
  });
});
