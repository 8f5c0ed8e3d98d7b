import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './browser';
import { startDemo } from './demo-server';

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

describe('the WebMCP demo page in Chromium (@mcp-b/webmcp-polyfill)', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  const open = async () => {
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(new URL('webmcp.html', demo.url).href);
    await page.getByText(/^Page tools: get_page_title, subscribe_newsletter\./).waitFor();
  };

  it("calls a tool the page registered in script, from the chat", async () => {
    await open();
    await send(page, 'Use get page title');
    await page.getByRole('log').getByText('get_page_title says: title: toolchat WebMCP demo, notes: 0').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('calls a tool declared by an annotated form: approval, the form fills and submits, the page answers', async () => {
    await open();
    await send(page, 'Subscribe newsletter with email=ada@example.com');
    const card = page.getByRole('log').getByRole('group', { name: 'Subscribe newsletter' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('awaiting-approval');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('log').getByText('subscribe_newsletter says: subscribed: ada@example.com').waitFor();
    await page.getByRole('list', { name: 'Subscribed' }).getByText('ada@example.com').waitFor();
    await screenshot(page, 'webmcp-form-tool');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("lets an agent on the page call the chat's own tools through document.modelContext, with validation and approval", async () => {
    await open();
    const run = (name: string, input: string) =>
      page.evaluate(
        async ([toolName, json]) => {
          const context = (document as unknown as {
            modelContext: {
              getTools(): Promise<Array<{ name: string }>>;
              executeTool(tool: unknown, input: string): Promise<string | null>;
            };
          }).modelContext;
          const tool = (await context.getTools()).find((candidate) => candidate.name === toolName);
          try {
            return { result: await context.executeTool(tool, json!) };
          } catch (error) {
            return { error: error instanceof Error ? error.message : String(error) };
          }
        },
        [name, input] as const,
      );

    await expect.poll(() => page.evaluate(async () => (await (document as unknown as { modelContext: { getTools(): Promise<Array<{ name: string }>> } }).modelContext.getTools()).map((tool) => tool.name))).toContain('getWeather');
    expect(JSON.parse((await run('getWeather', '{"city":"Paris"}')).result ?? 'null')).toEqual({ city: 'Paris', tempC: 21, conditions: 'sunny' });
    expect((await run('getWeather', '{"city":""}')).error).toMatch(/Invalid input for tool "getWeather"/);

    // deleteFile needs approval: the page asks its user (confirm) before it runs.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    expect((await run('deleteFile', '{"path":"report.pdf"}')).error).toMatch(/The user denied running tool "deleteFile"/);
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    expect(JSON.parse((await run('deleteFile', '{"path":"report.pdf"}')).result ?? 'null')).toEqual({ deleted: 'report.pdf' });
    expect(dialogs).toEqual([
      // The name and the input between Unicode isolates (U+2068 … U+2069): no bidi text around them.
      'An agent asks to run "\u2068deleteFile\u2069" with \u2068{"path":"report.pdf"}\u2069. Allow it?',
      'An agent asks to run "\u2068deleteFile\u2069" with \u2068{"path":"report.pdf"}\u2069. Allow it?',
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
