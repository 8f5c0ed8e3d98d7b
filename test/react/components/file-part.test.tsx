import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { defaultUrlTransform } from 'react-markdown';
import { FilePart, ImageOriginsProvider, SourcePart } from 'toolchat';

describe('SourcePart', () => {
  it('links a web source and keeps only the title of a javascript: one', () => {
    render(
      <>
        <SourcePart part={{ type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'Example' }} />
        <SourcePart part={{ type: 'source-url', sourceId: 's2', url: 'JavaScript:alert(1)', title: 'Trap' }} />
      </>,
    );
    // Named by its title and, beside it, its host.
    expect(screen.getByRole('link', { name: 'Example example.com' }).getAttribute('href')).toBe('https://example.com/a');
    expect(screen.queryByRole('link', { name: /Trap/ })).toBeNull();
    expect(screen.getByText('Trap')).toBeTruthy();
  });

  it('follows the same URL rule as Markdown links (react-markdown\'s defaultUrlTransform)', () => {
    const url = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom('http', 'https', 'HTTPS', 'mailto', 'javascript', 'vbscript', 'data', 'ircs', 'file', ''), fc.constantFrom(':', '/', '?', '#'), fc.string()).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(url, (href) => {
        const { container, unmount } = render(<SourcePart part={{ type: 'source-url', sourceId: 's', url: href, title: 'Source' }} />);
        const expected = defaultUrlTransform(href);
        expect(container.querySelector('a')?.getAttribute('href') ?? '').toBe(expected);
        unmount();
      }),
      { numRuns: 200 },
    );
  });
});

describe('FilePart', () => {
  it('shows a PNG data URL inline but only names an HTML data URL', () => {
    render(
      <>
        <FilePart part={{ type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA', filename: 'chart.png' }} />
        <FilePart part={{ type: 'file', mediaType: 'text/html', url: 'data:text/html,<script>alert(1)</script>', filename: 'page.html' }} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'chart.png' }).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('page.html').tagName).toBe('SPAN');
  });

  // A model's or a tool's file part (an MCP image, a generated chart) can point anywhere: its
  // address is as much the model's choice as a Markdown image's.
  it('fetches an image on another origin only when the user asks, naming the host', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <FilePart part={{ type: 'file', mediaType: 'image/png', url: 'https://attacker.example/pixel.png?secret=42', filename: 'chart.png' }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('attacker.example/pixel');
    // The guard loads with the first image at an address (out of the first load).
    await user.click(await screen.findByRole('button', { name: 'Load image from attacker.example' }));
    const image = screen.getByRole('img', { name: 'chart.png' });
    expect(image.getAttribute('src')).toBe('https://attacker.example/pixel.png?secret=42');
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it("shows at once the page's own images, the app's trusted origins and the user's blob: attachments", async () => {
    render(
      <ImageOriginsProvider origins={['https://images.example.com']}>
        <FilePart part={{ type: 'file', mediaType: 'image/png', url: '/uploads/own.png', filename: 'own.png' }} />
        <FilePart part={{ type: 'file', mediaType: 'image/jpeg', url: 'https://images.example.com/a.jpg', filename: 'trusted.jpg' }} />
        <FilePart part={{ type: 'file', mediaType: 'image/png', url: 'blob:http://localhost:3000/1234', filename: 'pasted.png' }} />
      </ImageOriginsProvider>,
    );
    expect(screen.getByRole('img', { name: 'pasted.png' }).getAttribute('src')).toBe('blob:http://localhost:3000/1234');
    // Shown as soon as the guard has loaded: no button is ever offered for them.
    expect(screen.queryByRole('button')).toBeNull();
    expect((await screen.findByRole('img', { name: 'own.png' })).getAttribute('src')).toBe('http://localhost:3000/uploads/own.png');
    expect(screen.getByRole('img', { name: 'trusted.jpg' }).getAttribute('src')).toBe('https://images.example.com/a.jpg');
    expect(screen.getByRole('img', { name: 'pasted.png' }).getAttribute('src')).toBe('blob:http://localhost:3000/1234');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names an SVG data URL and a javascript: image without loading either', () => {
    const { container } = render(
      <>
        <FilePart part={{ type: 'file', mediaType: 'image/svg+xml', url: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', filename: 'drawing.svg' }} />
        <FilePart part={{ type: 'file', mediaType: 'image/png', url: 'javascript:alert(1)', filename: 'trap.png' }} />
      </>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('drawing.svg')).toBeTruthy();
    expect(screen.getByText('trap.png')).toBeTruthy();
  });
});
