import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { createToolChat, MessageList, preloadMarkdown, ToolChatProvider, type ToolCallView, type ToolRenderers } from 'toolchat';
import { longThread } from '../../support/long-thread';

beforeAll(() => preloadMarkdown());

/** A card with a field of its own: what a remount would lose. */
const renderTool: ToolRenderers = {
  getWeather: (call: ToolCallView) => <input aria-label={`Note for ${call.toolCallId}`} defaultValue="" />,
};

/** A thread that comes from elsewhere, in a read-only chat; `show` replaces it as a chat's update would. */
function renderList(messages: UIMessage[]) {
  const chat = createToolChat({ initialMessages: messages, readOnly: true, throttle: 0 });
  const view = render(
    <ToolChatProvider chat={chat} renderTool={renderTool}>
      <MessageList />
    </ToolChatProvider>,
  );
  return { ...view, show: (next: UIMessage[]) => act(() => chat.setMessages(next)) };
}

const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.toolchat-message')];

const edited = (message: UIMessage, text: string): UIMessage => ({ ...message, parts: [{ type: 'text', text }] });

describe('MessageList keeps its rows mounted', () => {
  describe('given a paged thread of 300 messages with a card the user typed into', () => {
    // The card of answer 140 (index 281), on the last page; the thread opens at index 240.
    const cardName = 'Note for call_140_0';

    it('keeps the text and the focus when messages before it are removed or edited (property)', async () => {
      const user = userEvent.setup();
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(
              fc.record({ kind: fc.constant('remove' as const), at: fc.integer({ min: 200, max: 280 }) }),
              fc.record({ kind: fc.constant('edit' as const), at: fc.integer({ min: 200, max: 280 }) }),
            ),
            { minLength: 1, maxLength: 6 },
          ),
          async (changes) => {
            let thread = longThread(300, { toolsPerAnswer: 1 });
            const { show, unmount } = renderList(thread);
            try {
              // Tool cards render once their chunk is in (it loads after the first render).
              const field = await screen.findByRole<HTMLInputElement>('textbox', { name: cardName });
              await user.type(field, 'keep me');
              for (const change of changes) {
                const cardIndex = thread.findIndex((message) => message.id === 'a140');
                const at = Math.min(change.at, cardIndex - 1);
                if (at < 0) continue;
                thread =
                  change.kind === 'remove'
                    ? thread.filter((_, i) => i !== at)
                    : thread.map((message, i) => (i === at ? edited(message, `Edited ${message.id}`) : message));
                show(thread);
                const now = screen.getByRole<HTMLInputElement>('textbox', { name: cardName });
                expect(now).toBe(field);
                expect(now.value).toBe('keep me');
                expect(document.activeElement).toBe(field);
              }
            } finally {
              unmount();
            }
          },
        ),
        { numRuns: 12 },
      );
    }, 120_000);

    it('keeps a row mounted when the message after it is removed, and when the last page is emptied but for it', { timeout: 30_000 }, async () => {
      let thread = longThread(300, { toolsPerAnswer: 1 });
      const { container, show } = renderList(thread);
      const field = await screen.findByRole<HTMLInputElement>('textbox', { name: cardName });
      thread = thread.filter((message) => message.id !== 'u141' && message.id !== 'a141');
      show(thread);
      expect(screen.getByRole('textbox', { name: cardName })).toBe(field);
      expect(rows(container).at(-1)?.textContent).toContain('Answer 149 ends here.');
    });
  });

  describe('given a revealed page of a long thread', () => {
    it('stays revealed, and its rows mounted, when its first message is removed', { timeout: 30_000 }, async () => {
      const user = userEvent.setup();
      let thread = longThread(400, { toolsPerAnswer: 1 });
      const { container, show } = renderList(thread);
      const log = screen.getByRole('log');
      await user.click(within(log).getByRole('button', { name: 'Show earlier messages (360 more)' }));
      expect(rows(container)).toHaveLength(80);
      // Answer 160 (index 321) is the second row of the revealed page; u160 (index 320) is its first.
      const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Note for call_160_0' });
      await user.type(field, 'typed');

      thread = thread.filter((message) => message.id !== 'u160');
      show(thread);
      expect(rows(container)).toHaveLength(79);
      expect(rows(container)[0]?.textContent).toContain('sunny in city 160');
      expect(within(log).getByRole('button', { name: 'Show earlier messages (320 more)' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Note for call_160_0' })).toBe(field);
      expect(field.value).toBe('typed');

      // And the next reveal still shows a page more.
      await act(async () => {
        await user.click(within(log).getByRole('button', { name: 'Show earlier messages (320 more)' }));
      });
      expect(rows(container)).toHaveLength(119);
      expect(screen.getByRole('textbox', { name: 'Note for call_160_0' })).toBe(field);
    });
  });
});
