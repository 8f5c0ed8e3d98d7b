import { render, screen, waitFor } from '@testing-library/react';
import { Markdown } from 'toolchat';

// The renderer's chunk cannot be fetched (offline, or removed by a deploy).
vi.mock('../../../src/react/markdown/markdown-renderer', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('given the Markdown renderer fails to load', () => {
  it('keeps showing the text as plain text and says why in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<Markdown text={'**Paris**: 21 °C'} />);
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('plain text'), expect.any(Error)));
    expect(screen.getByText('**Paris**: 21 °C').className).toBe('toolchat-markdown-plain');
    expect(container.querySelector('strong')).toBeNull();
  });
});
