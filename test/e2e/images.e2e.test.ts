import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, recordErrors } from './browser';
import { startDemo } from './demo-server';

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A server on 127.0.0.1 (another origin than the demo's) that records every request. */
async function startImageServer(): Promise<{ origin: string; hits: Array<{ url: string; headers: IncomingHttpHeaders }>; close: () => Promise<void> }> {
  const hits: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((request, response) => {
    hits.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(PIXEL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('image server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An SVG that would fetch an image and run a script, if an `<img>` let it. */
function hostileSvg(origin: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20" onload="window.__svg='onload'"><script>window.__svg='script'</script><image href="${origin}/pixel.png?secret=svg-inner" xlink:href="${origin}/pixel.png?secret=svg-inner" width="20" height="20"/><rect width="20" height="20" fill="teal"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function answer(origin: string): string {
  return [
    'Here is your chart.',
    '',
    `![secret chart](${origin}/pixel.png?secret=remote)`,
    '',
    '![by reference][chart]',
    '',
    `[chart]: ${origin}/pixel.png?secret=reference`,
    '',
    `[![linked logo](${origin}/pixel.png?secret=linked)](${origin}/page)`,
    '',
    `<img src="${origin}/pixel.png?secret=raw-html" srcset="${origin}/pixel.png?secret=srcset 2x">`,
    '',
    `![drawing](${hostileSvg(origin)})`,
    '',
    `Read [the report](${origin}/report) or <${origin}/autolink>.`,
    '',
    'End of images.',
  ].join('\n');
}

/**
 * A UI message stream as the AI SDK endpoint sends it, cut into pieces; `files` are file parts
 * of the answer before its text (a generated image, a tool's chart).
 */
function sseBody(markdown: string, files: ReadonlyArray<{ url: string; mediaType: string }> = []): string {
  const deltas = markdown.match(/[\s\S]{1,23}/g) ?? [];
  const chunks = [
    { type: 'start', messageId: 'images' },
    { type: 'start-step' },
    ...files.map((file) => ({ type: 'file', ...file })),
    { type: 'text-start', id: 't' },
    ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
  ];
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}

describe('images in model Markdown, in Chromium', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let images: Awaited<ReturnType<typeof startImageServer>>;
  let browser: Browser;

  beforeAll(async () => {
    [demo, images, browser] = await Promise.all([startDemo(), startImageServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await images?.close();
    await demo?.close();
  });

  it('sends no request for a remote image until the user asks, then exactly that one, without a referrer', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(images.origin)) requested.push(request.url());
    });
    const errors = recordErrors(page);
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
        body: sseBody(answer(images.origin), [{ url: `${images.origin}/pixel.png?secret=file-part`, mediaType: 'image/png' }]),
      }),
    );
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Show me the chart');
    await page.getByRole('button', { name: 'Send' }).click();

    const log = page.getByRole('log');
    await log.getByText('End of images.').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    // Placeholders, each naming the host; no <img> points anywhere but data:.
    const host = new URL(images.origin).host;
    // Three in the Markdown, one for the answer's image file part.
    // The file part's image guard loads when first shown: poll for its placeholder.
    await expect.poll(() => log.getByRole('button', { name: `Load image from ${host}` }).count()).toBe(4);
    expect(await log.locator('img').count()).toBe(0);
    expect(await log.getByText('<img src=').count()).toBe(1); // raw HTML stays text
    expect(await log.getByRole('link', { name: `the report (${host})` }).getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'images-waiting');
    expect(requested).toEqual([]);
    expect(images.hits).toEqual([]);

    // The user asks for the chart in the text: it, and only it, is fetched.
    await log.locator('.toolchat-markdown').getByRole('button', { name: `Load image from ${host}` }).first().click();
    const loaded = log.getByRole('img', { name: 'secret chart' });
    await expect.poll(() => loaded.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    expect(images.hits.map((hit) => hit.url)).toEqual(['/pixel.png?secret=remote']);
    expect(images.hits[0]?.headers.referer).toBeUndefined();
    expect(requested).toEqual([`${images.origin}/pixel.png?secret=remote`]);
    await screenshot(page, 'images-one-loaded');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows an SVG written into the answer only on request, and then it fetches nothing and runs nothing', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(images.origin)) requested.push(request.url());
    });
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
        body: sseBody(`![drawing](${hostileSvg(images.origin)})\n\nDone.`),
      }),
    );
    await page.goto(demo.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Draw');
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log');
    await log.getByText('Done.').waitFor();
    await log.getByRole('button', { name: 'Load embedded SVG image' }).click();
    const drawing = log.getByRole('img', { name: 'drawing' });
    await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(20);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { __svg?: unknown }).__svg)).toBeUndefined();
    expect(requested).toEqual([]);
    expect(images.hits.filter((hit) => hit.url.includes('svg-inner'))).toEqual([]);
    await page.close();
  });
});
