import { LLMock } from '@copilotkit/aimock';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser';
import { run, start } from './support/process';

// The guide's code as a reader uses it: copied out of README.md and docs/ into a fresh Vite app
// (create-vite's React template, as `npm create vite` writes it) and a fresh Next.js app, built
// with their own settings (TypeScript 7, `noUnusedLocals`, Next's checks), and run. The only
// edits are the ports (the snippets say 3000; the job takes free ones).

const root = fileURLToPath(new URL('../..', import.meta.url));
const fence = /^(`{3,})(\w+)\n([\s\S]*?)^\1$/gm;

/** The one code block of `page` whose code contains `marker`. */
function block(page: string, marker: string): string {
  const found = [...readFileSync(path.join(root, page), 'utf8').matchAll(fence)].map((match) => match[3]!).filter((code) => code.includes(marker));
  if (found.length !== 1) throw new Error(`${page}: ${found.length} code blocks contain ${JSON.stringify(marker)}, not one`);
  return found[0]!;
}

/** Writes `code` to `file` in `dir`. */
function put(dir: string, file: string, code: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), code);
}

/** A port in a snippet (`3000`) made the one the job runs it on. */
const onPort = (code: string, port: string) => code.replaceAll('3000', port);

/** Asks the chat on `page` a question, and waits for the answer and for the chat to be idle again. */
async function ask(page: Page, question: string, answer: RegExp): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('log').getByText(answer).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 10_000 });
}

/** A chat request as toolchat's client posts it, with one browser tool. */
const chatBody = (text: string) =>
  JSON.stringify({
    id: 'docs-chat',
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }],
    tools: { getWeather: { description: 'Current weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
  });

let browser: Browser;
let mock: LLMock;

beforeAll(async () => {
  browser = await launchChromium();
  // The model of the production builds, where the guide's route has no demo model: OPENAI_BASE_URL.
  mock = new LLMock({ port: 0, host: '127.0.0.1' });
  mock.on({ userMessage: 'What time is it in Tokyo?', hasToolResult: false }, { toolCalls: [{ id: 'call_time', name: 'getTime', arguments: '{"city":"Tokyo"}' }] });
  mock.on({ userMessage: 'What time is it in Tokyo?', hasToolResult: true }, { content: 'Tokyo has its time.' });
  mock.on({ userMessage: "What's the weather in Paris?", hasToolResult: false }, { toolCalls: [{ id: 'call_weather', name: 'getWeather', arguments: '{"city":"Paris"}' }] });
  mock.on({ userMessage: "What's the weather in Paris?", hasToolResult: true }, { content: 'Foggy in Paris.' });
  mock.on({ userMessage: 'Hello, own route' }, { content: 'Hello from your own route.' });
  await mock.start();
});

afterAll(async () => {
  await browser?.close();
  await mock?.stop();
});

/** What the model was told about the call in its last request: the tool's result, as it came. */
function lastToolResult(): string {
  const body = mock.getRequests().at(-1)?.body as { messages?: Array<{ role: string; content?: unknown }> } | null | undefined;
  const tool = body?.messages?.findLast((message) => message.role === 'tool');
  return JSON.stringify(tool?.content ?? null);
}

describe('the guide in a fresh Vite app (create-vite, React + TypeScript)', () => {
  const dir = path.join(inject('workDir'), 'docs-vite');

  it("installs as the README says, next to create-vite's template", async () => {
    cpSync(path.join(root, 'node_modules/create-vite/template-react-ts'), dir, { recursive: true });
    rmSync(path.join(dir, '_oxlintrc.json'));
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string>; devDependencies: Record<string, string> };
    pkg.name = 'docs-vite';
    delete pkg.scripts.lint;
    delete pkg.devDependencies.oxlint;
    put(dir, 'package.json', `${JSON.stringify(pkg, null, 2)}\n`);
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, timeoutMs: 240_000 });
    // README: npm install toolchat ai@7 @ai-sdk/react@4 zod; getting started: hono @hono/node-server;
    // the server page: express; the testing page: vitest jsdom @testing-library/react @testing-library/dom.
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', inject('tarball'), 'ai@7', '@ai-sdk/react@4', 'zod', 'hono', '@hono/node-server', 'express'],
      { cwd: dir, timeoutMs: 240_000 },
    );
    await run('npm', ['install', '-D', '--no-audit', '--no-fund', '--prefer-offline', 'vitest', 'jsdom', '@testing-library/react', '@testing-library/dom'], {
      cwd: dir,
      timeoutMs: 240_000,
    });
  });

  it("builds with the template's own checks (tsc -b, TypeScript 7, noUnusedLocals), the guide's client code in it", async () => {
    put(dir, 'src/Chat.tsx', block('docs/getting-started.md', 'export function Chat()'));
    // Getting started: render <Chat /> from App.tsx (create-vite's own stylesheets stay).
    put(dir, 'src/App.tsx', "import './App.css';\nimport { Chat } from './Chat';\n\nexport default function App() {\n  return <Chat />;\n}\n");
    put(dir, 'src/Playground.tsx', block('docs/getting-started.md', 'export function Playground()'));
    put(dir, 'src/ReadmeChat.tsx', block('README.md', 'export function Chat()'));
    put(dir, 'src/UseChat.tsx', block('docs/server.md', 'lastAssistantMessageIsCompleteWithToolCalls'));
    put(dir, 'vite.config.ts', block('docs/getting-started.md', "server: { proxy: { '/api'"));
    await run('npm', ['run', 'build'], { cwd: dir, timeoutMs: 240_000 });
  });

  it("runs getting started's page and Node server: the model calls the page's getTime, the answer comes from it", async () => {
    put(dir, 'server.ts', block('docs/getting-started.md', 'serve({ fetch: app.fetch').replace('port: 3000', 'port: Number(process.env.PORT)'));
    // `node server.ts`, as the guide says (Node 22.18 runs TypeScript as it is); no key: the demo model.
    const api = await start('node', ['server.ts'], { cwd: dir, timeoutMs: 60_000 });
    try {
      put(dir, 'vite.config.ts', onPort(block('docs/getting-started.md', "server: { proxy: { '/api'"), new URL(api.url).port));
      const preview = await start('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', '{port}', '--strictPort'], { cwd: dir, timeoutMs: 30_000 });
      const page = await browser.newPage();
      try {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(preview.url);
        await ask(page, 'What time is it in Tokyo?', /It's \d\d:\d\d in Tokyo \(Asia\/Tokyo\)\./);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await preview.stop();
      }
    } finally {
      await api.stop();
    }
  });

  it.each([
    { server: 'Hono with serve', file: 'hono.ts', marker: "serve({ fetch: app.fetch, port: 3000 }, ({ port }) => console.log(`http://localhost:${port}/api/chat`))" },
    { server: 'node:http', file: 'http.ts', marker: 'createServer(toNodeHandler(' },
    { server: 'Express', file: 'express.js', marker: "app.post('/api/chat', toNodeHandler(createChatHandler()));" },
  ])("runs the server page's $server server, which listens and answers a chat request", async ({ file, marker }) => {
    put(dir, file, block('docs/server.md', marker).replaceAll('3000', 'Number(process.env.PORT)'));
    const server = await start('node', [file], { cwd: dir, timeoutMs: 60_000 });
    try {
      const response = await fetch(new URL('/api/chat', server.url), { method: 'POST', body: chatBody("What's the weather in Paris?") });
      expect(response.status, server.output()).toBe(200);
      expect(await response.text()).toContain('"type":"tool-input-available"');
    } finally {
      await server.stop();
    }
  });

  it("runs the testing page's tests with its Vitest config", async () => {
    put(dir, 'vitest.config.ts', block('docs/testing.md', "test: { environment: 'jsdom' }"));
    const tests = [...readFileSync(path.join(root, 'docs/testing.md'), 'utf8').matchAll(fence)]
      .map((match) => ({ language: match[2]!, code: match[3]! }))
      .filter(({ code }) => /^\s*it\(/m.test(code));
    expect(tests.length).toBeGreaterThanOrEqual(6);
    tests.forEach(({ language, code }, n) => put(dir, `tests/docs-${n + 1}.test.${language}`, code));
    const output = await run('npx', ['vitest', 'run', 'tests'], { cwd: dir, timeoutMs: 180_000 });
    expect(output).toMatch(new RegExp(`Test Files\\s+${tests.length} passed`));
  });
});

describe('the guide in a fresh Next.js app (App Router)', () => {
  const dir = path.join(inject('workDir'), 'docs-next');
  const env = { OPENAI_BASE_URL: '', OPENAI_API_KEY: 'test-key' };

  it("installs as the README says, and builds with the README's chat and route, the server page's useChat and own route", async () => {
    env.OPENAI_BASE_URL = `${mock.url}/v1`;
    put(
      dir,
      'package.json',
      `${JSON.stringify({ name: 'docs-next', private: true, scripts: { build: 'next build', start: 'next start' }, dependencies: { next: '16.4.6', react: '19.3.1', 'react-dom': '19.3.1' }, devDependencies: { typescript: '5.9.3', '@types/react': '19.3.0', '@types/react-dom': '19.3.0', '@types/node': '22.20.5' } }, null, 2)}\n`,
    );
    put(dir, 'app/layout.tsx', "import type { ReactNode } from 'react';\n\nexport default function RootLayout({ children }: { children: ReactNode }) {\n  return (\n    <html lang=\"en\">\n      <body>{children}</body>\n    </html>\n  );\n}\n");
    put(dir, 'app/chat.tsx', block('README.md', 'export function Chat()'));
    put(dir, 'app/page.tsx', "import { Chat } from './chat';\n\nexport default function Page() {\n  return <Chat />;\n}\n");
    put(dir, 'app/api/chat/route.ts', block('README.md', 'export const POST = createChatHandler();'));
    put(dir, 'app/use-chat/chat.tsx', block('docs/server.md', 'lastAssistantMessageIsCompleteWithToolCalls'));
    put(dir, 'app/use-chat/page.tsx', "import { Chat } from './chat';\n\nexport default function Page() {\n  return <Chat />;\n}\n");
    put(dir, 'app/api/own/route.ts', block('docs/server.md', 'const chat = await readChatRequest(request);'));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, timeoutMs: 240_000 });
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', inject('tarball'), 'ai@7', '@ai-sdk/react@4', 'zod'], { cwd: dir, timeoutMs: 240_000 });
    // No key in the build's environment: `next build` loads the route without running it.
    await run('npm', ['run', 'build'], { cwd: dir, timeoutMs: 300_000 });
  });

  it('runs them: the chat calls the page tool through the route, useChat sends the tools, the own route answers', async () => {
    const server = await start('npx', ['next', 'start', '-H', '127.0.0.1', '-p', '{port}'], { cwd: dir, timeoutMs: 60_000, env });
    const page = await browser.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      await ask(page, 'What time is it in Tokyo?', /Tokyo has its time\./);
      // The page's getTime ran: the model got its result, the time zone it found.
      expect(lastToolResult(), server.output()).toContain('Asia/Tokyo');

      await page.goto(new URL('/use-chat', server.url).href);
      await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await page.getByText('assistant: Foggy in Paris.').waitFor({ timeout: 30_000 });
      expect(lastToolResult()).toContain('foggy');
      expect(errors).toEqual([]);

      const own = await fetch(new URL('/api/own', server.url), { method: 'POST', body: chatBody('Hello, own route') });
      expect(own.status, server.output()).toBe(200);
      const deltas = [...(await own.text()).matchAll(/"type":"text-delta","id":"[^"]*","delta":("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]!) as string);
      expect(deltas.join('')).toBe('Hello from your own route.');
    } finally {
      await page.close();
      await server.stop();
    }
  });
});
