import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, recordErrors } from './browser';
import { startDemo } from './demo-server';

/** The chat requests a page sends, with their bodies. */
function recordChatRequests(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chat') bodies.push(request.postData() ?? '');
  });
  return bodies;
}

describe('the user in control of the loop, in Chromium against the demo app', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;

  beforeAll(async () => {
    demo = await startDemo();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  it('runs a tool that needs approval once the user approves it', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Delete the file report.pdf');
    await page.getByRole('button', { name: 'Send' }).click();

    const card = page.getByRole('group', { name: 'Delete file' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('awaiting-approval');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Waiting for your approval to run Delete file');
    await screenshot(page, 'approval-pending');
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.getByRole('log').getByText('Done: I deleted report.pdf.').waitFor();
    await page.getByRole('button', { name: 'Used Delete file' }).click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('done');
    await screenshot(page, 'approval-approved');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('never runs a denied tool, and the model hears about the denial', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    const requests = recordChatRequests(page);
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Delete the file report.pdf');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Deny', exact: true }).click();

    await page.getByRole('log').getByText(/^OK, I won't delete report\.pdf/).waitFor();
    await page.getByRole('button', { name: 'Used Delete file' }).click();
    const card = page.getByRole('group', { name: 'Delete file' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('denied');
    await screenshot(page, 'approval-denied');

    expect(requests).toHaveLength(2);
    expect(requests[1]).not.toContain('"deleted"');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stops a slow tool: the card ends cancelled and no request follows the Stop', async () => {
    const page = await browser.newPage();
    // A fake clock lets the test jump past the moment the search would have finished.
    await page.clock.install();
    const errors = recordErrors(page);
    const requests = recordChatRequests(page);
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Search slowly for cats');
    await page.getByRole('button', { name: 'Send' }).click();

    const card = page.getByRole('group', { name: 'Slow search' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('running');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('cancelled');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('');
    await screenshot(page, 'stop-slow-tool');

    // Past the search's 3 s: a tool Stop had missed would finish now and post its result.
    await page.clock.fastForward(10_000);
    // The next turn is a barrier: anything the stopped turn still sent would come before it.
    await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText("It's 21°C and sunny in Paris.").waitFor();

    expect(requests).toHaveLength(3);
    expect(requests[0]).toContain('Search slowly for cats');
    expect(requests[1]).toContain("What's the weather in Paris?");
    expect(requests[1]).not.toContain('example.com');
    await expect.poll(() => card.getAttribute('data-state')).toBe('cancelled');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works with the keyboard alone: Tab to the composer, Enter sends, approve, Escape stops', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(demo.url);
    const input = page.getByRole('textbox', { name: 'Message' });
    const focused = (locator: ReturnType<Page['getByRole']>) => locator.evaluate((element) => element === document.activeElement);

    /** Presses `key` until `target` has focus; fails if it never gets there. */
    async function focusWith(key: 'Tab' | 'Shift+Tab', target: ReturnType<Page['getByRole']>): Promise<number> {
      for (let presses = 1; presses <= 20; presses++) {
        await page.keyboard.press(key);
        if (await focused(target)) return presses;
      }
      throw new Error(`${key} never reached the element`);
    }

    await focusWith('Tab', input);
    await page.keyboard.type('Delete the file report.pdf');
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await focused(input)).toBe(true);

    const approve = page.getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    await focusWith('Shift+Tab', approve);
    await page.keyboard.press('Enter');
    await page.getByRole('log').getByText('Done: I deleted report.pdf.').waitFor();

    await focusWith('Tab', input);
    await page.keyboard.type('Search slowly for cats');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('please');
    expect(await input.inputValue()).toBe('Search slowly for cats\nplease');
    await page.keyboard.press('Enter');
    const card = page.getByRole('group', { name: 'Slow search' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('running');
    expect(await focused(input)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => card.getAttribute('data-state')).toBe('cancelled');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'keyboard-only');
    expect(errors).toEqual([]);
    await page.close();
  });
});
