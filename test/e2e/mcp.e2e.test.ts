import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleMcpServer, type ExampleMcpServer } from '../../demo/mcp-server';
import { launchChromium, screenshot, recordErrors } from './browser';
import { startDemo } from './demo-server';

/** The demo page, connected to `url` through its "MCP server URL" field. */
async function connectedPage(browser: Browser, demoUrl: string, mcpUrl: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors = recordErrors(page);
  await page.goto(demoUrl);
  // Each test starts a new conversation: the demo keeps its chat in localStorage.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  // The MCP field is in the demo's settings.
  await page.getByRole('button', { name: 'Settings' }).click();
  const form = page.getByRole('form', { name: 'MCP server' });
  await form.getByLabel('MCP server URL').fill(mcpUrl);
  await form.getByRole('button', { name: 'Connect' }).click();
  await form.getByText(/^Connected to toolchat-example: 8 tools/).waitFor();
  return { page, errors };
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

describe('the demo connected to a real MCP server from Chromium (another origin: CORS)', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let server: ExampleMcpServer;
  let browser: Browser;
  const events = (tool: string, type: string) => server.events.filter((event) => event.tool === tool && event.type === type).length;

  beforeAll(async () => {
    [demo, server, browser] = await Promise.all([startDemo(), startExampleMcpServer({ port: 0 }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await demo?.close();
  });

  it('calls a tool the user names, and the model answers from its result', async () => {
    const { page, errors } = await connectedPage(browser, demo.url, server.url);
    await send(page, 'Use add numbers with 2 and 3');
    const log = page.getByRole('log');
    await log.getByText('mcp_add_numbers says: 2 + 3 = 5').waitFor();
    // The card shows the MCP result (a custom renderer): it stays where it is after the answer.
    expect(await log.getByRole('button', { name: /^Used / }).count()).toBe(0);
    await expect.poll(() => log.getByRole('group', { name: 'Add numbers' }).getAttribute('data-state')).toBe('done');
    await screenshot(page, 'mcp-call');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the image a tool returns on its card', async () => {
    const { page, errors } = await connectedPage(browser, demo.url, server.url);
    await send(page, 'Draw square in blue');
    const log = page.getByRole('log');
    await log.getByText('mcp_draw_square says: A blue square. (and an image)').waitFor();
    const card = log.getByRole('group', { name: 'Draw a square' });
    const image = card.locator('img');
    await expect.poll(() => image.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
    // Decoded and drawn: the browser knows its size.
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(48);
    await screenshot(page, 'mcp-image');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks for approval before a destructive tool runs, and runs it once approved', async () => {
    const { page, errors } = await connectedPage(browser, demo.url, server.url);
    const before = events('delete_note', 'call');
    await send(page, 'Delete note "Shopping"');
    const card = page.getByRole('log').getByRole('group', { name: 'Delete a note' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('awaiting-approval');
    expect(events('delete_note', 'call')).toBe(before);
    await screenshot(page, 'mcp-approval');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('log').getByText('mcp_delete_note says: Deleted the note "Shopping".').waitFor();
    expect(events('delete_note', 'call')).toBe(before + 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Stop cancels a slow call: the card ends cancelled and the server sees MCP cancellation', async () => {
    const { page, errors } = await connectedPage(browser, demo.url, server.url);
    const before = events('count_slowly', 'cancelled');
    await send(page, 'Count slowly for 30 seconds');
    const card = page.getByRole('log').getByRole('group', { name: 'Count slowly' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('running');
    await expect.poll(() => events('count_slowly', 'call')).toBeGreaterThan(events('count_slowly', 'cancelled') + events('count_slowly', 'completed'));
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('cancelled');
    await expect.poll(() => events('count_slowly', 'cancelled')).toBe(before + 1);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sends a failing tool's error back to the model, which reads it out", async () => {
    const { page, errors } = await connectedPage(browser, demo.url, server.url);
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/chat') bodies.push(request.postData() ?? '');
    });
    await send(page, 'Check service');
    await page
      .getByRole('log')
      .getByText('Sorry, mcp_check_service failed: The upstream service is down (HTTP 503). Try again later.')
      .waitFor();
    const second = JSON.parse(bodies[1] ?? '{}') as { messages: Array<{ parts: Array<{ type: string; state?: string; errorText?: string }> }> };
    const part = second.messages.at(-1)?.parts.find((candidate) => candidate.type === 'tool-mcp_check_service');
    expect(part).toMatchObject({ state: 'output-error', errorText: 'The upstream service is down (HTTP 503). Try again later.' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the example’s MCP App in its card: a pick draws a square through the server, and its message goes to the chat', async () => {
    const { page, errors } = await connectedPage(browser, demo.url, server.url);
    const before = events('draw_square', 'call');
    await send(page, 'Use pick color');
    const card = page.getByRole('log').getByRole('group', { name: 'Pick a colour' });
    const picker = page.frameLocator('iframe.toolchat-mcp-app-frame');
    await picker.getByRole('button', { name: 'Blue' }).click();
    await picker.getByText('You picked blue.').waitFor();
    // The app's call went through the chat to the server, once.
    expect(events('draw_square', 'call')).toBe(before + 1);
    await screenshot(page, 'mcp-app-demo');
    await picker.getByRole('button', { name: 'Tell the assistant' }).click();
    await page.getByRole('log').getByText('I picked blue. Draw square in blue').waitFor();
    await page.getByRole('log').getByText('mcp_draw_square says: A blue square. (and an image)').waitFor();
    // The app stays in its card once the model answered.
    expect(await card.locator('iframe').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('validates input in the browser under a CSP without unsafe-eval, before the server is asked', async () => {
    // The demo served with a policy that forbids eval and new Function.
    const strict = await startDemo({}, { 'Content-Security-Policy': "script-src 'self'; object-src 'none'" });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(strict.url);
      // The MCP field is in the demo's settings.
      await page.getByRole('button', { name: 'Settings' }).click();
      const form = page.getByRole('form', { name: 'MCP server' });
      await form.getByLabel('MCP server URL').fill(server.url);
      await form.getByRole('button', { name: 'Connect' }).click();
      await form.getByText(/^Connected to toolchat-example/).waitFor();
      const before = events('add_numbers', 'call');
      await send(page, 'Use add numbers with a=two');
      await page.getByRole('log').getByText(/Sorry, mcp_add_numbers failed: Invalid input for tool "mcp_add_numbers": ✖ /).waitFor();
      expect(events('add_numbers', 'call')).toBe(before);
      expect(violations.filter((text) => /eval/i.test(text))).toEqual([]);
      await page.close();
    } finally {
      await strict.close();
    }
  });
});

describe('CORS: an MCP server that does not allow the page’s origin', () => {
  it('shows a readable error in the field instead of a stuck chat', async () => {
    const [demo, server, browser] = await Promise.all([
      startDemo(),
      startExampleMcpServer({ port: 0, allowedOrigins: ['https://elsewhere.example'] }),
      launchChromium(),
    ]);
    try {
      const page = await browser.newPage();
      await page.goto(demo.url);
      // The MCP field is in the demo's settings.
      await page.getByRole('button', { name: 'Settings' }).click();
      const form = page.getByRole('form', { name: 'MCP server' });
      await form.getByLabel('MCP server URL').fill(server.url);
      await form.getByRole('button', { name: 'Connect' }).click();
      await form
        .getByText(/^Error: Could not connect to the MCP server at http:\/\/127\.0\.0\.1:\d+\/mcp: .*does it allow this page's origin with CORS\?/)
        .waitFor();
      await screenshot(page, 'mcp-cors-error');
      // The chat still works with its own tools.
      await send(page, "What's the weather in Paris?");
      await page.getByRole('log').getByText("It's 21°C and sunny in Paris.").waitFor();
    } finally {
      await browser.close();
      await server.close();
      await demo.close();
    }
  });
});
