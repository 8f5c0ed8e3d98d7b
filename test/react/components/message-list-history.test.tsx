import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage } from 'ai';
import ReactMarkdown from 'react-markdown';
import { axe } from 'vitest-axe';
import { createToolChat, MessageList, preloadMarkdown, ToolChatProvider, type ToolRenderers, type UiLabels } from 'toolchat';
import { longThread } from '../../support/long-thread';

vi.mock('react-markdown', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-markdown')>();
  return { ...original, default: vi.fn(original.default) };
});

beforeAll(() => preloadMarkdown());

const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.toolchat-message')];
/** The question or answer number a row shows ("What is the weather in city 12?" → 12). */
const firstQuestion = (container: HTMLElement) => /city (\d+)\?/.exec(rows(container)[0]?.textContent ?? '')?.[1];

/** Makes the log scrollable in jsdom, which has no layout. */
function giveLayout(log: HTMLElement, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(log, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(log, 'clientHeight', { configurable: true, value: clientHeight });
}

/** A thread that comes from elsewhere, in a read-only chat; `show` replaces it as a chat's update would. */
function renderList(messages: UIMessage[], options: { renderTool?: ToolRenderers; labels?: Partial<UiLabels> } = {}) {
  const chat = createToolChat({ initialMessages: messages, readOnly: true, throttle: 0, ...(options.labels ? { labels: options.labels } : {}) });
  const view = render(
    <ToolChatProvider chat={chat} renderTool={options.renderTool}>
      <MessageList />
    </ToolChatProvider>,
  );
  return { ...view, show: (next: UIMessage[]) => act(() => chat.setMessages(next)) };
}

describe('MessageList with a long history', () => {
  describe('given a thread of 200 messages', () => {
    it('renders every message, with nothing left to show', () => {
      const { container } = renderList(longThread(200));
      expect(rows(container)).toHaveLength(200);
      expect(screen.queryByRole('button', { name: /Show earlier messages/ })).toBeNull();
    });
  });

  describe('given a restored thread of 1,000 messages', () => {
    it('renders the page of its latest 40 messages and offers the 960 before them', async () => {
      const { container } = renderList(longThread(1_000));
      const log = screen.getByRole('log', { name: 'Conversation' });
      expect(rows(container)).toHaveLength(40);
      expect(firstQuestion(container)).toBe('480');
      expect(within(log).getByText('Answer 499 ends here.')).toBeTruthy();
      expect(within(log).getByRole('button', { name: 'Show earlier messages (960 more)' })).toBeTruthy();
      expect((await axe(container)).violations).toEqual([]);
    });

    it('parses the Markdown of the rendered answers only', () => {
      vi.mocked(ReactMarkdown).mockClear();
      renderList(longThread(1_000));
      // 20 answers on screen, each with one block of Markdown to parse (the rest is plain words).
      expect(vi.mocked(ReactMarkdown).mock.calls.length).toBe(20);
    });

    it('shows a page more per press of "Show earlier messages", keeping focus on it, then on the log', async () => {
      const user = userEvent.setup();
      const { container } = renderList(longThread(400));
      const log = screen.getByRole('log');
      const button = within(log).getByRole('button', { name: 'Show earlier messages (360 more)' });
      await user.click(button);
      expect(rows(container)).toHaveLength(80);
      expect(firstQuestion(container)).toBe('160');
      expect(button.textContent).toBe('Show earlier messages (320 more)');
      expect(document.activeElement).toBe(button);

      // The keyboard: Enter on the focused button, 8 more times, until everything is shown.
      for (let page = 0; page < 8; page++) await user.keyboard('{Enter}');
      expect(rows(container)).toHaveLength(400);
      expect(within(log).queryByRole('button', { name: /Show earlier messages/ })).toBeNull();
      expect(document.activeElement).toBe(log);
    });

    it('keeps its first row when messages are added, and starts a new conversation from its end', () => {
      const thread = longThread(1_000);
      const { container, show } = renderList(thread);
      const more: UIMessage = { id: 'u-new', role: 'user', parts: [{ type: 'text', text: 'One more question' }] };
      show([...thread, more]);
      expect(rows(container)).toHaveLength(41);
      expect(firstQuestion(container)).toBe('480');
      expect(screen.getByText('One more question')).toBeTruthy();

      const other = longThread(600).map((message) => ({ ...message, id: `other-${message.id}` }));
      show(other);
      expect(rows(container)).toHaveLength(40);
      expect(firstQuestion(container)).toBe('280');
      expect(screen.getByRole('button', { name: 'Show earlier messages (560 more)' })).toBeTruthy();
    });

    it('renders only the streaming row when a token arrives', () => {
      const renders: Record<string, number> = {};
      const renderTool: ToolRenderers = {
        getWeather: (call) => {
          renders[call.toolCallId] = (renders[call.toolCallId] ?? 0) + 1;
          return null;
        },
      };
      const thread = longThread(1_000);
      const streaming = (text: string): UIMessage => ({
        id: 'streaming',
        role: 'assistant',
        parts: [
          { type: 'tool-getWeather', toolCallId: 'live', state: 'output-available', input: { city: 'Paris' }, output: { tempC: 21 } },
          { type: 'text', text, state: 'streaming' },
        ],
      });
      const { show } = renderList([...thread, streaming('It is')], { renderTool });
      const before = { ...renders };
      show([...thread, streaming('It is 21 °C')]);
      expect(renders).toEqual({ ...before, live: (before['live'] ?? 0) + 1 });
      expect(screen.getByText('It is 21 °C')).toBeTruthy();
    });

    it('takes its button text from the labels', () => {
      renderList(longThread(1_000), { labels: { earlierMessages: (count) => `${count} ältere Nachrichten zeigen` } });
      expect(screen.getByRole('button', { name: '960 ältere Nachrichten zeigen' })).toBeTruthy();
    });
  });

  describe('given a reader scrolling up to the top of what is shown', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('shows the rows before, a few at a time, and keeps the row they were reading where it was', async () => {
      const { container } = renderList(longThread(1_000));
      const log = screen.getByRole('log');
      // A layout of 100 px per row, for a browser without scroll anchoring (the list corrects).
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        const index = rows(container).indexOf(this as HTMLElement);
        return DOMRect.fromRect({ x: 0, y: index * 100 - log.scrollTop, width: 600, height: 100 });
      });
      giveLayout(log, 4_000, 500);
      log.scrollTop = 120;
      const reading = rows(container)[1]!;
      const top = reading.getBoundingClientRect().top;

      fireEvent.scroll(log);
      // In the frame the scroll event belongs to (a browser runs it before painting): steps of 2
      // rows while the reader is still near the top and the frame has time left.
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const added = rows(container).length - 40;
      expect(added).toBeGreaterThanOrEqual(2);
      expect(added % 2).toBe(0);
      expect(reading.getBoundingClientRect().top).toBe(top);
      expect(log.scrollTop).toBe(120 + added * 100);
    });

    it('leaves the choice to the button while it has focus', async () => {
      const { container } = renderList(longThread(1_000));
      const log = screen.getByRole('log');
      giveLayout(log, 4_000, 500);
      screen.getByRole('button', { name: /Show earlier messages/ }).focus();
      log.scrollTop = 0;
      fireEvent.scroll(log);
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(rows(container)).toHaveLength(40);
    });
  });
});
