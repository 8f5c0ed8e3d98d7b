import { render, screen } from '@testing-library/react';
import { Markdown } from 'toolchat';

// A fresh module registry per file: here the Markdown renderer's chunk has not loaded yet.
describe('given the Markdown renderer has not loaded yet', () => {
  it('shows the text as plain text with its line breaks, then formatted once it loads', async () => {
    const text = '# Weather\n\nParis: **21 °C**\n<b>not a tag</b>';
    const { container } = render(<Markdown text={text} />);
    const plain = container.querySelector('.toolchat-markdown-plain');
    expect(plain?.textContent).toBe(text);
    expect(plain?.children).toHaveLength(0);
    expect(container.querySelector('b, strong, h1')).toBeNull();

    expect((await screen.findByRole('heading', { name: 'Weather' })).tagName).toBe('H1');
    expect(screen.getByText('21 °C').tagName).toBe('STRONG');
    expect(container.querySelector('.toolchat-markdown-plain')).toBeNull();
  });
});
