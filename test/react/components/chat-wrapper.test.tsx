import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { StrictMode } from 'react';
import { axe } from 'vitest-axe';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';

let chatCount = 0;
/** Every test gets its own chat: sessions are shared by id. */
const nextId = () => `chat-wrapper-test-${++chatCount}`;

describe('ChatWrapper', () => {
  describe('given an empty chat with suggestions', () => {
    it('sends a clicked suggestion, answers it, and leaves focus in the composer', async () => {
      const user = userEvent.setup();
      render(
        <StrictMode>
          <ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} suggestions={['Weather in Paris?', 'What is 2+2?']} />
        </StrictMode>,
      );
      expect(screen.getByText('How can I help?')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Weather in Paris?' }));

      const log = screen.getByRole('log', { name: 'Conversation' });
      await waitFor(() => expect(within(log).getByText(/21\s*°C/)).toBeTruthy());
      expect(screen.queryByRole('button', { name: 'What is 2+2?' })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
      expect(within(log).getByRole('button', { name: 'Used Get weather' })).toBeTruthy();
    });
  });

  describe('given a tool that needs approval', () => {
    it('asks with Approve and Deny, and runs the tool once approved', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delete the file notes.txt{Enter}');

      const approve = await screen.findByRole('button', { name: 'Approve' });
      expect(screen.getByRole('status').textContent).toContain('Delete file');
      expect(screen.getByRole('group', { name: 'Delete file' }).getAttribute('data-state')).toBe('awaiting-approval');
      await user.click(approve);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Used Delete file' }));
      expect(screen.getByRole('group', { name: 'Delete file' }).getAttribute('data-state')).toBe('done');
    });

    it('does not run the tool when denied', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delete the file notes.txt{Enter}');
      await user.click(await screen.findByRole('button', { name: 'Deny' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
      // A denial is a failure the fold shows without opening.
      await user.click(screen.getByRole('button', { name: 'Used Delete file 1 denied' }));
      expect(screen.getByRole('group', { name: 'Delete file' }).getAttribute('data-state')).toBe('denied');
    });
  });

  describe('given a failing request', () => {
    it('shows the error with Retry, and Retry sends again', async () => {
      const user = userEvent.setup();
      const demo = createDemoTransport();
      let calls = 0;
      const flaky: ChatTransport<UIMessage> = {
        sendMessages: async (options): Promise<ReadableStream<UIMessageChunk>> => {
          calls++;
          if (calls === 1) throw new Error('Network down');
          return demo.sendMessages(options);
        },
        reconnectToStream: async () => null,
      };
      render(<ChatWrapper id={nextId()} transport={flaky} tools={demoTools} />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');

      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Network down'));
      expect(screen.getByRole('status').textContent).toBe('');
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(within(screen.getByRole('log')).getByText(/\b4\b/)).toBeTruthy());
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(calls).toBeGreaterThanOrEqual(2);
    });
  });

  describe('given a slow tool', () => {
    it('turns Send into Stop, and Stop ends the turn', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Search slowly for cats{Enter}');
      await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Slow search'));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
      expect(screen.getByRole('group', { name: 'Slow search' }).getAttribute('data-state')).toBe('cancelled');
    });
  });

  it('sets the theme and class, and takes its strings from labels', () => {
    const { container } = render(
      <ChatWrapper id={nextId()} transport={createDemoTransport()} theme="dark" className="mine" labels={{ send: 'Senden', messageList: 'Verlauf' }} />,
    );
    const root = container.firstElementChild;
    expect(root?.getAttribute('data-theme')).toBe('dark');
    expect(root?.className).toBe('toolchat mine');
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
    expect(screen.getByRole('log', { name: 'Verlauf' })).toBeTruthy();
  });

  it('follows the system theme by default', () => {
    const { container } = render(<ChatWrapper id={nextId()} transport={createDemoTransport()} />);
    expect(container.firstElementChild?.getAttribute('data-theme')).toBe('system');
  });

  it('has no accessibility violations with a conversation on screen', async () => {
    const user = userEvent.setup();
    const { container } = render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} suggestions={['Hi']} />);
    expect((await axe(container)).violations).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Weather in Paris and the time in Tokyo{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Used Get weather and Get time' })).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Used Get weather and Get time' }));
    expect((await axe(container)).violations).toEqual([]);
  });
});
