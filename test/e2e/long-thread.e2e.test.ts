import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, recordErrors } from './browser';
import { servePage, type PageServer } from './page-server';

const require = createRequire(import.meta.url);

/** Resolves once the log has not scrolled for ten frames (keyboard scrolling is animated and starts a frame late). */
function settle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const log = document.querySelector('[role="log"]')!;
        let last = -1;
        let still = 0;
        const check = () => {
          still = log.scrollTop === last ? still + 1 : 0;
          last = log.scrollTop;
          if (still >= 10) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Marks the first row whose top is inside the log and returns where it is on screen. */
function watchRow(page: Page): Promise<{ top: number; height: number }> {
  return page.evaluate(() => {
    const log = document.querySelector('[role="log"]')!;
    document.querySelector('[data-e2e-watch]')?.removeAttribute('data-e2e-watch');
    const top = log.getBoundingClientRect().top;
    const row = [...log.querySelectorAll('.toolchat-message')].find((r) => r.getBoundingClientRect().top >= top)!;
    row.setAttribute('data-e2e-watch', '');
    return { top: row.getBoundingClientRect().top, height: log.clientHeight };
  });
}

const watchedTop = (page: Page) => page.evaluate(() => document.querySelector('[data-e2e-watch]')!.getBoundingClientRect().top);
const rowCount = (page: Page) => page.locator('.toolchat-message').count();
const inView = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const log = document.querySelector('[role="log"]')!.getBoundingClientRect();
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return box !== undefined && box.top >= log.top && box.bottom <= log.bottom;
  }, selector);

describe('a restored thread of 10,000 messages in Chromium', () => {
  let server: PageServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await servePage('test/e2e/pages/long-thread.tsx', { production: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(errors: string[]): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}?messages=10000`);
    await page.waitForFunction(() => window.__longThread !== undefined, null, { timeout: 30_000 });
    return page;
  }

  it('opens at its last answer with only the latest page rendered, and axe finds nothing', async () => {
    const errors: string[] = [];
    const page = await open(errors);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Answer 4999 ends here.').waitFor();
    // The message actions load after the first render and grow every row once: the view is
    // measured after they came and it followed them (on a loaded machine they come late).
    await log.getByRole('group', { name: 'Message actions' }).first().waitFor({ state: 'attached' });
    await settle(page);
    expect(await rowCount(page)).toBe(40);
    expect(await log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(1);
    expect(await inView(page, '.toolchat-log-page:last-child .toolchat-message:last-child')).toBe(true);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);

    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(document.querySelector('.toolchat')!);
      return result.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`);
    });
    expect(violations).toEqual([]);
    await screenshot(page, 'long-thread-latest');
    expect(errors).toEqual([]);
  });

  it('scrolls up to the first of 10,000 messages with the keyboard, the view never jumping', { timeout: 120_000 }, async () => {
    const errors: string[] = [];
    const page = await open(errors);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Answer 4999 ends here.').waitFor();
    // The message actions load after the first render and give each row its action bar: a
    // reader's first PageUp comes after that, and a measure taken across it would count the
    // rows growing as a jump.
    await log.getByRole('group', { name: 'Message actions' }).first().waitFor({ state: 'attached' });
    await settle(page);
    await log.focus();

    // Each PageUp moves the row at the top down by at most a screen, also when it shows a page more.
    for (let press = 0; press < 20; press++) {
      const { top, height } = await watchRow(page);
      await page.keyboard.press('PageUp');
      await page.waitForFunction((top) => document.querySelector('[data-e2e-watch]')!.getBoundingClientRect().top !== top, top);
      await settle(page);
      const moved = (await watchedTop(page)) - top;
      expect(moved, `PageUp ${press + 1}`).toBeGreaterThan(0);
      expect(moved, `PageUp ${press + 1}`).toBeLessThanOrEqual(height);
    }
    expect(await rowCount(page)).toBeGreaterThan(40);

    // Home shows more above the reader each time (a few rows a frame), the row that was first staying in view.
    for (let press = 0; press < 5; press++) {
      const before = await rowCount(page);
      await page.keyboard.press('Home');
      await page.waitForFunction((count) => document.querySelectorAll('.toolchat-message').length > count, before);
      await settle(page);
      expect(await rowCount(page)).toBeGreaterThan(before);
      expect(await page.evaluate(() => document.querySelector('[role="log"]')!.scrollTop)).toBeGreaterThan(0);
    }

    // The rest a page per "Show earlier messages", clicked from the script (scrolling reveals a
    // few rows a frame: the thousands of frames to the top are the next test's).
    await page.evaluate(async () => {
      const log = document.querySelector('[role="log"]')!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let button = log.querySelector<HTMLElement>('.toolchat-earlier'); button; button = log.querySelector<HTMLElement>('.toolchat-earlier')) {
        button.click();
        await frame();
      }
    });
    expect(await rowCount(page)).toBe(10_000);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('[role="log"]')!.scrollTop === 0);
    await settle(page);
    await log.getByText('What is the weather in city 0?').waitFor();
    expect(await inView(page, '.toolchat-message')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('log');
    await screenshot(page, 'long-thread-first');

    // End goes back to the latest answer.
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const el = document.querySelector('[role="log"]')!;
      return el.scrollHeight - el.scrollTop - el.clientHeight <= 1;
    });
    await settle(page);
    expect(await log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(1);
    expect(await inView(page, '.toolchat-log-page:last-child .toolchat-message:last-child')).toBe(true);

    // Pages out of view skip layout and paint, and find-in-page still finds their text.
    expect(await page.locator('.toolchat-log-page[data-state="measured"]').count()).toBeGreaterThan(200);
    const found = await page.evaluate(() => {
      const find = (window as unknown as { find: (text: string) => boolean }).find;
      return find('What is the weather in city 0?') ? window.getSelection()?.toString() : undefined;
    });
    expect(found).toBe('What is the weather in city 0?');
    expect(errors).toEqual([]);
  });

  it('renders older messages while the reader scrolls up a screen per frame', async () => {
    // How long those frames take is a timing: `npm run bench -- chromium` compares it with a plain list.
    const { rows, errors } = await scrollUp(browser, server);
    expect(rows).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  });

  it('reaches "Show earlier messages" with Tab and shows a page per Enter, keeping it focused and in view', async () => {
    const errors: string[] = [];
    const page = await open(errors);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Answer 4999 ends here.').waitFor();
    await log.focus();
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: 'Show earlier messages (9,960 more)' });
    await settle(page);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inView(page, '.toolchat-earlier')).toBe(true);
    expect(await rowCount(page)).toBe(40);

    await page.keyboard.press('Enter');
    await settle(page);
    expect(await rowCount(page)).toBe(80);
    const focused = page.getByRole('button', { name: 'Show earlier messages (9,920 more)' });
    expect(await focused.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inView(page, '.toolchat-earlier')).toBe(true);
    // The messages just shown follow the button: the oldest of them first.
    expect(await inView(page, '.toolchat-message')).toBe(true);
    await log.getByText('What is the weather in city 4960?').waitFor();
    await screenshot(page, 'long-thread-show-earlier');
    expect(errors).toEqual([]);
  });

  it('opens and closes tool cards in older messages without moving them', async () => {
    const errors: string[] = [];
    const page = await open(errors);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Answer 4999 ends here.').waitFor();
    await log.focus();
    for (let press = 0; press < 12; press++) await page.keyboard.press('PageUp');
    await settle(page);
    // The first "Used 4 tools" fully in view, by its position among all of them.
    const index = await page.evaluate(() => {
      const log = document.querySelector('[role="log"]')!.getBoundingClientRect();
      const toggles = [...document.querySelectorAll('.toolchat-tool-summary-toggle')];
      return toggles.findIndex((toggle) => toggle.getBoundingClientRect().top >= log.top + 40);
    });
    const toggle = page.locator('.toolchat-tool-summary-toggle').nth(index);
    const top = async () => (await toggle.boundingBox())!.y;
    const before = await top();
    await toggle.click();
    await settle(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await top()).toBe(before);
    await screenshot(page, 'long-thread-tool-card-open');
    await toggle.press('Enter');
    await settle(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await top()).toBe(before);
    expect(errors).toEqual([]);
  });

  it('keeps the reader where they are while a new answer streams below, until "Jump to latest"', async () => {
    const errors: string[] = [];
    const page = await open(errors);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Answer 4999 ends here.').waitFor();
    await log.focus();
    for (let press = 0; press < 6; press++) await page.keyboard.press('PageUp');
    await settle(page);
    const { top } = await watchRow(page);
    await page.getByRole('button', { name: 'Jump to latest' }).waitFor();

    // Every frame while the answer streams (the demo model writes word by word), the row stays put.
    await page.evaluate(() => {
      const row = document.querySelector('[data-e2e-watch]')!;
      const sampled = { tops: [] as number[], done: false };
      (window as unknown as { __tops: typeof sampled }).__tops = sampled;
      const sample = () => {
        sampled.tops.push(row.getBoundingClientRect().top);
        if (!sampled.done) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[role="log"]')!.textContent!.includes('21°C'));
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
    const tops = await page.evaluate(() => {
      const sampled = (window as unknown as { __tops: { tops: number[]; done: boolean } }).__tops;
      sampled.done = true;
      return sampled.tops;
    });
    tops.push(await watchedTop(page));
    expect(tops.length).toBeGreaterThan(1);
    expect(new Set(tops.map(Math.round))).toEqual(new Set([Math.round(top)]));

    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await settle(page);
    await log.getByText(/21°C/).waitFor();
    expect(await log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(1);
    await screenshot(page, 'long-thread-new-answer');
    expect(errors).toEqual([]);
  });
});

/** Scrolls a fresh page of the 10,000-message thread up 150 screens from its end, a screen per frame (a fast wheel or a dragged scrollbar). */
async function scrollUp(browser: Browser, server: PageServer) {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  const errors = recordErrors(page);
  try {
    await page.goto(`${server.url}?view=chat-wrapper&messages=10000`);
    await page.waitForFunction(() => window.__longThread !== undefined, null, { timeout: 60_000 });
    const rows = await page.evaluate(async (screens) => {
      const log = document.querySelector<HTMLElement>('[role="log"]')!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      await frame();
      for (let i = 0; i < screens; i++) {
        log.scrollTop -= log.clientHeight;
        await frame();
      }
      await frame();
      return log.querySelectorAll('.toolchat-message').length;
    }, 150);
    return { rows, errors };
  } finally {
    await page.close();
  }
}
