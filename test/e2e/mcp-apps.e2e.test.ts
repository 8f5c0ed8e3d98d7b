import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileAppServer, type HostileAppServer } from '../mcp/hostile-app-server';
import { startPublishedAppServer } from '../support/published-app-server';
import { launchChromium, screenshot } from './browser';
import { servePage, type PageServer } from './page-server';

let page: PageServer;
let browser: Browser;

beforeAll(async () => {
  [page, browser] = await Promise.all([servePage('test/e2e/pages/mcp-app.tsx'), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await page?.close();
});

/** The page connected to `mcp`, after the user said "go": the model called `tool` with `input`. */
async function open(mcp: string, tool: string, input: Record<string, unknown> = {}, theme = 'light'): Promise<{ tab: Page; errors: string[] }> {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab.goto(`${page.url}?${new URLSearchParams({ mcp, tool, input: JSON.stringify(input), theme })}`);
  await tab.getByRole('note').getByText('connected').waitFor();
  await tab.getByRole('textbox', { name: 'Message' }).fill('go');
  await tab.getByRole('button', { name: 'Send' }).click();
  return { tab, errors };
}

const card = (tab: Page, name: string) => tab.getByRole('log').getByRole('group', { name });
const app = (tab: Page): FrameLocator => tab.frameLocator('iframe.toolchat-mcp-app-frame');

describe.each(['server-basic-vanillajs', 'server-basic-react'] as const)('the published MCP App server %s, in a tool card', (name) => {
  let server: Awaited<ReturnType<typeof startPublishedAppServer>>;
  beforeAll(async () => {
    server = await startPublishedAppServer(name);
  });
  afterAll(() => server?.close());

  it('renders the app with the call’s result, sandboxed, and its own call of get-time asks for approval and reaches it', async () => {
    const { tab, errors } = await open(server.url, 'app_get-time', {}, 'dark');
    const getTime = card(tab, 'Get Time');
    // The model's own call of the tool asks first (an untrusted server).
    await getTime.getByRole('button', { name: 'Approve' }).click();
    const frame = tab.locator('iframe.toolchat-mcp-app-frame');
    await expect.poll(() => frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    // The result the host delivered: an ISO time.
    await expect.poll(() => app(tab).locator('code').first().textContent(), { timeout: 15_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
    const first = await app(tab).locator('code').first().textContent();
    // The theme reached the app (the vanilla one sets color-scheme from the host's theme).
    if (name === 'server-basic-vanillajs') await expect.poll(() => app(tab).locator('html').evaluate((html) => getComputedStyle(html).colorScheme)).toBe('dark');
    // The app follows its size: taller than the initial 120 px.
    await expect.poll(() => frame.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(200);

    // The app's own call goes through the chat's loop: approval in the card, then the result.
    await app(tab).getByRole('button', { name: 'Get Server Time' }).click();
    const ask = getTime.getByRole('group', { name: 'The app asks to run Get Time' });
    await ask.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => app(tab).locator('code').first().textContent()).not.toBe(first);
    await screenshot(tab, `mcp-app-${name}`);

    // Its message goes to the chat as the user's, and the model answers it.
    await app(tab).getByRole('button', { name: 'Send Message' }).click();
    await tab.getByRole('log').getByText('Got: This is message text.').waitFor();

    // Opening a link asks the user first; "Don't open" refuses it.
    await app(tab).getByRole('button', { name: 'Open Link' }).click();
    const linkPrompt = getTime.getByRole('group', { name: 'Open a link from the app' });
    await linkPrompt.getByText('https://modelcontextprotocol.io/').waitFor();
    await linkPrompt.getByRole('button', { name: 'Don’t open' }).click();
    await expect.poll(() => linkPrompt.count()).toBe(0);
    expect(tab.context().pages()).toHaveLength(1);
    expect(errors).toEqual([]);
    await tab.close();
  });
});

describe('a published MCP App with a richer UI (server-budget-allocator)', () => {
  let server: Awaited<ReturnType<typeof startPublishedAppServer>>;
  beforeAll(async () => {
    server = await startPublishedAppServer('server-budget-allocator');
  });
  afterAll(() => server?.close());

  it('renders the allocator from the call’s structured result, inside its card', async () => {
    const { tab, errors } = await open(server.url, 'app_get-budget-data');
    await card(tab, 'Get Budget Data').getByRole('button', { name: 'Approve' }).click();
    await app(tab).getByRole('heading', { name: 'Budget Allocator' }).waitFor({ timeout: 15_000 });
    // Its categories come from the result the host delivered.
    await app(tab).getByText('Marketing').first().waitFor();
    await expect.poll(() => tab.locator('iframe.toolchat-mcp-app-frame').evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(200);
    await screenshot(tab, 'mcp-app-budget-allocator');
    expect(errors).toEqual([]);
    await tab.close();
  });
});

describe('a hostile MCP server and its app', () => {
  let server: HostileAppServer;
  beforeAll(async () => {
    server = await startHostileAppServer();
  });
  afterAll(() => server?.close());

  const approveCall = async (tab: Page, name: string) => card(tab, name).getByRole('button', { name: 'Approve' }).first().click();

  it('cannot read the host’s storage, cookie or page', async () => {
    const { tab } = await open(server.url, 'app_hostile_app', { attack: 'storage' });
    await approveCall(tab, 'Hostile app');
    const reply = tab.getByRole('log').getByText(/^Got: storage /);
    await reply.waitFor();
    const text = (await reply.textContent()) ?? '';
    expect(text).toContain('localStorage=blocked:SecurityError');
    expect(text).toContain('parentStorage=blocked:SecurityError');
    expect(text).toContain('parentDocument=blocked:SecurityError');
    expect(text).not.toContain('host-secret-value');
    expect(text).not.toContain('host-cookie-value');
    await tab.close();
  });

  it('cannot navigate the page or open a window, and its height is capped', async () => {
    const { tab } = await open(server.url, 'app_hostile_app', { attack: 'navigate' });
    const before = tab.url();
    await approveCall(tab, 'Hostile app');
    await tab.getByRole('log').getByText(/^Got: navigate /).waitFor();
    expect(tab.url()).toBe(before);
    expect(tab.context().pages()).toHaveLength(1);
    const height = await tab.locator('iframe.toolchat-mcp-app-frame').evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(720);
    await tab.close();
  });

  it('floods messages: one reaches the chat, the rest are refused with a notice', async () => {
    const { tab } = await open(server.url, 'app_hostile_app', { attack: 'flood' });
    await approveCall(tab, 'Hostile app');
    // One at a time, three a minute at most: of eight at once, five or more are refused.
    await expect.poll(() => app(tab).locator('#out').textContent()).toMatch(/^refused [5-7]$/);
    const refused = Number((await app(tab).locator('#out').textContent())!.split(' ')[1]);
    await expect.poll(() => tab.getByRole('log').getByText(/^Got: flood/).count()).toBe(8 - refused);
    await card(tab, 'Hostile app').getByText(/A message from the app was refused: (its last message is still being answered|it already sent 3 messages this minute)/).first().waitFor();
    await tab.close();
  });

  it('may not call a model-only or unknown tool, and its call of a destructive tool waits for the user (denied: never run)', async () => {
    const { tab } = await open(server.url, 'app_hostile_app', { attack: 'calls' });
    await approveCall(tab, 'Hostile app');
    const ask = card(tab, 'Hostile app').getByRole('group', { name: 'The app asks to run Wipe' });
    await ask.waitFor();
    expect(server.calls).not.toContain('wipe');
    await ask.getByRole('button', { name: 'Deny' }).click();
    const out = app(tab).locator('#out');
    await expect.poll(() => out.textContent()).toMatch(/model_only:error .*for the model only/);
    expect(await out.textContent()).toMatch(/no_such_tool:error .*has no tool "no_such_tool"/);
    expect(await out.textContent()).toMatch(/wipe:error The user denied running tool "app_wipe"/);
    expect(server.calls).not.toContain('wipe');
    expect(server.calls).not.toContain('model_only');
    await card(tab, 'Hostile app').getByText(/refused: the tool "model_only" of .* is for the model only/).waitFor();
    await tab.close();
  });

  it('asks before opening a link', async () => {
    const { tab } = await open(server.url, 'app_hostile_app', { attack: 'link' });
    await approveCall(tab, 'Hostile app');
    const prompt = card(tab, 'Hostile app').getByRole('group', { name: 'Open a link from the app' });
    await prompt.getByRole('button', { name: 'Don’t open' }).click();
    await expect.poll(() => app(tab).locator('#out').textContent()).toBe('link refused');
    await tab.close();
  });

  it('refuses a huge UI resource and one of the wrong MIME type, saying why', async () => {
    const huge = await open(server.url, 'app_huge_app');
    await approveCall(huge.tab, 'Huge app');
    await card(huge.tab, 'Huge app').getByRole('alert').getByText(/is 5\.0 MiB, over the 4\.0 MiB limit/).waitFor();
    expect(await huge.tab.locator('iframe').count()).toBe(0);
    await huge.tab.close();
    const wrong = await open(server.url, 'app_wrong_mime_app');
    await approveCall(wrong.tab, 'Wrong mime app');
    await card(wrong.tab, 'Wrong mime app').getByRole('alert').getByText(/as "text\/html", not text\/html;profile=mcp-app/).waitFor();
    expect(await wrong.tab.locator('iframe').count()).toBe(0);
    await wrong.tab.close();
  });
});

describe('a server’s question (elicitation, form mode)', () => {
  let server: HostileAppServer;
  beforeAll(async () => {
    server = await startHostileAppServer();
  });
  afterAll(() => server?.close());

  it('shows a form built from its schema in the call’s card, checks it, and answers accept with the values', async () => {
    const { tab } = await open(server.url, 'app_ask');
    await card(tab, 'Ask').getByRole('button', { name: 'Approve' }).click();
    const form = card(tab, 'Ask').getByRole('form', { name: 'Who are you?' });
    await form.getByLabel('Name *').fill('A');
    await form.getByLabel('Age *').fill('200');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByRole('alert').waitFor();
    expect(server.answers).toHaveLength(0);
    await form.getByLabel('Name *').fill('Ada');
    await form.getByLabel('Age *').fill('36');
    await form.getByLabel('Favourite colour').selectOption('blue');
    await form.getByLabel('I agree').check();
    await screenshot(tab, 'mcp-elicitation');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => server.answers.at(-1)).toEqual({ action: 'accept', content: { name: 'Ada', age: 36, color: 'blue', agree: true } });
    // The call ends with what the server made of the answer, and the model goes on.
    await tab.getByRole('log').getByText('The tool ran.').waitFor();
    await tab.close();
  });

  it('answers decline and cancel as the user chose', async () => {
    for (const [button, action] of [
      ['Decline', 'decline'],
      ['Cancel', 'cancel'],
    ] as const) {
      const { tab } = await open(server.url, 'app_ask');
      await card(tab, 'Ask').getByRole('button', { name: 'Approve' }).click();
      await card(tab, 'Ask').getByRole('form', { name: 'Who are you?' }).getByRole('button', { name: button }).click();
      await expect.poll(() => server.answers.at(-1)).toEqual({ action });
      await tab.close();
    }
  });

  it('is cancelled by Stop', async () => {
    const { tab } = await open(server.url, 'app_ask');
    await card(tab, 'Ask').getByRole('button', { name: 'Approve' }).click();
    const form = card(tab, 'Ask').getByRole('form', { name: 'Who are you?' });
    await form.waitFor();
    const count = server.answers.length;
    await tab.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => server.answers.length).toBe(count + 1);
    expect(server.answers.at(-1)).toEqual({ action: 'cancel' });
    await tab.close();
  });

  it('refuses an endless schema and an invalid one, and the server reads why', async () => {
    for (const [tool, reason] of [
      ['app_ask_endless', /has 500 fields \(at most 30\)/],
      ['app_ask_invalid', /the field \\"address\\" is of type \\"object\\": a question's fields are strings, numbers, booleans or choices/],
    ] as const) {
      const { tab } = await open(server.url, tool);
      await card(tab, tool === 'app_ask_endless' ? 'Ask endless' : 'Ask invalid').getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => JSON.stringify(server.answers.at(-1) ?? '')).toMatch(reason);
      expect(await tab.getByRole('form').count()).toBe(0);
      await tab.close();
    }
  });
});
