import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, axeViolations } from './browser';
import { solidPng } from '../../demo/png';
import { startDemo, type RunningDemo } from './demo-server';


const PNG = solidPng(96, [207, 34, 46]);

/** Three turns with weather cards: more than a small window shows. */
async function longThread(page: Page): Promise<void> {
  for (const city of ['Tokyo and London', 'Paris and Berlin', 'Sydney and Reykjavik']) {
    await send(page, `What's the weather in ${city}?`);
    await idle(page);
  }
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Resolves once the answer is complete and the chat idle. */
async function idle(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send' }).waitFor();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('');
}

/** The new everyday actions in the demo app, each in light and dark, with a screenshot of each. */
describe.each(['light', 'dark'] as const)('the chat UI in Chromium, %s', (scheme) => {
  let demo: RunningDemo;
  let browser: Browser;
  let errors: string[];

  beforeAll(async () => {
    demo = await startDemo();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  const open = async (viewport = { width: 1000, height: 760 }) => {
    const page = await browser.newPage({ viewport, colorScheme: scheme, permissions: ['clipboard-read', 'clipboard-write'] });
    errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(demo.url);
    return page;
  };

  it('puts the chat first: the first text box is the message, the settings are one click away', async () => {
    const page = await open();
    expect(await page.getByRole('textbox').count()).toBe(1);
    expect(await page.getByRole('form', { name: 'MCP server' }).count()).toBe(0);
    await screenshot(page, `ui-${scheme}-empty`);

    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.click();
    expect(await settings.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('form', { name: 'MCP server' }).waitFor();
    await page.getByRole('switch', { name: 'Text-only model (###: markers)' }).waitFor();
    await page.getByRole('link', { name: 'WebMCP' }).waitFor();
    await screenshot(page, `ui-${scheme}-settings`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('copies an answer as Markdown, regenerates it, and edits the question (what followed is replaced)', async () => {
    const page = await open();
    const log = page.getByRole('log');
    await send(page, 'What is 2+2?');
    await log.getByText('2+2 = 4.').waitFor();
    await idle(page);

    const answer = log.locator('.toolchat-message[data-role="assistant"]').last();
    await answer.hover();
    await screenshot(page, `ui-${scheme}-message-actions`);
    await answer.getByRole('button', { name: 'Copy' }).click();
    await answer.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Let me check 2+2.\n\n2+2 = 4.');
    expect(await axeViolations(page)).toEqual([]);

    // Idle right after the click is the state before it: wait for Regenerate's request to leave
    // (the old answer is gone by then), then for the new answer.
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/chat') requests++;
    });
    await answer.getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => requests).toBeGreaterThan(0);
    await log.getByText('2+2 = 4.').waitFor();
    await idle(page);
    expect(await log.getByText('2+2 = 4.').count()).toBe(1);
    expect(await log.locator('.toolchat-message').count()).toBe(2);

    // Keyboard: Tab from the message box backwards reaches the actions.
    await log.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.waitFor();
    expect(await editor.inputValue()).toBe('What is 2+2?');
    await screenshot(page, `ui-${scheme}-edit`);
    expect(await axeViolations(page)).toEqual([]);
    await editor.fill('What is 3+3?');
    await page.keyboard.press('Enter');
    await log.getByText('3+3 = 6.').waitFor();
    await idle(page);
    expect(await log.getByText('What is 2+2?').count()).toBe(0);
    expect(await log.getByText('2+2 = 4.').count()).toBe(0);
    await screenshot(page, `ui-${scheme}-edited`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('attaches an image by the button and a file by drop, shows them as chips, and sends them as file parts', async () => {
    const page = await open();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/chat') requests.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Attach files' }).waitFor();
    await page.locator('.toolchat-composer input[type=file]').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: PNG });
    // A drop, as the browser makes it.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' }));
      const form = document.querySelector('.toolchat-composer')!;
      form.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      form.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    const chips = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    await expect.poll(() => chips.allTextContents()).toEqual(['red.png', 'table.csv']);
    await page.getByRole('textbox', { name: 'Message' }).fill('What is 2+2?');
    await screenshot(page, `ui-${scheme}-attachments`);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log');
    await log.getByText('2+2 = 4.').waitFor();
    await idle(page);
    const parts = (JSON.parse(requests[0] ?? '{}') as { messages: Array<{ parts: Array<{ type: string; mediaType?: string; filename?: string }> }> })
      .messages.at(-1)?.parts;
    expect(parts?.map((part) => [part.type, part.mediaType, part.filename])).toEqual([
      ['file', 'image/png', 'red.png'],
      ['file', 'text/csv', 'table.csv'],
      ['text', undefined, undefined],
    ]);
    // The image shows in the message (the user's own data: URL), the other file as a chip.
    const image = log.getByRole('img', { name: 'red.png' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await log.getByText('table.csv').waitFor();
    await screenshot(page, `ui-${scheme}-attachments-sent`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows tool cards people read: titles, arguments, one error line, a denial as "Denied", the fold counting failures only', async () => {
    const page = await open();
    const log = page.getByRole('log');
    await send(page, 'What time is it in Tokyo and Atlantis?');
    const fold = log.getByRole('button', { name: 'Used 2 tools: Get time 1 failed' });
    await fold.click();
    const failed = log.locator('.toolchat-tool[data-state="error"]');
    await expect.poll(() => failed.getByRole('button').first().textContent()).toMatch(/^Get time/);
    expect(await failed.locator('.toolchat-tool-error').count()).toBe(1);
    expect(await failed.locator('dl').count()).toBe(1);
    await idle(page);
    await screenshot(page, `ui-${scheme}-tool-error`);

    await send(page, 'Delete the file report.pdf');
    const card = log.getByRole('group', { name: 'Delete file' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('awaiting-approval');
    await screenshot(page, `ui-${scheme}-tool-approval`);
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await log.getByText("OK, I won't delete report.pdf.", { exact: true }).waitFor();
    await idle(page);
    const denied = log.getByRole('button', { name: 'Used Delete file 1 denied' });
    await denied.click();
    const badge = log.getByRole('group', { name: 'Delete file' }).getByText('Denied', { exact: true });
    // Neutral: the muted text colour, not the danger red of a failure.
    const colours = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!).color;
      return { denied: style('.toolchat-tool-summary-toggle .toolchat-badge[data-state="denied"]'), failed: style('.toolchat-tool-summary-toggle .toolchat-badge[data-state="error"]') };
    });
    expect(colours.denied).not.toBe(colours.failed);
    await badge.waitFor();
    await screenshot(page, `ui-${scheme}-tool-denied`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers "Jump to latest" once the reader scrolls up, and it brings them back down', async () => {
    const page = await open({ width: 1000, height: 560 });
    const log = page.getByRole('log');
    await longThread(page);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    await screenshot(page, `ui-${scheme}-jump-to-latest`);
    expect(await axeViolations(page)).toEqual([]);
    await jump.click();
    await expect.poll(() => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)).toBeLessThanOrEqual(1);
    await expect.poll(() => jump.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps a new chat across a reload (its id in the URL) and lists the chats', async () => {
    const page = await open();
    const log = page.getByRole('log');
    await send(page, 'What is 2+2?');
    await log.getByText('2+2 = 4.').waitFor();
    await idle(page);
    const first = new URL(page.url()).searchParams.get('chat');
    expect(first).toBeTruthy();

    await page.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('chat')).not.toBe(first);
    await send(page, "What's the weather in Paris?");
    await log.getByText("It's 21°C and sunny in Paris.").waitFor();
    await idle(page);
    const second = new URL(page.url()).searchParams.get('chat');

    await page.reload();
    await log.getByText("It's 21°C and sunny in Paris.").waitFor();
    expect(new URL(page.url()).searchParams.get('chat')).toBe(second);
    const chats = page.getByRole('navigation', { name: 'Chats' });
    await expect.poll(() => chats.getByRole('listitem').count()).toBe(2);
    expect(await chats.locator('[aria-current="page"]').textContent()).toContain('weather');
    await screenshot(page, `ui-${scheme}-chat-list`);

    await chats.getByRole('button', { name: /^What is 2\+2/ }).click();
    await log.getByText('2+2 = 4.').waitFor();
    expect(new URL(page.url()).searchParams.get('chat')).toBe(first);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the composer on screen with no sized parent, and its input grows with its text without a grip', async () => {
    const page = await open({ width: 900, height: 600 });
    // The chat dropped into a page that gives it no height.
    await page.addStyleTag({ content: '.demo, .demo-body, .demo-main { display: block !important; height: auto !important; }' });
    await longThread(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The messages scroll inside the chat; the chat is no taller than the window.
    expect(await page.getByRole('log').evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    const composer = await page.locator('.toolchat-composer').boundingBox();
    expect(composer).not.toBeNull();
    expect(composer!.y + composer!.height).toBeLessThanOrEqual(601);
    expect(await page.locator('.toolchat').evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(600);

    const input = page.getByRole('textbox', { name: 'Message' });
    expect(await input.evaluate((element) => getComputedStyle(element).resize)).toBe('none');
    const before = (await input.boundingBox())!.height;
    await input.fill('one\ntwo\nthree\nfour');
    await expect.poll(async () => (await input.boundingBox())!.height).toBeGreaterThan(before * 2);
    await screenshot(page, `ui-${scheme}-unsized-parent`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
