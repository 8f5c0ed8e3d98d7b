import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium, recordErrors } from './browser';
import { servePage, type PageServer } from './page-server';

const require = createRequire(import.meta.url);
const read = (path: string) => readFileSync(require.resolve(path), 'utf8');

/**
 * What apps put on their pages before a chat: each as it ships. create-vite's React template
 * (`#root { text-align: center }`, `code { display: inline-flex }`, `p { margin: 0 }`, its h1 and
 * h2), Tailwind's preflight (no margins, no list bullets, block images, borders of 0), normalize.css.
 */
const resets: Record<string, string> = {
  'create-vite': `${read('create-vite/template-react-ts/src/index.css')}\n${read('create-vite/template-react-ts/src/App.css')}`,
  'tailwind preflight': read('tailwindcss/preflight.css'),
  'normalize.css': read('normalize.css/normalize.css'),
};

/** The computed styles compared, element by element: what a reset changes and a reader sees. */
const PROPERTIES = [
  'display',
  'position',
  'box-sizing',
  'text-align',
  'vertical-align',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-decoration-line',
  'white-space',
  'list-style-type',
  'color',
  'background-color',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-top-left-radius',
  'outline-style',
  'cursor',
];

interface Measured {
  key: string;
  rect: number[];
  style: Record<string, string>;
}

let server: PageServer;
let url: string;
let browser: Browser;

beforeAll(async () => {
  server = await servePage('test/e2e/pages/reset-chat.tsx', {
    html: (query, toolchat) => {
      const reset = resets[query.get('reset') ?? ''] ?? '';
      // The app's stylesheet before toolchat's (imported first, as in create-vite's main.tsx) or after it.
      const sheets = query.get('order') === 'after' ? [toolchat, reset] : [reset, toolchat];
      return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    ${sheets.map((sheet) => `<style>${sheet}</style>`).join('\n    ')}
  </head>
  <body>
    <div id="root"><div id="host" style="width: 720px; height: 900px; flex: none"></div></div>
    <script type="module" src="/page.js"></script>
  </body>
</html>`;
    },
  });
  url = server.url;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The chat with a restored Markdown answer and a live call waiting for approval, every element measured. */
async function measure(query: string): Promise<Measured[]> {
  const page: Page = await browser.newPage({ viewport: { width: 1000, height: 1000 }, colorScheme: 'light' });
  try {
    const errors = recordErrors(page);
    await page.goto(`${url}?${query}`);
    await page.getByRole('log').getByRole('table').waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('Delete the file report.pdf');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor({ state: 'detached' }).catch(() => undefined);
    // Message actions load after the chat mounts, in one chunk for every row: wait for them, then
    // for the page to stop changing (a quiet interval alone misses a chunk slowed by a loaded machine).
    await page.getByRole('log').getByRole('group', { name: 'Message actions' }).first().waitFor();
    expect(errors).toEqual([]);
    const snapshot = () =>
      page.evaluate(async (properties) => {
        // Two frames: whatever the last render changed is laid out.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const chat = document.querySelector('.toolchat')!;
        const origin = chat.getBoundingClientRect();
        return [chat, ...chat.querySelectorAll('*')].map((element, index) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return {
            key: `${index} ${element.tagName.toLowerCase()}${[...element.classList].map((name) => `.${name}`).join('')}`,
            rect: [box.x - origin.x, box.y - origin.y, box.width, box.height].map((value) => Math.round(value)),
            style: Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)])),
          };
        });
      }, PROPERTIES);
    // Measure once two looks in a row see the same page.
    let last = await snapshot();
    await vi.waitFor(
      async () => {
        const now = await snapshot();
        const same = JSON.stringify(now) === JSON.stringify(last);
        last = now;
        if (!same) throw new Error('the chat is still changing');
      },
      { timeout: 10_000, interval: 100 },
    );
    return last;
  } finally {
    await page.close();
  }
}

/** Every difference from the page without a reset: `element: property baseline → now`. */
function differences(baseline: Measured[], measured: Measured[]): string[] {
  const found: string[] = [];
  if (baseline.length !== measured.length) found.push(`${measured.length} elements instead of ${baseline.length}`);
  for (const [index, element] of measured.entries()) {
    const expected = baseline[index];
    if (!expected || expected.key !== element.key) {
      found.push(`${element.key}: another element than ${expected?.key ?? 'none'}`);
      continue;
    }
    for (const property of PROPERTIES) {
      // A border of width 0 draws nothing, whatever its style.
      if (property === 'border-top-style' && element.style['border-top-width'] === '0px' && expected.style['border-top-width'] === '0px') continue;
      if (element.style[property] !== expected.style[property]) found.push(`${element.key}: ${property} ${expected.style[property]} → ${element.style[property]}`);
    }
    // An element not rendered (display: none) has no box to compare.
    const shown = (rect: number[]) => rect[2] !== 0 || rect[3] !== 0;
    if ((shown(element.rect) || shown(expected.rect)) && element.rect.some((value, i) => Math.abs(value - expected.rect[i]!) > 1)) {
      found.push(`${element.key}: box ${expected.rect.join(',')} → ${element.rect.join(',')}`);
    }
  }
  return found;
}

describe("the chat's own layout, whatever the app's stylesheet", () => {
  let baseline: Measured[];

  beforeAll(async () => {
    baseline = await measure('reset=none');
  });

  it('aligns its text to the start of each line', () => {
    expect(baseline[0]?.style['text-align']).toBe('start');
    // Buttons centre their labels, and icons have no text: every other element starts its lines at the start.
    const text = baseline.filter((element) => !/^\d+ (button|svg|path|rect|circle|line|polyline|polygon|g)\b/.test(element.key));
    expect(text.filter((element) => !['start', 'left'].includes(element.style['text-align']!)).map((element) => element.key)).toEqual([]);
  });

  it.each(Object.keys(resets).flatMap((reset) => [{ reset, order: 'before' }, { reset, order: 'after' }]))(
    'lays out the same with $reset loaded $order toolchat/styles.css',
    async ({ reset, order }) => {
      const measured = await measure(`reset=${encodeURIComponent(reset)}&order=${order}`);
      expect(differences(baseline, measured)).toEqual([]);
    },
  );
});
