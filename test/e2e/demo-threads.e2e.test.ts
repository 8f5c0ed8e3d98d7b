import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, recordErrors } from './browser';
import { startDemo, type RunningDemo } from './demo-server';

/** The chat posts a page sends: their bodies, parsed. */
function recordChatPosts(page: Page): Array<{ id: string; messages: Array<{ role: string }> }> {
  const posts: Array<{ id: string; messages: Array<{ role: string }> }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat') posts.push(JSON.parse(request.postData() ?? '{}'));
  });
  return posts;
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The demo on its server's conversations: threads per browser (an anonymous cookie), shown from the server. */
describe('the demo keeping its chats on its server, in Chromium', () => {
  let demo: RunningDemo;
  let browser: Browser;

  beforeAll(async () => {
    // At the demo's own pace (empty: its default), as `npm start` runs it.
    demo = await startDemo({ TOOLCHAT_DEMO_DELAY_MS: '' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  it('after two messages and a reload, lists the thread and shows its messages from the server, to this browser only', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = recordErrors(page);
    // A new chat makes no request that fails: nothing logged red in the console.
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(`${message.text()} ${message.location().url}`);
    });
    const posts = recordChatPosts(page);
    await page.goto(demo.url);
    const log = page.getByRole('log');
    await send(page, 'What is 2+2?');
    // The list shows the chat by its title once its message is stored, without a reload.
    await page.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: 'What is 2+2?', exact: true }).waitFor();
    await log.getByText('2+2 = 4.').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await send(page, "What's the weather in Paris?");
    await log.getByText("It's 21°C and sunny in Paris.").waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    const chatId = new URL(page.url()).searchParams.get('chat');
    expect(chatId).toBeTruthy();
    // Each request carried only what was new: the server holds the rest.
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(posts.every((post) => post.id === chatId && post.messages.length === 1)).toBe(true);
    // Nothing of the chat is kept in the browser but its id.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('toolchat-demo:')))).toEqual([]);
    const cookie = (await context.cookies()).find((each) => each.name === 'toolchat-demo-user');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const loaded = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/chat/threads/${chatId}`);
    await page.reload();
    const thread = (await (await loaded).json()) as { messages: Array<{ role: string }> };
    expect(thread.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    await log.getByText('What is 2+2?').waitFor();
    await log.getByText('2+2 = 4.').waitFor();
    await log.getByText("It's 21°C and sunny in Paris.").waitFor();
    const chats = page.getByRole('navigation', { name: 'Chats' });
    await expect.poll(() => chats.getByRole('listitem').count()).toBe(1);
    expect(await chats.locator('[aria-current="page"]').textContent()).toBe('What is 2+2?');
    await screenshot(page, 'demo-threads-reloaded');

    // Another browser (another cookie) sees neither the thread nor its messages.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(`${demo.url}?chat=${chatId}`);
    await other.getByRole('textbox', { name: 'Message' }).waitFor();
    // Another's chat reads as a chat of no thread: nothing to load.
    expect(await other.evaluate(async (id) => (await fetch(`/api/chat/threads/${id}`)).status, chatId)).toBe(204);
    expect(await other.getByRole('log').getByText('2+2 = 4.').count()).toBe(0);
    expect(await other.getByRole('navigation', { name: 'Chats' }).getByText('What is 2+2?').count()).toBe(0);
    await stranger.close();
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('a reload in the middle of an answer resumes it from the server, without asking the model again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = recordErrors(page);
    const posts = recordChatPosts(page);
    await page.goto(demo.url);
    const log = page.getByRole('log');
    await page.getByRole('button', { name: 'Tell me a long story' }).click();
    await log.getByText(/Once upon a time/).waitFor();
    await page.getByRole('button', { name: 'Stop' }).waitFor();

    const resumed = page
      .waitForResponse((response) => /^\/api\/chat\/[\w-]+\/stream$/.test(new URL(response.url()).pathname))
      .then((response) => response.status());
    await page.reload();
    // The resumed answer runs to its end: the story's first part, as the model wrote it once.
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await resumed).toBe(200);
    await log.getByText(/^Once upon a time, a small chat model lived in a browser tab\..*and every answer came back$/).waitFor();
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a stopped answer as it was shown at Stop: after a reload, the same text, "Stopped" and its Continue', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(demo.url);
    const log = page.getByRole('log');
    await page.getByRole('button', { name: 'Tell me a long story' }).click();
    await log.getByText(/Once upon a time, a small chat model/).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    const notice = log.getByRole('note');
    await notice.getByText('Stopped').waitFor();
    const answer = log.locator('[data-role="assistant"]').last();
    const shown = (await answer.locator('.toolchat-message-body').innerText()).trim();
    expect(shown).toMatch(/^Once upon a time/);
    // The stop reached the server (it keeps the answer as shown) before the page goes.
    const chatId = new URL(page.url()).searchParams.get('chat');
    await expect.poll(async () => JSON.stringify(await page.evaluate(async (id) => (await fetch(`/api/chat/threads/${id}`)).json(), chatId))).toContain('"ending":"stopped"');

    await page.reload();
    await log.getByText(/^Once upon a time/).waitFor();
    expect((await log.locator('[data-role="assistant"]').last().locator('.toolchat-message-body').innerText()).trim()).toBe(shown);
    await log.getByRole('note').getByText('Stopped').waitFor();
    await log.getByRole('note').getByRole('button', { name: 'Continue' }).click();
    // The story goes on in a new answer, from where the stored one ends.
    await expect.poll(() => log.locator('[data-role="assistant"]').count()).toBe(2);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await log.locator('[data-role="assistant"]').last().innerText()).not.toMatch(/Once upon a time/);
    await context.close();
  });
});
