import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage } from 'ai';
import { axe } from 'vitest-axe';
import { createToolChat, MessageList, ToolChatProvider, type ToolRenderers } from 'toolchat';

const user1: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };
const answer1: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Checking.' },
    { type: 'tool-getWeather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { tempC: 21 } },
  ],
};
const user2: UIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And Tokyo?' }] };
const answer2 = (text: string): UIMessage => ({
  id: 'a2',
  role: 'assistant',
  parts: [
    { type: 'tool-getWeather', toolCallId: 'c2', state: 'output-available', input: { city: 'Tokyo' }, output: { tempC: 25 } },
    { type: 'text', text, state: 'streaming' },
  ],
});

/** Makes the log scrollable in jsdom, which has no layout. */
function giveLayout(log: HTMLElement, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(log, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(log, 'clientHeight', { configurable: true, value: clientHeight });
}

/**
 * A list of messages that come from elsewhere: a read-only chat holds them, and `show` replaces
 * them as a chat's updates would (no throttle, so each shows at once).
 */
function renderList(messages: UIMessage[], options: { renderTool?: ToolRenderers; empty?: React.ReactNode } = {}) {
  const chat = createToolChat({ initialMessages: messages, readOnly: true, throttle: 0 });
  const view = render(
    <ToolChatProvider chat={chat} renderTool={options.renderTool}>
      <MessageList empty={options.empty} />
    </ToolChatProvider>,
  );
  return { ...view, show: (next: UIMessage[]) => act(() => chat.setMessages(next)) };
}

describe('MessageList', () => {
  it('is a labelled log that leaves live announcements to the status', async () => {
    const { container } = renderList([user1, answer1]);
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-live')).toBe('off');
    expect(screen.getByText('Weather in Paris?')).toBeTruthy();
    expect((await axe(container)).violations).toEqual([]);
  });

  it('shows the empty state when there are no messages', () => {
    renderList([], { empty: <p>Ask me anything</p> });
    expect(screen.getByText('Ask me anything')).toBeTruthy();
  });

  describe('given a long conversation whose last answer streams', () => {
    it('re-renders only the streaming row when a token arrives', async () => {
      const renders: Record<string, number> = {};
      const renderTool: ToolRenderers = {
        getWeather: (call) => {
          renders[call.toolCallId] = (renders[call.toolCallId] ?? 0) + 1;
          return null;
        },
      };
      const { show } = renderList([user1, answer1, user2, answer2('It is')], { renderTool });
      // Tool cards render once their chunk is in (it loads after the first render).
      await waitFor(() => expect(renders).toEqual({ c1: 1, c2: 1 }));

      show([user1, answer1, user2, answer2('It is 25°C')]);
      expect(renders).toEqual({ c1: 1, c2: 2 });
      expect(screen.getByText('It is 25°C')).toBeTruthy();
    });

    it('does not re-render rows whose content is unchanged when the whole array is replaced', async () => {
      let count = 0;
      const renderTool: ToolRenderers = { getWeather: () => (count++, null) };
      const messages = [user1, answer1];
      const { show } = renderList(messages, { renderTool });
      await waitFor(() => expect(count).toBe(1));
      show(messages.map((m) => ({ ...m, parts: m.parts.map((p) => ({ ...p })) })));
      expect(count).toBe(1);
    });

    it('follows the stream, stops following when the reader scrolls up, and jumps back on request', async () => {
      const { show } = renderList([user1, answer1, user2, answer2('It')]);
      const log = screen.getByRole('log');
      giveLayout(log, 1000, 200);

      show([user1, answer1, user2, answer2('It is')]);
      expect(log.scrollTop).toBe(1000);
      expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

      log.scrollTop = 300;
      fireEvent.scroll(log);
      giveLayout(log, 1200, 200);
      show([user1, answer1, user2, answer2('It is 25')]);
      expect(log.scrollTop).toBe(300);

      await userEvent.setup().click(screen.getByRole('button', { name: 'Jump to latest' }));
      expect(log.scrollTop).toBe(1200);
      expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

      giveLayout(log, 1400, 200);
      show([user1, answer1, user2, answer2('It is 25°C')]);
      expect(log.scrollTop).toBe(1400);
    });

    it('keeps following when the browser tells of its own scroll only after the answer grew', () => {
      const { show } = renderList([user1, answer2('It')]);
      const log = screen.getByRole('log');
      giveLayout(log, 1000, 200);
      show([user1, answer2('It is')]);
      expect(log.scrollTop).toBe(1000);

      // The scroll event of that jump arrives a frame late, the answer 300 px longer by then.
      giveLayout(log, 1300, 200);
      fireEvent.scroll(log);
      expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
      show([user1, answer2('It is 25')]);
      expect(log.scrollTop).toBe(1300);
    });

    it('keeps following when the reader scrolls but stays near the bottom', () => {
      const { show } = renderList([user1, answer2('It')]);
      const log = screen.getByRole('log');
      giveLayout(log, 1000, 200);
      log.scrollTop = 780;
      fireEvent.scroll(log);
      expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
      show([user1, answer2('It is')]);
      expect(log.scrollTop).toBe(1000);
    });
  });

  describe('given content that grows after the list rendered (deferred Markdown, images)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('follows the growth while at the bottom, and not after the reader scrolled up', () => {
      const observers: Array<() => void> = [];
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: () => void) {
            observers.push(callback);
          }
          observe() {}
          disconnect() {}
        },
      );
      renderList([user1, answer2('It')]);
      const log = screen.getByRole('log');
      expect(observers).toHaveLength(1);
      const grow = observers[0]!;

      giveLayout(log, 900, 200);
      grow();
      expect(log.scrollTop).toBe(900);

      log.scrollTop = 100;
      fireEvent.scroll(log);
      giveLayout(log, 1500, 200);
      grow();
      expect(log.scrollTop).toBe(100);
    });
  });
});
