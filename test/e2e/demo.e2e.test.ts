import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './browser';
import { startDemo } from './demo-server';

describe('the demo app in Chromium, through its /api/chat endpoint', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    demo = await startDemo();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  it('answers the weather question with a tool card and the answer from the result', async () => {
    page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(demo.url);
    await page.getByRole('textbox').fill("What's the weather in Paris?");
    await page.getByRole('button', { name: 'Send' }).click();

    const log = page.getByRole('log');
    await expect.poll(() => log.getByText("What's the weather in Paris?").count()).toBe(1);
    await log.getByText(/21°C/).waitFor();
    await expect.poll(() => log.getByRole('button', { name: /Used 1 tool/ }).count()).toBe(1);
    await log.getByRole('button', { name: /Used 1 tool/ }).click();
    await expect.poll(() => log.getByRole('group', { name: 'getWeather' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'demo-weather');
    expect(errors).toEqual([]);
  });
});
