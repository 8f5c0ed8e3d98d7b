import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { axe } from 'vitest-axe';
import { CodeHighlighterProvider, Markdown, preloadMarkdown, type CodeHighlighter } from 'toolchat';

describe('Markdown', () => {
  // The renderer is its own chunk; `markdown-lazy.test.tsx` covers the plain text before it loads.
  beforeAll(() => preloadMarkdown());

  describe('given GitHub-flavoured Markdown', () => {
    it('renders tables, task lists and strikethrough', () => {
      render(
        <Markdown
          text={['| City | Temp |', '| --- | --- |', '| Paris | 21 |', '', '- [x] done', '- [ ] todo', '', '~~old~~'].join('\n')}
        />,
      );
      const table = screen.getByRole('table');
      expect(within(table).getByRole('columnheader', { name: 'City' })).toBeTruthy();
      expect(within(table).getByRole('cell', { name: 'Paris' })).toBeTruthy();
      expect(screen.getAllByRole('checkbox')).toHaveLength(2);
      expect(screen.getByText('old').tagName).toBe('DEL');
    });

    it('renders a code block with its language class and a Copy button that copies the code', async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      const { container } = render(<Markdown text={'```ts\nconst a = 1;\n```'} />);
      const code = container.querySelector('pre code');
      expect(code?.className).toBe('language-ts');
      expect(code?.textContent).toBe('const a = 1;');
      await user.click(screen.getByRole('button', { name: 'Copy code' }));
      expect(writeText).toHaveBeenCalledWith('const a = 1;');
      expect(screen.getByRole('button', { name: 'Copy code' }).textContent).toBe('Copied');
    });

    it('keeps inline code inline, without a Copy button', () => {
      const { container } = render(<Markdown text="use `npm test` here" />);
      expect(container.querySelector('p code')?.textContent).toBe('npm test');
      expect(screen.queryByRole('button')).toBeNull();
    });

    it('has no accessibility violations', async () => {
      const { container } = render(
        <Markdown text={'# Title\n\n[docs](https://example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx()\n```'} />,
      );
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('given server rendering', () => {
    it('renders the plain text, as hydration will, even once the renderer has loaded', () => {
      const html = renderToString(<Markdown text={'**Paris** <b>21</b>'} />);
      expect(html).toContain('toolchat-markdown-plain');
      expect(html).toContain('**Paris** &lt;b&gt;21&lt;/b&gt;');
      expect(html).not.toContain('<strong>');
    });
  });

  describe('given text that is still streaming', () => {
    it('shows an unfinished code fence as code so far', () => {
      const { container } = render(<Markdown text={'Here:\n```python\nprint("hi")\nfor x in'} />);
      expect(container.querySelector('pre code.language-python')?.textContent).toBe('print("hi")\nfor x in');
    });

    it('shows a table whose delimiter row has not arrived as plain text', () => {
      render(<Markdown text={'| City | Temp |\n| --'} />);
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getByText(/City/)).toBeTruthy();
    });

    it('shows a half-received table with the rows so far', () => {
      render(<Markdown text={'| City | Temp |\n| --- | --- |\n| Paris | 2'} />);
      expect(screen.getByRole('cell', { name: 'Paris' })).toBeTruthy();
      expect(screen.getByRole('cell', { name: '2' })).toBeTruthy();
    });
  });

  describe('given hostile model text', () => {
    it('shows raw HTML as text and creates no element from it', () => {
      const onerror = vi.fn();
      (globalThis as { pwned?: () => void }).pwned = onerror;
      const { container } = render(<Markdown text={'Hi <img src=x onerror="pwned()"> <script>pwned()</script>'} />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('script')).toBeNull();
      expect(container.textContent).toContain('<img src=x onerror="pwned()">');
      expect(container.textContent).toContain('<script>');
      expect(onerror).not.toHaveBeenCalled();
    });

    it('shows a block of raw HTML as text', () => {
      const { container } = render(<Markdown text={'<div onclick="alert(1)">\n<iframe src="https://evil.example"></iframe>\n</div>'} />);
      expect(container.querySelector('div[onclick], iframe')).toBeNull();
      expect(container.textContent).toContain('<iframe src="https://evil.example"></iframe>');
    });

    it.each([
      ['javascript:alert(1)'],
      ['JaVaScRiPt:alert(1)'],
      ['vbscript:msgbox(1)'],
      ['data:text/html,<script>alert(1)</script>'],
    ])('drops the link target %s but keeps its words', (href) => {
      const { container } = render(<Markdown text={`[click me](${href.replace(/[()]/g, '\\$&')})`} />);
      expect(screen.getByText('click me')).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
      expect(container.querySelector('[href]')).toBeNull();
    });

    it('drops an image whose source is a javascript: URL, keeping its alt text', () => {
      const { container } = render(<Markdown text="![a cat](javascript:alert(1))" />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.textContent).toContain('a cat');
    });

    it('opens safe links in a new tab without access to this page', () => {
      render(<Markdown text="[docs](https://example.com/a?b=1) and <https://example.org>" />);
      for (const link of screen.getAllByRole('link')) {
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      }
      expect(screen.getByRole('link', { name: 'docs (example.com)' }).getAttribute('href')).toBe('https://example.com/a?b=1');
      expect(screen.getByRole('link', { name: 'https://example.org' })).toBeTruthy();
    });

    it('shows a block whose line opens thousands of lists as plain text, and the next blocks as Markdown', () => {
      // Parsed, `- - - …` × 5,000 holds the page for seconds (micromark's work grows with the square).
      const deep = `${'- '.repeat(5_000)}deep`;
      const { container } = render(<Markdown text={`${deep}\n\n**after**\n\n- item`} />);
      expect(container.querySelector('.toolchat-markdown-plain')?.textContent).toBe(deep);
      expect(screen.getByText('after').tagName).toBe('STRONG');
      expect(screen.getByRole('listitem').textContent).toBe('item');
    });

    it('keeps such a line in a fenced code block as code', () => {
      const { container } = render(<Markdown text={`\`\`\`\n${'> '.repeat(40)}\n\`\`\``} />);
      expect(container.querySelector('pre code')?.textContent).toBe('> '.repeat(40));
      expect(container.querySelector('.toolchat-markdown-plain')).toBeNull();
    });

    it('still renders lists nested 32 deep on one line', () => {
      render(<Markdown text={`${'> '.repeat(16)}${'- '.repeat(16)}deep`} />);
      expect(screen.getAllByRole('list')).toHaveLength(16);
    });
  });

  describe('given a code highlighter', () => {
    const keywords: CodeHighlighter = async (code) =>
      code.split('\n').map((line) =>
        line.split(/(\bconst\b)/).filter(Boolean).map((content) => (content === 'const' ? { content, className: 'token keyword', color: '#cf222e' } : { content })),
      );

    it('shows the plain code first, then the tokens it resolves, with the same text', async () => {
      const highlight = vi.fn(keywords);
      const { container } = render(
        <CodeHighlighterProvider highlight={highlight}>
          <Markdown text={'```js\nconst a = 1;\nconst b = 2;\n```'} />
        </CodeHighlighterProvider>,
      );
      const code = () => container.querySelector('pre code')!;
      expect(code().textContent).toBe('const a = 1;\nconst b = 2;');
      await waitFor(() => expect(code().querySelectorAll('.token.keyword')).toHaveLength(2));
      expect(highlight).toHaveBeenCalledWith('const a = 1;\nconst b = 2;', 'js');
      expect(code().textContent).toBe('const a = 1;\nconst b = 2;');
      expect((code().querySelector('.token.keyword') as HTMLElement).style.color).toBe('rgb(207, 34, 46)');
    });

    it('never shows tokens of older text while the code streams', async () => {
      const pending: Array<() => void> = [];
      const slow: CodeHighlighter = (code, language) => new Promise((resolve) => pending.push(() => void keywords(code, language).then(resolve)));
      const { container, rerender } = render(
        <CodeHighlighterProvider highlight={slow}>
          <Markdown text={'```js\nconst a'} />
        </CodeHighlighterProvider>,
      );
      await waitFor(() => expect(pending).toHaveLength(1));
      pending[0]!();
      await waitFor(() => expect(container.querySelector('.token.keyword')).toBeTruthy());

      rerender(
        <CodeHighlighterProvider highlight={slow}>
          <Markdown text={'```js\nconst a = 1'} />
        </CodeHighlighterProvider>,
      );
      await waitFor(() => expect(container.querySelector('pre code')?.textContent).toBe('const a = 1'));
      expect(container.querySelector('.token')).toBeNull();

      await waitFor(() => expect(pending).toHaveLength(2));
      pending[1]!();
      await waitFor(() => expect(container.querySelector('.token.keyword')).toBeTruthy());
      expect(container.querySelector('pre code')?.textContent).toBe('const a = 1');
    });

    it('leaves the code plain when the highlighter fails or there is no language', async () => {
      const failing: CodeHighlighter = vi.fn(async () => {
        throw new Error('no grammar');
      });
      const { container } = render(
        <CodeHighlighterProvider highlight={failing}>
          <Markdown text={'```zz\nx\n```\n\n```\ny\n```'} />
        </CodeHighlighterProvider>,
      );
      await waitFor(() => expect(failing).toHaveBeenCalledOnce());
      expect([...container.querySelectorAll('pre code')].map((c) => c.textContent)).toEqual(['x', 'y']);
      expect(container.querySelector('[data-highlighted]')).toBeNull();
    });
  });
});
