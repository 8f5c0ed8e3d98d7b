import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage } from 'ai';
import { axe } from 'vitest-axe';
import {
  ContextMeter,
  FeedbackButtons,
  FollowUps,
  Markdown,
  ReadAloudButton,
  SourceList,
  ToolChatProvider,
  createToolChat,
  messageSources,
  usageCost,
} from 'toolchat';
import { ja } from 'toolchat/locales';

const answer: UIMessage = {
  id: 'answer-1',
  role: 'assistant',
  metadata: { contextTokens: 96_000, answerUsage: { inputTokens: 90_000, outputTokens: 6_000, cachedInputTokens: 40_000 } },
  parts: [
    { type: 'text', text: 'Paris is the capital of France [1]. It has 2.1 million people.', citations: [] },
    { type: 'source-url', sourceId: 'a', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris - Wikipedia' },
    { type: 'source-url', sourceId: 'b', url: 'javascript:alert(1)', title: 'Trap' },
    { type: 'source-document', sourceId: 'c', mediaType: 'text/csv', title: 'Census 2024', filename: 'census.csv' },
    { type: 'data-suggestions', data: ['And Lyon?', '  And Lyon?  ', 42, 'What about Marseille?'] },
  ],
};
const question: UIMessage = { id: 'question-1', role: 'user', parts: [{ type: 'text', text: 'What is the capital of France?' }] };

let count = 0;
const chatWith = (messages: UIMessage[]) => createToolChat({ id: `parts-alone-${++count}`, initialMessages: messages });

describe('the chat parts on their own', () => {
  describe('SourceList', () => {
    it('numbers the sources as the text cites them; an unsafe address loses its link', async () => {
      const { container } = render(<SourceList message={answer} />);
      const list = await screen.findByRole('list', { name: 'Sources' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Paris');
      expect(within(items[1]!).queryByRole('link')).toBeNull();
      expect(items[2]!.textContent).toBe('3Census 2024 census.csv');
      expect((await axe(container)).violations).toEqual([]);
    });

    it('renders nothing for an answer without sources', async () => {
      const { container } = render(<SourceList message={question} />);
      // Loaded, and still empty.
      await import('../../../../src/react/components/chat-parts');
      expect(container.innerHTML).toBe('');
    });
  });

  describe('Markdown with the message it belongs to', () => {
    it("turns the text's [1] into a marker naming the source, and leaves a number without a source alone", async () => {
      render(<Markdown text={'Paris [1], Rome [7], and `code [1]`.'} message={answer} />);
      const marker = await screen.findByRole('link', { name: 'Source 1: Paris - Wikipedia' });
      expect(marker.textContent).toBe('1');
      expect(screen.getByText(/Rome \[7\]/)).toBeTruthy();
      expect(screen.getByText('code [1]').tagName).toBe('CODE');
    });

    it("puts a marker after the span a text part's citations cite", async () => {
      const text = 'Lyon is the third city.';
      const cited: UIMessage = {
        id: 'cited',
        role: 'assistant',
        parts: [{ type: 'text', text, citations: [{ source: { type: 'source', sourceType: 'url', id: 'l', url: 'https://lyon.fr/', title: 'Lyon' }, startIndex: 0, endIndex: 4 }] }],
      };
      const part = cited.parts[0] as Extract<UIMessage['parts'][number], { type: 'text' }>;
      expect(messageSources(cited)).toEqual([{ type: 'source-url', sourceId: 'l', url: 'https://lyon.fr/', title: 'Lyon' }]);
      render(<Markdown text={text} message={cited} citations={part.citations} />);
      const marker = await screen.findByRole('link', { name: 'Source 1: Lyon' });
      expect(marker.closest('p')!.textContent).toBe('Lyon1 is the third city.');
    });
  });

  describe('FeedbackButtons', () => {
    it('calls onFeedback with the message id, the thumb and the comment', async () => {
      const user = userEvent.setup();
      const onFeedback = vi.fn();
      const { container } = render(<FeedbackButtons message={answer} onFeedback={onFeedback} />);
      await user.click(await screen.findByRole('button', { name: 'Bad answer' }));
      await user.type(screen.getByRole('textbox', { name: 'What went wrong? (optional)' }), 'Outdated');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(onFeedback.mock.calls).toEqual([
        ['answer-1', 'down'],
        ['answer-1', 'down', 'Outdated'],
      ]);
      expect(screen.getByRole('status').textContent).toBe('Thanks for your feedback');
      expect((await axe(container)).violations).toEqual([]);
    });

    it('shows the rating the app gives (controlled)', async () => {
      render(<FeedbackButtons message={{ ...answer, id: 'answer-2' }} onFeedback={() => {}} value="up" />);
      expect((await screen.findByRole('button', { name: 'Good answer' })).getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('false');
    });
  });

  describe('ReadAloudButton', () => {
    it('renders nothing where the browser cannot speak', async () => {
      const { container } = render(<ReadAloudButton message={answer} />);
      await import('../../../../src/react/components/chat-parts');
      expect(container.innerHTML).toBe('');
    });
  });

  describe('FollowUps, with the chat in context', () => {
    it("offers the answer's own follow-ups, cleaned, and hands the one picked to onSelect", async () => {
      const user = userEvent.setup();
      const onSelect = vi.fn();
      const { container } = render(
        <ToolChatProvider chat={chatWith([question, answer])}>
          <FollowUps onSelect={onSelect} />
        </ToolChatProvider>,
      );
      const list = await screen.findByRole('list', { name: 'Suggested follow-ups' });
      expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['And Lyon?', 'What about Marseille?']);
      await user.click(within(list).getByRole('button', { name: 'And Lyon?' }));
      expect(onSelect).toHaveBeenCalledWith('And Lyon?');
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('ContextMeter, with the chat in context', () => {
    it("shows the context of the model's window, in the labels' language, and the cost at the app's prices", async () => {
      const user = userEvent.setup();
      const prices = { input: 2, output: 8, cachedInput: 0.5 };
      const { container } = render(
        <ToolChatProvider chat={createToolChat({ id: `parts-alone-${++count}`, initialMessages: [question, answer], labels: ja })}>
          <ContextMeter window={128_000} prices={prices} />
        </ToolChatProvider>,
      );
      const meter = await screen.findByRole('meter', { name: 'コンテキストウィンドウ' });
      expect(meter.getAttribute('value')).toBe('96000');
      await user.click(container.querySelector('summary')!);
      const cost = usageCost({ inputTokens: 90_000, outputTokens: 6_000, cachedInputTokens: 40_000 }, prices);
      expect(cost).toBeCloseTo((50_000 * 2 + 40_000 * 0.5 + 6_000 * 8) / 1_000_000);
      expect(container.querySelector('.toolchat-context')!.getAttribute('data-state')).toBe('filling');
      expect((await axe(container)).violations).toEqual([]);
    });

    it('renders nothing before an answer reports usage', async () => {
      const { container } = render(
        <ToolChatProvider chat={chatWith([question])}>
          <ContextMeter window={128_000} />
        </ToolChatProvider>,
      );
      await import('../../../../src/react/components/chat-parts');
      expect(container.innerHTML).toBe('');
    });
  });
});
