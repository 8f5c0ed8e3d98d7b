import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage } from 'ai';
import { axe } from 'vitest-axe';
import { Message, preloadMarkdown } from 'toolchat';
import type { ToolCallView } from 'toolchat';

const weather = (id: string, city: string): UIMessage['parts'][number] => ({
  type: 'tool-getWeather',
  toolCallId: id,
  state: 'output-available',
  input: { city },
  output: { tempC: 21 },
});

const finishedTurn: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    weather('c1', 'Paris'),
    weather('c2', 'Tokyo'),
    { type: 'step-start' },
    { type: 'dynamic-tool', toolName: 'getTime', toolCallId: 'c3', state: 'output-available', input: { tz: 'Asia/Tokyo' }, output: '09:00' },
    { type: 'step-start' },
    { type: 'text', text: 'It is **21°C** in Paris and Tokyo.', state: 'done' },
  ],
};

describe('Message', () => {
  // Markdown's renderer is its own chunk: load it first so rows render formatted at once.
  beforeAll(() => preloadMarkdown());

  describe('given a user message', () => {
    it('shows its text as typed, not as Markdown', () => {
      render(<Message message={{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'what is **bold**?' }] }} />);
      expect(screen.getByText('what is **bold**?')).toBeTruthy();
    });
  });

  describe('given an assistant message', () => {
    it('renders its text as Markdown', () => {
      const { container } = render(<Message message={{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'a **b**' }] }} />);
      expect(container.querySelector('strong')?.textContent).toBe('b');
      expect(container.querySelector('.toolchat-message')?.getAttribute('data-role')).toBe('assistant');
    });

    it('folds reasoning into a "Thinking…" block while it streams', async () => {
      const { container, rerender } = render(
        <Message streaming message={{ id: 'a', role: 'assistant', parts: [{ type: 'reasoning', text: 'Let me see', state: 'streaming' }] }} />,
      );
      // Reasoning, like the fold, the files and the turn's notice, loads after the first render.
      expect((await screen.findByText('Thinking…')).tagName).toBe('SUMMARY');
      const details = container.querySelector('details');
      expect(details?.open).toBe(false);
      await userEvent.setup().click(screen.getByText('Thinking…'));
      expect(details?.open).toBe(true);
      expect(screen.getByText('Let me see')).toBeTruthy();
      rerender(<Message message={{ id: 'a', role: 'assistant', parts: [{ type: 'reasoning', text: 'Let me see', state: 'done' }] }} />);
      expect(screen.getByText('Thought process')).toBeTruthy();
    });
  });

  describe('given a turn that used three tools and then answered', () => {
    it('folds the tool cards into "Used 3 tools: Get weather and Get time" that expands', async () => {
      const user = userEvent.setup();
      render(<Message message={finishedTurn} />);
      expect(screen.getByText('21°C')).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Get weather' })).toBeNull();

      const summary = await screen.findByRole('button', { name: 'Used 3 tools: Get weather and Get time' });
      expect(summary.getAttribute('aria-expanded')).toBe('false');
      await user.click(summary);
      expect(summary.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getAllByRole('group', { name: 'Get weather' })).toHaveLength(2);
      expect(screen.getByRole('group', { name: 'Get time' })).toBeTruthy();
    });

    it('keeps the cards unfolded while the turn is still streaming', () => {
      render(<Message message={finishedTurn} streaming />);
      expect(screen.queryByRole('button', { name: 'Used 3 tools: Get weather and Get time' })).toBeNull();
      expect(screen.getAllByRole('button', { name: /Get weather.*Done/ })).toHaveLength(2);
    });

    it('keeps the cards unfolded when no answer follows them', () => {
      render(<Message message={{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'Checking.' }, weather('c1', 'Paris')] }} />);
      expect(screen.queryByRole('button', { name: /Used/ })).toBeNull();
      expect(screen.getByRole('button', { name: /Get weather/ })).toBeTruthy();
    });

    it('has no accessibility violations', async () => {
      const { container } = render(<Message message={finishedTurn} />);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Used 3 tools: Get weather and Get time' }));
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('given the hook’s view of the calls', () => {
    it('shows the phase and duration it knows and the part cannot tell', () => {
      const views: Record<string, ToolCallView> = {
        c1: { toolCallId: 'c1', toolName: 'getWeather', phase: 'pending', input: { city: 'Paris' } },
        c2: { toolCallId: 'c2', toolName: 'getWeather', phase: 'running', input: { city: 'Tokyo' }, durationMs: 300 },
      };
      render(
        <Message
          streaming
          getToolCall={(id) => views[id]}
          message={{
            id: 'a',
            role: 'assistant',
            parts: [
              { type: 'tool-getWeather', toolCallId: 'c1', state: 'input-available', input: { city: 'Paris' } },
              { type: 'tool-getWeather', toolCallId: 'c2', state: 'input-available', input: { city: 'Tokyo' } },
            ],
          }}
        />,
      );
      expect(screen.getByRole('button', { name: /Get weather.*Pending/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Get weather.*Running.*300 ms/ })).toBeTruthy();
    });

    it('passes Approve and Deny to the waiting call, and custom renderers to their tool', async () => {
      const onApprove = vi.fn();
      render(
        <Message
          onApprove={onApprove}
          onDeny={vi.fn()}
          renderTool={{ deleteFile: (call) => <p>Delete {String((call.input as { path: string }).path)}?</p> }}
          message={{
            id: 'a',
            role: 'assistant',
            parts: [{ type: 'tool-deleteFile', toolCallId: 'd1', state: 'approval-requested', input: { path: '/tmp/x' }, approval: { id: 'ap1' } }],
          }}
        />,
      );
      expect(screen.getByText('Delete /tmp/x?')).toBeTruthy();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
      expect(onApprove).toHaveBeenCalledWith('d1');
    });
  });

  describe('given files and sources', () => {
    it('shows an attached image inline and another file as a link', async () => {
      render(
        <Message
          message={{
            id: 'u',
            role: 'user',
            parts: [
              { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=', filename: 'cat.png' },
              { type: 'file', mediaType: 'application/pdf', url: 'https://example.com/r.pdf', filename: 'r.pdf' },
            ],
          }}
        />,
      );
      expect((await screen.findByRole('img', { name: 'cat.png' })).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
      expect(screen.getByRole('link', { name: 'r.pdf' }).getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('loads no file or source from an unsafe URL', async () => {
      const { container } = render(
        <Message
          message={{
            id: 'a',
            role: 'assistant',
            parts: [
              { type: 'file', mediaType: 'image/svg+xml', url: 'data:image/svg+xml,<svg onload="alert(1)"/>', filename: 'x.svg' },
              { type: 'file', mediaType: 'text/html', url: 'javascript:alert(1)', filename: 'x.html' },
              { type: 'source-url', sourceId: 's1', url: 'javascript:alert(1)', title: 'Evil' },
              { type: 'source-url', sourceId: 's2', url: 'https://example.com/doc', title: 'Docs' },
            ],
          }}
        />,
      );
      expect(await screen.findByText('Evil')).toBeTruthy();
      expect(container.querySelector('img')).toBeNull();
      // The sources' list numbers them: the second keeps its link, the first only its title.
      expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['2Docs example.com']);
      expect(screen.getByText('x.svg')).toBeTruthy();
      expect(screen.getByText('Evil')).toBeTruthy();
    });
  });
});
