import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, recordErrors } from './browser';
import { startDemo, startDemoDev, type RunningDemo } from './demo-server';

describe.each([
  { served: 'on the Vite dev server', start: startDemoDev, shots: 'demo' },
  { served: 'as a production build on a node:http server', start: startDemo, shots: 'demo-build' },
])('the demo app in Chromium, $served, through its /api/chat endpoint', ({ start, shots }) => {
  let demo: RunningDemo;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    demo = await start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  it('answers the weather question with a weather card and the answer from the result', async () => {
    page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
    await page.getByRole('button', { name: 'Send' }).click();

    const log = page.getByRole('log');
    await expect.poll(() => log.getByText("What's the weather in Paris?").count()).toBe(1);
    await log.getByText("It's 21°C and sunny in Paris.").waitFor();
    // The demo's renderTool card for getWeather, inside the call's card, staying after the answer.
    const card = log.getByRole('group', { name: 'Get weather' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('done');
    expect(await card.getByRole('figure', { name: 'Weather in Paris' }).textContent()).toContain('21°C');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, `${shots}-weather`);
    expect(errors).toEqual([]);
  });

  it('runs two tools of one turn in one round and answers from both results', async () => {
    page = await browser.newPage();
    const errors = recordErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/chat') requests.push(request.postData() ?? '');
    });
    await page.goto(demo.url);
    await page.getByRole('button', { name: 'What is 2+2 and the time in Tokyo?' }).click();

    const log = page.getByRole('log');
    await log.getByText(/2\+2 = 4\. It's \d\d:\d\d in Tokyo \(Asia\/Tokyo\)\./).waitFor();
    await log.getByRole('button', { name: /^Used (Calculate and Get time|Get time and Calculate)$/ }).click();
    await expect.poll(() => log.getByRole('group', { name: 'Calculate' }).getAttribute('data-state')).toBe('done');
    await expect.poll(() => log.getByRole('group', { name: 'Get time' }).getAttribute('data-state')).toBe('done');
    await screenshot(page, `${shots}-parallel-tools`);

    // One request for the question, one with both results: the tools shared a round.
    expect(requests).toHaveLength(2);
    const second = JSON.parse(requests[1] ?? '{}') as { messages: Array<{ role: string; parts: Array<{ type: string; state?: string }> }> };
    const results = second.messages.at(-1)?.parts.filter((part) => part.type.startsWith('tool-')) ?? [];
    expect(results.map((part) => [part.type, part.state])).toEqual([
      ['tool-calculate', 'output-available'],
      ['tool-getTime', 'output-available'],
    ]);
    expect(errors).toEqual([]);
  });

  it('keeps the conversation when the page reloads in the middle of a tool round', async () => {
    page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Search slowly for cats');
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log');
    await expect.poll(() => log.getByRole('group', { name: 'Slow search' }).getAttribute('data-state')).toBe('running');

    await page.reload();
    // The question survives; the search the reload cut off is shown as interrupted, with the way on.
    await log.getByText('Search slowly for cats').waitFor();
    const card = log.getByRole('group', { name: 'Slow search' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('interrupted');
    // The card says "Interrupted" once (no error text of its own); the turn's notice says why, with the way on.
    await card.getByText('Interrupted', { exact: true }).waitFor();
    expect(await card.getByText(/the page was closed/i).count()).toBe(0);
    const notice = log.getByRole('note');
    await notice.getByText('The page was closed before this tool finished').waitFor();
    await notice.getByRole('button', { name: 'Run again' }).waitFor();
    await screenshot(page, `${shots}-reload-interrupted`);

    // The conversation goes on, valid for the model.
    await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText("It's 21°C and sunny in Paris.").waitFor();
    expect(errors).toEqual([]);
  });
});
