import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'vitest-axe';
import { EmptyState, ErrorBanner } from 'toolchat';

describe('ErrorBanner', () => {
  it('shows the error at once and retries', async () => {
    const onRetry = vi.fn();
    const { container } = render(<ErrorBanner error={new Error('Network down')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong: Network down');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect((await axe(container)).violations).toEqual([]);
  });

  it('can leave the announcement to a status region', () => {
    render(<ErrorBanner error={new Error('x')} announce={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('EmptyState', () => {
  it('offers the suggestions as buttons that send them', async () => {
    const onSuggestion = vi.fn();
    const { container } = render(
      <EmptyState suggestions={['Weather in Paris', 'What is 2+2?']} onSuggestion={onSuggestion} />,
    );
    expect(screen.getByText('How can I help?')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Suggestions' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'What is 2+2?' }));
    expect(onSuggestion).toHaveBeenCalledWith('What is 2+2?');
    expect((await axe(container)).violations).toEqual([]);
  });

  it('shows no list without suggestions', () => {
    render(<EmptyState />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
