import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser';
import { run, start, type Started } from './support/process';

/**
 * docs/server-conversations.md as a new user meets it: the packed package in a fresh Node app,
 * the Hono and Express servers and the browser page run as the page writes them. Only the app's
 * auth, which the page declares (`currentUser`), is stood in for: a header names the user.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(path.join(root, 'docs/server-conversations.md'), 'utf8');

/** The whole-file block of the page (```ts, ```tsx or ```js, from its first `import`) whose code holds `marker`. */
function block(marker: string): string {
  const blocks = [...page.matchAll(/^```(?:ts|tsx|js)\n([\s\S]*?)^```/gm)].map((match) => match[1]!).filter((code) => code.startsWith('import'));
  const found = blocks.find((code) => code.includes(marker));
  if (!found) throw new Error(`docs/server-conversations.md has no block with ${marker}`);
  return found;
}

/** The app's auth, stood in for: the signed-in user is the `x-user` header. */
const STAND_IN = "const currentUser = async (request: Request) => (request.headers.get('x-user') ? { id: request.headers.get('x-user')! } : null);";
const withAuth = (code: string) => code.replace(/declare function currentUser\([^;]*;/, STAND_IN);

async function exercise(server: Started, dataDir: string): Promise<void> {
  const api = new URL('/api/chat', server.url).href;
  const as = (method: string, url: string, body?: unknown) =>
    fetch(url, { method, headers: { 'content-type': 'application/json', 'x-user': 'ana' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const posted = await as('POST', api, { id: 'docs-chat', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] }], intent: { type: 'send' } });
  expect(posted.status).toBe(200);
  expect(await posted.text()).toContain('"type":"finish"');
  expect(await (await as('GET', `${api}/threads`)).json()).toEqual({ threads: [expect.objectContaining({ chatId: 'docs-chat', title: 'What is 2+2?' })] });
  const thread = (await (await as('GET', `${api}/threads/docs-chat`)).json()) as { messages: { role: string }[] };
  expect(thread.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  expect((await as('GET', `${api}/threads/new-chat`)).status).toBe(204);
  expect((await as('GET', `${api}/docs-chat/stream`)).status).toBe(204);
  expect((await as('PATCH', `${api}/threads/docs-chat`, { title: 'Sums' })).status).toBe(200);
  expect((await fetch(`${api}/threads`)).status).toBe(401);
  // TOOLCHAT_DATA_DIR=./data/chats in a fresh app: made with its parents.
  expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  expect((await as('DELETE', `${api}/threads/docs-chat`)).status).toBe(204);
}

describe('docs/server-conversations.md in a fresh app', () => {
  const dir = path.join(inject('workDir'), 'server-conversations');
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'server-conversations-app', private: true, type: 'module' }, null, 2)}\n`);
    // The page's install line for Hono and Express, but the store's package, on purpose.
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', inject('tarball'), 'ai@7.0.173', 'zod@4.6.7', 'hono', '@hono/node-server', 'express'], { cwd: dir, timeoutMs: 240_000 });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('without @electric-sql/pglite, conversationsFromEnv() fails at creation, naming the package and its install command', async () => {
    writeFileSync(path.join(dir, 'from-env.js'), "import { conversationsFromEnv } from 'toolchat/server';\nconversationsFromEnv();\nconsole.log('created');\n");
    const failed = await run('node', ['from-env.js'], { cwd: dir, timeoutMs: 60_000 }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/conversationsFromEnv \(DATABASE_URL is not set: the embedded PGlite store\) needs the package @electric-sql\/pglite, which is not installed\. Install it: npm install @electric-sql\/pglite/);
    expect(failed).not.toMatch(/created/);
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '@electric-sql/pglite'], { cwd: dir, timeoutMs: 240_000 });
    expect(await run('node', ['from-env.js'], { cwd: dir, timeoutMs: 60_000 })).toMatch(/created/);
  });

  it('serves the chat and its thread routes with Hono on Node, as the page writes it', async () => {
    writeFileSync(path.join(dir, 'hono-server.ts'), withAuth(block("from '@hono/node-server'")));
    const server = await start('node', ['--experimental-strip-types', 'hono-server.ts'], { cwd: dir, timeoutMs: 60_000, env: { TOOLCHAT_DATA_DIR: './data/hono/chats' } });
    try {
      await exercise(server, path.join(dir, 'data/hono/chats'));
    } finally {
      await server.stop();
    }
  });

  it('serves them with Express, as the page writes it', async () => {
    writeFileSync(path.join(dir, 'express-server.js'), block("from 'express'"));
    writeFileSync(path.join(dir, 'auth.js'), "export const currentUser = async (request) => (request.headers.get('x-user') ? { id: request.headers.get('x-user') } : null);\n");
    const server = await start('node', ['express-server.js'], { cwd: dir, timeoutMs: 60_000, env: { TOOLCHAT_DATA_DIR: './data/express/chats' } });
    try {
      await exercise(server, path.join(dir, 'data/express/chats'));
    } finally {
      await server.stop();
    }
  });

  it('the browser page works as written: a height, the list up to date, the last chat reopened after a reload', async () => {
    const app = path.join(dir, 'page');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ name: 'page', private: true, type: 'module' }, null, 2)}\n`);
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', inject('tarball'), 'ai@7.0.173', '@ai-sdk/react@4.0.177', 'zod@4.6.7', 'react@19.3.1', 'react-dom@19.3.1', 'vite@8.3.8'], { cwd: app, timeoutMs: 240_000 });
    writeFileSync(path.join(app, 'src/main.tsx'), block("from 'react-dom/client'"));
    writeFileSync(path.join(app, 'index.html'), '<!doctype html>\n<html lang="en">\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n');
    const api = await start('node', ['--experimental-strip-types', '../hono-server.ts'], { cwd: app, timeoutMs: 60_000, env: { TOOLCHAT_DATA_DIR: './data/chats' } });
    // The dev server proxies the endpoint and every route under it; the auth stand-in's header.
    writeFileSync(
      path.join(app, 'vite.config.js'),
      `export default { server: { proxy: { '/api': { target: ${JSON.stringify(new URL(api.url).origin)}, headers: { 'x-user': 'ana' } } } } };\n`,
    );
    const vite = await start('npx', ['vite', '--host', '127.0.0.1', '--port', '{port}', '--strictPort'], { cwd: app, timeoutMs: 60_000 });
    const tab = await browser.newPage();
    const failed: string[] = [];
    tab.on('pageerror', (error) => failed.push(error.message));
    tab.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    try {
      await tab.goto(vite.url);
      // The chat fills the page: its composer is in view.
      await tab.getByRole('textbox', { name: 'Message' }).fill('What is 2+2?');
      await tab.getByRole('button', { name: 'Send' }).click();
      await tab.getByRole('log').getByText('2+2 = 4.').waitFor({ timeout: 30_000 });
      const box = await tab.getByRole('textbox', { name: 'Message' }).boundingBox();
      expect(box && box.y + box.height <= (tab.viewportSize()?.height ?? 0)).toBe(true);
      // Listed by its title, without a reload.
      await tab.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: 'What is 2+2?', exact: true }).waitFor();
      await tab.reload();
      await tab.getByRole('log').getByText('2+2 = 4.').waitFor({ timeout: 30_000 });
      expect(await tab.getByRole('navigation', { name: 'Chats' }).locator('[aria-current="page"]').textContent()).toBe('What is 2+2?');
      expect(failed).toEqual([]);
    } finally {
      await tab.close();
      await vite.stop();
      await api.stop();
    }
  });
});
