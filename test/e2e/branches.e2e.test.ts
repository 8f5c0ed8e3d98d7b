import { MockLanguageModelV4 } from 'ai/test';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatHandler, memoryConversationStore, memoryStreams, toNodeHandler } from 'toolchat/server';
import { textResponse } from '../support/mock-models';
import { launchChromium, screenshot, recordErrors, axeViolations } from './browser';
import { servePage, type PageServer } from './page-server';


/** The model: "Answer N to <the last user message>", and every prompt it saw, as "role: text" lines. */
const prompts: string[][] = [];
const model = new MockLanguageModelV4({
  doStream: async ({ prompt }) => {
    const lines = prompt.flatMap((message) =>
      typeof message.content === 'string' ? [] : [`${message.role}: ${message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')}`],
    );
    prompts.push(lines);
    const question = lines.filter((line) => line.startsWith('user: ')).at(-1)?.slice('user: '.length);
    return textResponse(`Answer ${prompts.length} to ${question}`);
  },
});

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
}

/** Resolves once the answer is complete and the chat idle. */
async function idle(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send' }).waitFor();
  await expect.poll(() => page.getByRole('status').first().textContent()).toBe('');
}

/** What the thread shows, message by message. */
const shown = (page: Page) => page.getByRole('log').locator('.toolchat-message .toolchat-message-body').allInnerTexts();

/** The picker under the `role`'s message at `index` among those of that role. */
const pickerOf = (page: Page, role: 'user' | 'assistant', index = 0): Locator =>
  page.getByRole('log').locator(`.toolchat-message[data-role="${role}"]`).nth(index).getByRole('group', { name: 'Versions' });

/** The picker that has focus: its place in the thread (`data-toolchat-versions-at`). */
const focusedPickerAt = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-toolchat-versions-at]')?.getAttribute('data-toolchat-versions-at') ?? null);

/** The path the IndexedDB record keeps, a JSON text per message (the page's `indexedDBStorage({ dbName: 'e2e-branches' })`). */
function storedIndexedDBPath(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('e2e-branches');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const get = db.transaction('chats').objectStore('chats').get('e2e-branches');
          get.onsuccess = () => {
            db.close();
            const record = get.result as { messages: unknown[] } | undefined;
            resolve((record?.messages ?? []).map((message) => JSON.stringify(message)));
          };
        };
      }),
  );
}

describe('branches in Chromium: Edit and Regenerate keep versions, the picker switches by keyboard, and a reload keeps them', () => {
  let server: PageServer;
  let browser: Browser;

  beforeAll(async () => {
    const plain = toNodeHandler(createChatHandler({ model }));
    const kept = toNodeHandler(createChatHandler({ model, store: memoryConversationStore(), streams: memoryStreams(), getUserId: () => 'e2e-user' }));
    server = await servePage('test/e2e/pages/branches-chat.tsx', {
      api: (request, response) => void (request.url?.startsWith('/api/kept') ? kept : plain)(request, response),
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(() => {
    prompts.length = 0;
  });

  it.each([
    ['localStorage', 'local'],
    ['IndexedDB', 'indexeddb'],
    ['a server that keeps the chat', 'server'],
  ])('in %s', async (_name, store) => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    const errors = recordErrors(page);
    await page.goto(`${server.url}?store=${store}`);
    const log = page.getByRole('log');

    await send(page, 'First question');
    await log.getByText('Answer 1 to First question').waitFor();
    await idle(page);

    // Regenerate: the answer's second version, the picker under it.
    await log.locator('.toolchat-message[data-role="assistant"]').last().getByRole('button', { name: 'Regenerate' }).click();
    await log.getByText('Answer 2 to First question').waitFor();
    await idle(page);
    await expect.poll(() => pickerOf(page, 'assistant').textContent()).toBe('2 / 2');

    // Edit: the question's second version, answered alone.
    await log.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('Second question');
    await page.keyboard.press('Enter');
    await log.getByText('Answer 3 to Second question').waitFor();
    await idle(page);
    expect(await shown(page)).toEqual(['Second question', 'Answer 3 to Second question']);
    await expect.poll(() => pickerOf(page, 'user').textContent()).toBe('2 / 2');
    expect(await pickerOf(page, 'assistant').count()).toBe(0);
    expect(prompts).toEqual([['user: First question'], ['user: First question'], ['user: Second question']]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `branches-${store}-edited`);

    // By keyboard: Enter on "Previous version", then the arrow keys; focus stays on the picker.
    await pickerOf(page, 'user').getByRole('button', { name: 'Previous version' }).focus();
    await page.keyboard.press('Enter');
    await log.getByText('Answer 2 to First question').waitFor();
    expect(await shown(page)).toEqual(['First question', 'Answer 2 to First question']);
    await expect.poll(() => pickerOf(page, 'user').textContent()).toBe('1 / 2');
    await expect.poll(() => focusedPickerAt(page)).toBe('0');
    // The position is announced: the live region says where the user is.
    expect(await pickerOf(page, 'user').locator('[aria-live="polite"]').textContent()).toBe('1 / 2');
    await page.keyboard.press('ArrowRight');
    await log.getByText('Answer 3 to Second question').waitFor();
    await expect.poll(() => focusedPickerAt(page)).toBe('0');
    await page.keyboard.press('ArrowLeft');
    await log.getByText('Answer 2 to First question').waitFor();
    await pickerOf(page, 'assistant').getByRole('button', { name: 'Previous version' }).focus();
    await page.keyboard.press('ArrowLeft');
    await log.getByText('Answer 1 to First question').waitFor();
    await expect.poll(() => pickerOf(page, 'assistant').textContent()).toBe('1 / 2');
    await expect.poll(() => focusedPickerAt(page)).toBe('1');
    // At the first version, Previous does nothing; the model was asked nothing by any switch.
    await page.keyboard.press('ArrowLeft');
    expect(await pickerOf(page, 'assistant').getByRole('button', { name: 'Previous version' }).isDisabled()).toBe(true);
    expect(prompts).toHaveLength(3);

    // A reload right after the switch: the version shown, every version counted. localStorage
    // writes the switch waiting in the throttle as the page goes away; an IndexedDB write begun
    // then may not finish (the page is gone before its transaction), so that reload waits for it.
    if (store === 'indexeddb') {
      await expect.poll(() => storedIndexedDBPath(page)).toEqual([expect.stringContaining('"First question"'), expect.stringContaining('"Answer 1 to First question"')]);
    }
    await page.reload();
    await log.getByText('Answer 1 to First question').waitFor();
    expect(await shown(page)).toEqual(['First question', 'Answer 1 to First question']);
    await expect.poll(() => pickerOf(page, 'user').textContent()).toBe('1 / 2');
    await expect.poll(() => pickerOf(page, 'assistant').textContent()).toBe('1 / 2');
    await pickerOf(page, 'assistant').getByRole('button', { name: 'Next version' }).focus();
    await page.keyboard.press('Enter');
    await log.getByText('Answer 2 to First question').waitFor();

    // The next message follows the version shown, and the model sees that path only.
    await pickerOf(page, 'user').getByRole('button', { name: 'Next version' }).focus();
    await page.keyboard.press('Enter');
    await log.getByText('Answer 3 to Second question').waitFor();
    await send(page, 'Third question');
    await log.getByText('Answer 4 to Third question').waitFor();
    await idle(page);
    expect(prompts.at(-1)).toEqual(['user: Second question', 'assistant: Answer 3 to Second question', 'user: Third question']);

    await page.reload();
    await log.getByText('Answer 4 to Third question').waitFor();
    expect(await shown(page)).toEqual(['Second question', 'Answer 3 to Second question', 'Third question', 'Answer 4 to Third question']);
    await pickerOf(page, 'user').getByRole('button', { name: 'Previous version' }).click();
    await log.getByText('Answer 2 to First question').waitFor();
    expect(await shown(page)).toEqual(['First question', 'Answer 2 to First question']);
    expect(prompts).toHaveLength(4);
    expect(errors).toEqual([]);
    await page.close();
  });
});
