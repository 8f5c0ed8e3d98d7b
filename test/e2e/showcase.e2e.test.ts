import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './browser';
import { startDemo, type RunningDemo } from './demo-server';

/** The chat requests a page sends: their URLs and bodies. */
function recordChatRequests(page: Page): Array<{ url: string; body: string }> {
  const requests: Array<{ url: string; body: string }> = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chat') requests.push({ url: request.url(), body: request.postData() ?? '' });
  });
  return requests;
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The computed colours of an element, to check what the user actually sees. */
function colours(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color };
  });
}

/** What the demo shows off, each state as a user meets it, with a screenshot of it. */
describe('the demo app showing the product, in Chromium', () => {
  let demo: RunningDemo;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    demo = await startDemo();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  const open = async (options: { colorScheme?: 'light' | 'dark' } = {}) => {
    page = await browser.newPage({ viewport: { width: 900, height: 800 }, colorScheme: options.colorScheme ?? 'light' });
    errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(demo.url);
    return page;
  };

  it('asks for the weather in Tokyo and London with two calls in one round, shown as weather cards that stay after the answer', async () => {
    await open();
    const requests = recordChatRequests(page);
    await page.getByRole('button', { name: "What's the weather in Tokyo and London?" }).click();

    const log = page.getByRole('log');
    await log.getByText("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.").waitFor();
    const tokyo = log.getByRole('figure', { name: 'Weather in Tokyo' });
    const london = log.getByRole('figure', { name: 'Weather in London' });
    expect(await tokyo.textContent()).toContain('18°C');
    expect(await london.textContent()).toContain('rain');
    // Custom cards are the tool's own UI: never folded into "Used …".
    expect(await log.getByRole('button', { name: /^Used / }).count()).toBe(0);
    expect(await log.getByRole('group', { name: 'Get weather' }).count()).toBe(2);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'showcase-weather-cards');

    // One request with the question, one with both results: the calls shared a round.
    expect(requests).toHaveLength(2);
    const second = JSON.parse(requests[1]?.body ?? '{}') as { messages: Array<{ parts: Array<{ type: string; state?: string }> }> };
    const parts = second.messages.at(-1)?.parts.filter((part) => part.type.startsWith('tool-')) ?? [];
    expect(parts.map((part) => [part.type, part.state])).toEqual([
      ['tool-getWeather', 'output-available'],
      ['tool-getWeather', 'output-available'],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Always allow deleteFile" runs this deletion and the next one without asking again', async () => {
    await open();
    await page.getByRole('button', { name: 'Delete the file report.pdf' }).click();
    const log = page.getByRole('log');
    const card = log.getByRole('group', { name: 'Delete file' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('awaiting-approval');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Waiting for your approval to run Delete file');
    await screenshot(page, 'showcase-approval-always-allow');

    await card.getByRole('button', { name: 'Always allow Delete file' }).click();
    await log.getByText('Done: I deleted report.pdf.').waitFor();

    await send(page, 'Delete the file notes.txt');
    await log.getByText('Done: I deleted notes.txt.').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'showcase-approval-always-allowed');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a failing tool in the fold without opening it ("1 failed"), and the answer says what failed', async () => {
    await open();
    await page.getByRole('button', { name: 'What time is it in Tokyo and Atlantis?' }).click();
    const log = page.getByRole('log');
    await log.getByText(/It's \d\d:\d\d in Tokyo \(Asia\/Tokyo\)\. Sorry, I couldn't get the time in Atlantis: Unknown city: Atlantis\.$/).waitFor();
    const fold = log.getByRole('button', { name: 'Used 2 tools: Get time 1 failed' });
    await fold.click();
    await expect.poll(() => log.getByRole('group', { name: 'Get time' }).count()).toBe(2);
    const failed = log.locator('.toolchat-tool[data-state="error"]');
    expect(await failed.textContent()).toContain('Unknown city: Atlantis');
    await screenshot(page, 'showcase-failing-tool');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says "Stopped after 5 tool rounds" under the forced answer, written in words, and Continue allows more rounds', async () => {
    await open();
    const requests = recordChatRequests(page);
    await page.getByRole('button', { name: 'Keep calling tools' }).click();
    const log = page.getByRole('log');
    const notice = log.getByRole('note');
    await notice.getByText('Stopped after 5 tool rounds').waitFor();
    const answer = await log.locator('.toolchat-message[data-role="assistant"] .toolchat-markdown').last().textContent();
    expect(answer).toMatch(/^I called getTime 5 times and now have to stop: no more tools for this answer\. The last result: it's \d\d:\d\d in Tokyo \(Asia\/Tokyo\)\.$/);
    expect(answer).not.toMatch(/[{}"]/);
    // Five rounds, then one request with tools disabled.
    expect(requests).toHaveLength(6);
    expect(JSON.parse(requests[5]?.body ?? '{}')).toMatchObject({ toolsDisabled: true });
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'showcase-round-limit');

    await notice.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => log.getByRole('note').count()).toBe(2);
    await log.getByRole('note').last().getByText('Stopped after 5 tool rounds').waitFor();
    expect(requests).toHaveLength(12);
    expect(JSON.parse(requests[6]?.body ?? '{}')).not.toHaveProperty('toolsDisabled');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says "Cut off at the token limit" under a story longer than the model may write, and Continue finishes it', async () => {
    await open();
    await page.getByRole('button', { name: 'Tell me a long story' }).click();
    const log = page.getByRole('log');
    const notice = log.getByRole('note');
    await notice.getByText('Cut off at the token limit').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'showcase-token-limit');
    await notice.getByRole('button', { name: 'Continue' }).click();
    await log.getByText(/and it ended happily\.$/).waitFor();
    // The first notice stays, without its button; the finished answer has none.
    expect(await log.getByRole('note').count()).toBe(1);
    expect(await log.getByRole('note').getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('themes the whole page: Dark turns the page, its controls and the chat dark, and the choice survives a reload', async () => {
    await open();
    expect(await colours(page, 'body')).toEqual({ background: 'rgb(255, 255, 255)', color: 'rgb(31, 35, 40)' });
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await colours(page, 'body')).toEqual({ background: 'rgb(13, 17, 23)', color: 'rgb(230, 237, 243)' });
    expect(await colours(page, '.toolchat')).toEqual({ background: 'rgb(13, 17, 23)', color: 'rgb(230, 237, 243)' });
    expect(await page.locator('html').evaluate((element) => getComputedStyle(element).colorScheme)).toBe('dark');
    expect(await colours(page, '.demo-mcp input')).toMatchObject({ color: 'rgb(230, 237, 243)' });

    await page.getByRole('button', { name: "What's the weather in Tokyo and London?" }).click();
    await page.getByRole('log').getByText("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.").waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'showcase-dark-theme');

    await page.reload();
    await page.getByRole('log').getByText("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.").waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await colours(page, 'body')).toMatchObject({ background: 'rgb(13, 17, 23)' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows the system colour scheme with "System", the page and the chat alike', async () => {
    await open({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    expect(await colours(page, 'body')).toEqual({ background: 'rgb(13, 17, 23)', color: 'rgb(230, 237, 243)' });
    expect(await colours(page, '.toolchat')).toMatchObject({ background: 'rgb(13, 17, 23)' });
    await screenshot(page, 'showcase-system-dark-empty');
    await page.getByRole('radio', { name: 'Light' }).check();
    expect(await colours(page, 'body')).toEqual({ background: 'rgb(255, 255, 255)', color: 'rgb(31, 35, 40)' });
    expect(await colours(page, '.toolchat')).toMatchObject({ background: 'rgb(255, 255, 255)' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('in marker mode talks to a text-only model: its ###: markers become the same tool calls and cards', async () => {
    await open();
    const requests = recordChatRequests(page);
    const streamed: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/chat') void response.text().then((text) => streamed.push(text));
    });
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Text-only model (###: markers)' }).check();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: "What's the weather in Tokyo and London?" }).click();
    const log = page.getByRole('log');
    await log.getByText("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.").waitFor();
    expect(await log.getByRole('figure', { name: 'Weather in Tokyo' }).count()).toBe(1);
    expect(await log.getByRole('figure', { name: 'Weather in London' }).count()).toBe(1);
    expect(await log.textContent()).not.toContain('###:');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'showcase-marker-mode');

    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?toolMarkers=on', '?toolMarkers=on']);
    // The model wrote the calls into its text; the demo's server keeps the conversation, so it
    // reads the markers itself and stores (and streams) the calls the browser shows.
    const chunksOf = (sse: string) =>
      sse
        .split('\n')
        .filter((line) => line.startsWith('data: {'))
        .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string; toolName?: string; input?: unknown });
    await expect.poll(() => streamed.length).toBe(2);
    const first = chunksOf(streamed[0] ?? '');
    expect(first.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta] : [])).join('').trim()).toBe('Let me check the weather in Tokyo and London.');
    expect(first.filter((chunk) => chunk.type === 'tool-input-available').map((chunk) => [chunk.toolName, chunk.input])).toEqual([
      ['getWeather', { city: 'Tokyo' }],
      ['getWeather', { city: 'London' }],
    ]);

    // Switching back applies to the next request of the same chat: native tool calls again.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Text-only model (###: markers)' }).uncheck();
    await log.getByText("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.").waitFor();
    await send(page, "What's the weather in Paris?");
    await log.getByText("It's 21°C and sunny in Paris.").waitFor();
    expect(requests.slice(2).map((request) => new URL(request.url).search)).toEqual(['', '']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
