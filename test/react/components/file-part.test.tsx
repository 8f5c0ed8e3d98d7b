import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { defaultUrlTransform } from 'react-markdown';
import { FilePart, SourcePart } from 'toolchat';

describe('SourcePart', () => {
  it('links a web source and keeps only the title of a javascript: one', () => {
    render(
      <>
        <SourcePart part={{ type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'Example' }} />
        <SourcePart part={{ type: 'source-url', sourceId: 's2', url: 'JavaScript:alert(1)', title: 'Trap' }} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Example' }).getAttribute('href')).toBe('https://example.com/a');
    expect(screen.queryByRole('link', { name: 'Trap' })).toBeNull();
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
});
