import { render, screen, waitFor } from '@testing-library/react';
import { axe } from 'vitest-axe';
import { StatusIndicator } from 'toolchat';
import { defaultLabels, markerLabels } from 'toolchat';

describe('StatusIndicator', () => {
  it('announces the activity in a polite live region with its state', async () => {
    const label = defaultLabels.executing(['Get weather'], 2, 5);
    const { container } = render(
      <StatusIndicator activity={{ state: 'executing', label, toolNames: ['getWeather'], round: 2, maxRounds: 5 }} />,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.getAttribute('data-state')).toBe('executing');
    expect(status.textContent).toBe('Executing Get weather… (round 2 of 5)');
    expect((await axe(container)).violations).toEqual([]);
  });

  it.each([
    ['thinking', defaultLabels.thinking],
    ['streaming', defaultLabels.streaming],
    ['waiting-for-tool-input', defaultLabels.waitingForToolInput],
    ['awaiting-approval', defaultLabels.awaitingApproval(['Delete file'])],
    ['finalizing', defaultLabels.finalizing],
    ['error', defaultLabels.error(new Error('offline'))],
  ] as const)('shows the %s state as "%s"', (state, label) => {
    render(<StatusIndicator activity={{ state, label }} />);
    expect(screen.getByRole('status').textContent).toBe(label);
  });

  it('stays mounted but empty when idle, so the next status is announced', () => {
    const { rerender } = render(<StatusIndicator activity={{ state: 'idle', label: '' }} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<StatusIndicator activity={{ state: 'thinking', label: 'Thinking…' }} />);
    expect(screen.getByRole('status').textContent).toBe('Thinking…');
  });

  it('can leave an error to the error banner', () => {
    render(<StatusIndicator activity={{ state: 'error', label: 'Something went wrong: x' }} showError={false} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('draws its icons as SVG, so no state depends on an emoji font', async () => {
    const emoji = /\p{Extended_Pictographic}/u;
    for (const label of [markerLabels.waitingForToolInput, markerLabels.executing(['Get weather'], 1, 5), defaultLabels.finalizing]) {
      expect(label).not.toMatch(emoji);
    }
    const { container } = render(<StatusIndicator activity={{ state: 'executing', label: markerLabels.executing(['Get weather'], 1, 5) }} />);
    expect(screen.getByRole('status').textContent).toBe('Executing tool: Get weather…');
    // The icon is decorative and loads after the first render.
    const icon = await waitFor(() => {
      const svg = container.querySelector('svg');
      expect(svg).not.toBeNull();
      return svg;
    });
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
  });
});
