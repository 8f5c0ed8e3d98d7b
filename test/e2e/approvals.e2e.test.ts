import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, recordErrors } from './browser';
import { startDemo } from './demo-server';

// The approval card's choices in Chromium against the demo app (its server keeps the chats; the
// grants are the browser's, in localStorage): what survives a reload and what is forgotten.

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Asks to delete `path` and waits until its card asks; returns the card. */
async function askToDelete(page: Page, path: string) {
  await page.getByRole('button', { name: 'Send' }).waitFor();
  await send(page, `Delete the file ${path}`);
  const card = page.getByRole('log').getByRole('group', { name: 'Delete file' }).last();
  await expect.poll(() => card.getAttribute('data-state')).toBe('awaiting-approval');
  await card.getByRole('button', { name: 'Approve' }).waitFor();
  return card;
}

describe('the approval card in Chromium against the demo app', () => {
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

  it('"Allow for this chat" survives a reload in that chat and is not used in another; "Approve" is forgotten', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(demo.url);
    const log = page.getByRole('log');

    const card = await askToDelete(page, 'report.pdf');
    // The scope a grant covers is on the card before the user commits.
    expect(await card.textContent()).toContain('cover only files in the top folder');
    await screenshot(page, 'approval-choices');
    await card.getByRole('button', { name: 'Allow for this chat' }).click();
    await log.getByText('Done: I deleted report.pdf.').waitFor();

    await page.reload();
    await log.getByText('Done: I deleted report.pdf.').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await send(page, 'Delete the file notes.txt');
    await log.getByText('Done: I deleted notes.txt.').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // Another chat: the grant is not its.
    await page.getByRole('button', { name: 'New chat' }).click();
    const other = await askToDelete(page, 'draft.pdf');
    await other.getByRole('button', { name: 'Approve' }).click();
    await log.getByText('Done: I deleted draft.pdf.').waitFor();

    // "Approve" was for that call: after a reload the next one asks again.
    await page.reload();
    await log.getByText('Done: I deleted draft.pdf.').waitFor();
    await askToDelete(page, 'old.pdf');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Deny with a reason, and Edit: a refused edit says why; a valid one runs with the user’s arguments', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(demo.url);
    const log = page.getByRole('log');

    const first = await askToDelete(page, 'report.pdf');
    await first.getByRole('button', { name: 'Deny with a reason…' }).click();
    await page.getByRole('textbox', { name: 'Reason (the assistant reads it)' }).fill('I still need it');
    await first.getByRole('button', { name: 'Deny', exact: true }).click();
    await log.getByText("OK, I won't delete report.pdf (I still need it).").waitFor();

    const second = await askToDelete(page, 'notes.txt');
    await second.getByRole('button', { name: 'Edit arguments' }).click();
    const editor = page.getByRole('textbox', { name: 'Arguments (JSON)' });
    await editor.fill('{ "path": "" }');
    await page.getByRole('button', { name: 'Run with these arguments' }).click();
    await expect.poll(() => second.getByRole('alert').textContent()).toMatch(/path/);
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'approval-edit-refused');
    await editor.fill('{ "path": "notes-old.txt" }');
    await page.getByRole('button', { name: 'Run with these arguments' }).click();
    await log.getByText('Done: I deleted notes-old.txt.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Always allow" shows in Settings, where Revoke makes the tool ask again', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(demo.url);
    const log = page.getByRole('log');

    const card = await askToDelete(page, 'report.pdf');
    await card.getByRole('button', { name: 'Always allow Delete file' }).click();
    await log.getByText('Done: I deleted report.pdf.').waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    const grants = page.getByRole('region', { name: 'Tools allowed without asking' });
    await grants.getByText('Delete file (files in the top folder), in every chat').waitFor();
    await screenshot(page, 'approval-grants');
    await grants.getByRole('button', { name: 'Revoke' }).click();
    await grants.getByText('No tool runs without asking.').waitFor();

    await askToDelete(page, 'notes.txt');
    expect(errors).toEqual([]);
    await page.close();
  });
});
