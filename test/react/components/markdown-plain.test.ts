import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
// Internal fast path of `Markdown`: a block of plain words skips the parser. It must show
// exactly what react-markdown would.
import { plainParagraph } from '../../../src/react/markdown/plain';

const markdown = (text: string) => renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, text));
const paragraph = (text: string) => renderToStaticMarkup(createElement('p', null, text));

const piece = fc.constantFrom(
  'word', 'Paris', ' ', ' ', '  ', '    ', '\n', '\n', '.', ',', '1', '2.', '3)', '-', '--', '=', '+', '#', ':', '/', '"', "'", '(', ')',
  'http://x.org', 'www.a.com', 'a@b.co', '*', '_', '~', '|', '\\', '&amp;', '<b>', '`', '\t', '!', '[', ']', '>', 'é', '🙂', '\r', '%', 'max_tokens', '_a', 'b_',
);
const text = fc.array(piece, { minLength: 1, maxLength: 25 }).map((pieces) => pieces.join(''));

describe('plain paragraphs', () => {
  it('render exactly as react-markdown renders them, whenever the fast path takes them', () => {
    fc.assert(
      fc.property(text, (block) => {
        const plain = plainParagraph(block);
        if (plain !== undefined) expect(paragraph(plain)).toBe(markdown(block));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the words of an ordinary answer and leaves anything with Markdown to the parser', () => {
    expect(plainParagraph(' It is 21 °C in Paris, with a light breeze.\nEnjoy it.')).toBe('It is 21 °C in Paris, with a light breeze.\nEnjoy it.');
    expect(plainParagraph('It is **hot**.')).toBeUndefined();
    expect(plainParagraph('1. first')).toBeUndefined();
    expect(plainParagraph('Set max_tokens to 20.')).toBe('Set max_tokens to 20.');
    expect(plainParagraph('It is _hot_ and __dry__.')).toBeUndefined();
    expect(plainParagraph('See https://example.com')).toBeUndefined();
  });
});
