// Per token at the end of a long thread, in a real browser (Debian's Chromium, as test/e2e drives
// it): the long-thread bench reads it in jsdom too, where every DOM change costs more the larger
// the document (a plain memoised list grows as much there), so issue 32's 1.1× is read here. The
// page is bench/support/stream-page.tsx, React's production build. The cost of an answer is the
// renderer's main-thread task time (Chromium's own `TaskDuration`) from the send to its last word
// on screen. Not a test: figures only.
import { existsSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/browser';
import { CHROMIUM_PATH } from '../test/e2e/chromium';
import { servePage, type PageServer } from '../test/e2e/page-server';
import { median, round } from './support/measure';
import { STREAM_TOKENS as TOKENS } from './support/token-transport';
import type { BenchRow } from './types';

const BENCH = 'chromium-stream';
const VIEWPORT = { width: 900, height: 700 };
const MESSAGES = 1_000;
const WARM_UP = 2;
const REPS = 7;

type View = 'chat-wrapper' | 'plain';

interface Opened {
  page: Page;
  cdp: CDPSession;
}

async function open(browser: Browser, server: PageServer, view: View, messages: number): Promise<Opened> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${server.url}?view=${view}&messages=${messages}`);
  await page.waitForFunction(() => window.__stream !== undefined, null, { timeout: 120_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, cdp };
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
}

/** One answer on the page: main-thread task time per token, in µs. */
async function answer({ page, cdp }: Opened): Promise<number> {
  await page.bringToFront();
  const before = await taskSeconds(cdp);
  await page.evaluate(() => window.__stream!.answer());
  const after = await taskSeconds(cdp);
  return ((after - before) * 1e6) / TOKENS;
}

export default async function run(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM_PATH)) {
    return [{ bench: BENCH, case: `not measured: no Chromium at ${CHROMIUM_PATH} (npm test installs it)`, value: Number.NaN, unit: '' }];
  }
  const server = await servePage('bench/support/stream-page.tsx', { production: true });
  const browser = await launchChromium();
  try {
    const cases = {
      oursEmpty: await open(browser, server, 'chat-wrapper', 0),
      oursThread: await open(browser, server, 'chat-wrapper', MESSAGES),
      plainEmpty: await open(browser, server, 'plain', 0),
      plainThread: await open(browser, server, 'plain', MESSAGES),
    };
    const costs = { oursEmpty: [] as number[], oursThread: [] as number[], plainEmpty: [] as number[], plainThread: [] as number[] };
    const keys = Object.keys(cases) as (keyof typeof cases)[];
    // Interleaved, so a change in the machine's load reaches every case alike.
    for (let rep = 0; rep < WARM_UP + REPS; rep++) {
      for (const key of keys) {
        const cost = await answer(cases[key]);
        if (rep >= WARM_UP) costs[key].push(cost);
      }
    }
    const of = (key: keyof typeof costs) => median(costs[key]);
    const thread = `the same answer at the end of a ${MESSAGES.toLocaleString('en')}-message thread`;
    return [
      { bench: BENCH, case: `ChatWrapper: main-thread time per token, ${TOKENS.toLocaleString('en')}-token answer in an empty thread`, value: round(of('oursEmpty')), unit: 'µs/token' },
      {
        bench: BENCH,
        case: `ChatWrapper: ${thread}`,
        value: round(of('oursThread')),
        unit: 'µs/token',
        baseline: 'the same in an empty thread',
        ratio: round(of('oursThread') / of('oursEmpty')),
        target: '≤ 1.1',
      },
      { bench: BENCH, case: 'useChat (throttle: 16, memoised plain rows): main-thread time per token in an empty thread', value: round(of('plainEmpty')), unit: 'µs/token' },
      {
        bench: BENCH,
        case: `useChat (throttle: 16, memoised plain rows): ${thread} (every row shown)`,
        value: round(of('plainThread')),
        unit: 'µs/token',
        baseline: 'the same in an empty thread',
        ratio: round(of('plainThread') / of('plainEmpty')),
      },
      {
        bench: BENCH,
        case: 'ChatWrapper against useChat (throttle: 16), per token in an empty thread',
        value: round(of('oursEmpty')),
        unit: 'µs/token',
        baseline: 'useChat, empty thread',
        ratio: round(of('oursEmpty') / of('plainEmpty')),
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
