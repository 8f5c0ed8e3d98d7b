import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, recordErrors } from './browser';
import { startDemo } from './demo-server';

// Every payload sets window.__xss (or opens a dialog) if the browser ever runs it.
const PAYLOAD = [
  'Here is your report.',
  '',
  '<img src=x onerror="window.__xss = \'img\'; alert(1)">',
  '',
  '<script>window.__xss = "script"</script>',
  '',
  '[click me](javascript:window.__xss=\'link\')',
  '',
  '<a href="javascript:window.__xss=\'anchor\'">raw anchor</a>',
  '',
  '![picture](javascript:window.__xss=\'image\')',
  '',
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  '',
  '<svg onload="window.__xss=\'svg\'"></svg>',
  '',
  '[data link](data:text/html,<script>alert(1)</script>)',
  '',
  'End of report.',
].join('\n');

/** A UI message stream as the AI SDK endpoint sends it, with the payload cut into pieces. */
function sseBody(markdown: string): string {
  const deltas = markdown.match(/[\s\S]{1,17}/g) ?? [];
  const chunks = [
    { type: 'start', messageId: 'xss-message' },
    { type: 'start-step' },
    { type: 'text-start', id: 'text-1' },
    ...deltas.map((delta) => ({ type: 'text-delta', id: 'text-1', delta })),
    { type: 'text-end', id: 'text-1' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
  ];
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}

describe('model Markdown carrying script, in Chromium', () => {
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

  it('shows the text and runs none of it: no handler, no javascript: URL, no dialog', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors = recordErrors(page);
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
        body: sseBody(PAYLOAD),
      }),
    );
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Show me the report');
    await page.getByRole('button', { name: 'Send' }).click();

    const log = page.getByRole('log');
    await log.getByText('End of report.').waitFor();
    await log.getByText('Here is your report.').waitFor();

    // Nothing in the conversation carries an event handler or a script URL.
    const dangerous = await log.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name) || /^\s*(javascript|data|vbscript):/i.test(attribute.value))
          .map((attribute) => `<${element.localName} ${attribute.name}="${attribute.value}">`),
      ),
    );
    expect(dangerous).toEqual([]);
    expect(await log.locator('script, iframe, object, embed, svg[onload]').count()).toBe(0);

    // Links stay links, but to nowhere dangerous; clicking one runs nothing.
    const link = log.getByText('click me');
    const href = await link.evaluate((element) => element.closest('a')?.getAttribute('href') ?? null);
    expect(href ?? '').not.toMatch(/javascript:/i);
    const urlBefore = page.url();
    await link.click({ noWaitAfter: true });
    expect(page.url()).toBe(urlBefore);

    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await screenshot(page, 'xss-payload');
    expect(errors).toEqual([]);
    await page.close();
  });
});
