import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * One browser tool round as a user has it: ask for the weather, the browser runs the app's own
 * `getWeather` tool, the demo model answers from its result. `answer` holds values only that tool
 * returns, so seeing it proves the round went browser → tool → model → page. `chatPath`: the
 * endpoint whose POSTs are counted. `afterRound`: more checks on the same page (its cookies kept).
 */
export async function weatherRound(
  browser: Browser,
  url: string,
  answer: RegExp,
  chatPath = '/api/chat',
  afterRound?: (page: Page) => Promise<void>,
): Promise<{ chatRequests: number }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let chatRequests = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === chatPath) chatRequests++;
  });
  try {
    await page.goto(url);
    await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText(answer).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 10_000 });
    await afterRound?.(page);
    expect(errors).toEqual([]);
    return { chatRequests };
  } finally {
    await page.close();
  }
}
