import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
// The block split is internal to `Markdown`; its promise (a split never changes what the
// reader sees) is checked here against react-markdown itself, on the whole text.
import { blocksOf, rescan } from '../../../src/core/markdown/blocks';

const html = (text: string) => renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, text));
const blocks = (text: string) => blocksOf(rescan(undefined, text));

/** Lines that start, continue or end every kind of block whose extent a blank line does not end. */
const line = fc.constantFrom(
  '', '', '', ' ', 'Some words here.', 'More *words*', '# Heading', 'Title', '===', '---', '***', '* * *',
  '- item', '- [x] done', '* star item', '+ plus', '1. first', '2) second', '10. tenth', '1999 was a year',
  '  indented continuation', ' one space', ' - spaced item', ' ```', ' <div>', '    indented code', '\tTabbed', '> quote', '> > nested', '>',
  '```', '```js', '````', '~~~', '~~~ py', '``` not`a fence', '  ```', '    ```', 'code { x }',
  '| a | b |', '| --- | --- |', '| 1 | 2 |',
  '<pre>', '</pre>', '<!--', '-->', '<div>', '</div>', '<script>x()</script>', '<?php', '?>', '<!DOCTYPE html>', '<![CDATA[', ']]>',
  '[ref]: https://example.com', '[ref] and [link][ref]', 'A note[^1].', '[^1]: The note.', '   [x]: /y',
  'Text with <b>html</b>', '\\# escaped', '\r', '- ```', '  - nested', '<textarea>', '</textarea>', 'a | b', '-- | --',
);
const markdown = fc.array(line, { maxLength: 30 }).map((lines) => lines.join('\n'));

describe('splitting Markdown into blocks', () => {
  it('never changes the rendering: the blocks render to the whole text\'s HTML', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(markdown, (text) => {
        // Only blank lines fall between blocks.
        expect(blocks(text).join('\n\n').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
        expect(blocks(text).map(html).join('\n')).toBe(html(text));
      }),
      { numRuns: 500 },
    );
  });

  it('gives a streamed text, updated chunk by chunk, the blocks of the whole text', () => {
    fc.assert(
      fc.property(markdown, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        let scan: ReturnType<typeof rescan> | undefined;
        for (const point of [...points, text.length]) {
          scan = rescan(scan, text.slice(0, point));
          expect(blocksOf(scan)).toEqual(blocks(text.slice(0, point)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('splits paragraphs, headings, closed fences and tables, and leaves fenced blank lines alone', () => {
    const text = ['# Title', '', 'Para one.', '', '```js', 'a()', '', 'b()', '```', '', '| a |', '| - |', '', 'End.'].join('\n');
    expect(blocks(text)).toEqual(['# Title', 'Para one.', '```js\na()\n\nb()\n```', '| a |\n| - |', 'End.']);
  });

  it('splits before a paragraph whose first token brought a space, but not before an indented one', () => {
    expect(blocks('One word.\n\n Two words.')).toEqual(['One word.', ' Two words.']);
    expect(blocks('- a\n\n  b')).toHaveLength(1);
  });

  it('keeps a loose list, an indented continuation and an open fence in one block', () => {
    expect(blocks('- a\n\n- b\n\n  more of b')).toHaveLength(1);
    expect(blocks('Intro\n\n```\nx\n\ny')).toEqual(['Intro', '```\nx\n\ny']);
  });

  it('splits after a code block inside a numbered list item, as models write them', () => {
    const text = ['1. Install:', '   ```bash', '   npm i', '', '   npm test', '   ```', '2. Run it.', '', 'Done.'].join('\n');
    expect(blocks(text)).toEqual([text.slice(0, text.indexOf('\n\nDone.')), 'Done.']);
  });

  it('does not split text with reference definitions, which reach across blocks', () => {
    expect(blocks('See [docs].\n\nMore.\n\n[docs]: https://example.com')).toHaveLength(1);
  });
});
