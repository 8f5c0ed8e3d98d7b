import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar, en } from '../../src/locales/index';
import { launchChromium, screenshot, recordErrors, axeViolations } from './browser';
import { servePage, type PageServer } from './page-server';


let server: PageServer;
let browser: Browser;

beforeAll(async () => {
  server = await servePage('test/e2e/pages/parts-chat.tsx');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, selector: string): Promise<Box> => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not laid out`);
  return found;
};

const cases = [
  { lang: 'en', labels: en, dir: 'ltr' },
  { lang: 'ar', labels: ar, dir: 'rtl' },
] as const;

describe.each(cases)('the chat parts in Chromium, $lang ($dir)', ({ lang, labels, dir }) => {
  describe.each(['light', 'dark'] as const)('%s', (theme) => {
    it('lays out every part on its side of the page, by keyboard, and axe finds nothing', async () => {
      const page = await browser.newPage({ viewport: { width: 900, height: 900 }, colorScheme: theme });
      try {
        const errors = recordErrors(page);
        await page.goto(`${server.url}?lang=${lang}&theme=${theme}`);
        const input = page.getByRole('textbox', { name: labels.composerLabel });
        await input.fill('What are you built on? Cite your sources');
        await input.press('Enter');

        const sources = page.getByRole('list', { name: labels.sources });
        await sources.waitFor();
        const followUps = page.getByRole('list', { name: labels.followUps });
        await followUps.waitFor();
        expect(await sources.getByRole('listitem').count()).toBe(4);
        await expect.poll(() => page.getByRole('link', { name: labels.citation(1, 'AI SDK documentation') }).count()).toBe(2);

        // Right to left: the user's message on the left, its actions beside it towards the middle;
        // Send on the left of the input; the meter at the start of the toolbar (the right).
        const chat = await box(page, '.toolchat');
        const user = await box(page, ".toolchat-message[data-role='user'] .toolchat-message-body");
        const send = await box(page, '.toolchat-composer .toolchat-button');
        const field = await box(page, '.toolchat-composer .toolchat-input');
        const meter = await box(page, '.toolchat-context-summary');
        const middle = chat.x + chat.width / 2;
        if (dir === 'rtl') {
          expect(user.x + user.width).toBeLessThan(middle);
          expect(send.x).toBeLessThan(field.x);
          expect(meter.x).toBeGreaterThan(middle);
        } else {
          expect(user.x).toBeGreaterThan(middle);
          expect(send.x).toBeGreaterThan(field.x);
          expect(meter.x + meter.width).toBeLessThan(middle);
        }
        // Nothing sticks out of the chat sideways.
        const overflow = await page.evaluate(() =>
          [...document.querySelectorAll('.toolchat, .toolchat-log, .toolchat-sources, .toolchat-follow-ups, .toolchat-composer')].map(
            (element) => element.scrollWidth - element.clientWidth,
          ),
        );
        expect(overflow.every((extra) => extra <= 1)).toBe(true);

        // The last answer's actions by keyboard: the thumb, then its comment.
        const bar = page.getByRole('log').getByRole('group', { name: labels.messageActions }).last();
        const good = bar.getByRole('button', { name: labels.goodAnswer });
        await good.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => good.getAttribute('aria-pressed')).toBe('true');
        const comment = page.getByRole('textbox', { name: labels.feedbackComment('up') });
        await comment.focus();
        await page.keyboard.type('ok');
        await page.keyboard.press('Enter');
        await bar.getByText(labels.feedbackSent).waitFor();
        expect((await page.evaluate(() => (window as unknown as { feedback: unknown[][] }).feedback)).map((call) => call.slice(1))).toEqual([['up'], ['up', 'ok']]);

        // Chromium speaks: read aloud is offered, and dictation where it has recognition.
        await bar.getByRole('button', { name: labels.readAloud }).waitFor();
        const recognizes = await page.evaluate(() => 'webkitSpeechRecognition' in window || 'SpeechRecognition' in window);
        expect(await page.getByRole('button', { name: labels.dictate }).count()).toBe(recognizes ? 1 : 0);

        // The meter's details open by keyboard, inside the chat.
        await page.locator('.toolchat-context-summary').focus();
        await page.keyboard.press('Enter');
        const details = await box(page, '.toolchat-context-details');
        expect(details.x).toBeGreaterThanOrEqual(chat.x - 1);
        expect(details.x + details.width).toBeLessThanOrEqual(chat.x + chat.width + 1);
        await page.getByRole('meter', { name: labels.contextWindow }).waitFor();

        expect(await axeViolations(page, '.toolchat')).toEqual([]);
        expect(errors).toEqual([]);
        await screenshot(page, `parts-${lang}-${theme}`);
      } finally {
        await page.close();
      }
    });
  });
});
