import type { Meta, StoryObj } from '@storybook/react-vite';
import type { UIMessage } from 'ai';
import { expect, waitFor } from 'storybook/test';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';
import { chatFrame, long } from './support/frame';
import { playgroundArgTypes, renderChat } from './support/playground';
import { createGate, holdAfterText } from './support/gate';

const meta = {
  title: 'ChatWrapper',
  component: ChatWrapper,
  args: {
    transport: createDemoTransport({ delayMs: 10 }),
    tools: demoTools,
    suggestions: ["What's the weather in Paris?", 'What is 2+2 and the time in Tokyo?'],
  },
  argTypes: playgroundArgTypes,
  render: renderChat,
  decorators: [chatFrame],
} satisfies Meta<typeof ChatWrapper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty chat offering suggestions; one click sends it. */
export const EmptyWithSuggestions: Story = {
  play: async ({ canvas, userEvent, step }) => {
    await expect(canvas.getByText('How can I help?')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Suggestions' });
    await expect(list).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();

    await step('clicking a suggestion sends it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: "What's the weather in Paris?" }));
      const log = canvas.getByRole('log');
      await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
      await expect(log).toHaveTextContent("What's the weather in Paris?");
      await expect(canvas.queryByRole('list', { name: 'Suggestions' })).toBeNull();
      await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    });
  },
};

const streamingGate = createGate();

/** The answer in the middle of streaming (held after two words): the row is marked streaming, Send is Stop. */
export const Streaming: Story = {
  args: { transport: holdAfterText(createDemoTransport({ delayMs: 10 }), streamingGate, 2) },
  beforeEach: () => streamingGate.reset(),
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const status = canvas.getByRole('status');
    const row = () => canvasElement.querySelector('.toolchat-message[data-role="assistant"]');

    await step('while tokens arrive', async () => {
      await expect(await canvas.findByRole('button', { name: 'Stop' }, long)).toBeEnabled();
      await waitFor(() => expect(status).toHaveTextContent('Writing…'), long);
      await waitFor(() => expect(row()).toHaveAttribute('data-state', 'streaming'), long);
      await expect(canvasElement.querySelector('.toolchat')).toHaveAttribute('data-state', 'streaming');
      await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    });

    await step('once the stream ends', async () => {
      streamingGate.open();
      await expect(await canvas.findByText(/Add "think" to see my reasoning\./, {}, long)).toBeVisible();
      await expect(await canvas.findByRole('button', { name: 'Send' }, long)).toBeInTheDocument();
      await waitFor(() => expect(status).toHaveTextContent(''), long);
      await expect(canvasElement.querySelectorAll('.toolchat-message[data-role="assistant"]')).toHaveLength(1);
      await expect(row()).toHaveAttribute('data-state', 'complete');
    });
  },
};

const partialTextGate = createGate();

/**
 * The text that has arrived shows while the model pauses. Guards against a memoised row that
 * first rendered the AI SDK's live, mutable message and then compared each new copy with an
 * object that was already up to date, staying frozen until the stream ended.
 */
export const PartialTextWhileStreaming: Story = {
  args: { transport: holdAfterText(createDemoTransport({ delayMs: 10 }), partialTextGate, 2) },
  beforeEach: () => partialTextGate.reset(),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const row = () => canvasElement.querySelector('.toolchat-message[data-role="assistant"][data-state="streaming"]');
    try {
      await waitFor(() => expect(row()).toHaveTextContent(/^Assistant: Hi! I'm$/), long);
    } finally {
      partialTextGate.open();
    }
  },
};

/** The model reasons before calling a tool; the reasoning folds under "Thought process". */
export const Reasoning: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Think: what is the weather in Paris?{Enter}');
    await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
    const summaries = await canvas.findAllByText('Thought process', {}, long);
    await expect(summaries.length).toBeGreaterThanOrEqual(1);
    const first = summaries[0]!;
    const details = first.closest('details');
    await expect(details).not.toHaveAttribute('open');
    await userEvent.click(first);
    await expect(details).toHaveAttribute('open');
    await expect(details).toHaveTextContent('The user asks: "Think: what is the weather in Paris?"');
  },
};

function longThread(turns: number): UIMessage[] {
  return Array.from({ length: turns }, (_, index) => [
    { id: `u${index + 1}`, role: 'user' as const, parts: [{ type: 'text' as const, text: `Question ${index + 1}` }] },
    {
      id: `a${index + 1}`,
      role: 'assistant' as const,
      parts: [{ type: 'text' as const, text: `Answer **${index + 1}**, with a little Markdown.` }],
    },
  ]).flat();
}

/** 200 messages from `initialMessages`: opens at the latest, offers "Jump to latest" once scrolled up. */
export const LongThread: Story = {
  args: { initialMessages: longThread(100) },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    const log = canvas.getByRole('log', { name: 'Conversation' });
    await expect(canvasElement.querySelectorAll('.toolchat-message')).toHaveLength(200);
    await expect(await canvas.findByText('Question 100', {}, long)).toBeVisible();
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(48), long);
    await expect(canvas.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

    await step('scrolling up stops following and offers a way back', async () => {
      log.scrollTop = 0;
      log.dispatchEvent(new Event('scroll'));
      const jump = await canvas.findByRole('button', { name: 'Jump to latest' }, long);
      await userEvent.click(jump);
      await waitFor(() => expect(canvas.queryByRole('button', { name: 'Jump to latest' })).toBeNull(), long);
      await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(48), long);
    });

    await step('a new turn still answers', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+3?{Enter}');
      await expect(await canvas.findByText('2+3 = 5.', {}, long)).toBeVisible();
      await expect(canvasElement.querySelectorAll('.toolchat-message')).toHaveLength(202);
    });
  },
};

/**
 * 1,000 messages: the list renders the latest pages (40 messages each), and another above them
 * as the reader scrolls to the top or presses "Show earlier messages".
 */
export const VeryLongThread: Story = {
  args: { initialMessages: longThread(500) },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    const log = canvas.getByRole('log', { name: 'Conversation' });
    const rows = () => canvasElement.querySelectorAll('.toolchat-message').length;
    await expect(await canvas.findByText('Question 500', {}, long)).toBeVisible();
    // A screen taller than the latest page shows more at once: whole pages, never all of them.
    await expect(rows() % 40).toBe(0);
    await expect(rows()).toBeLessThan(1000);

    await step('"Show earlier messages" adds the page before, and keeps focus', async () => {
      const shown = rows();
      await userEvent.click(canvas.getByRole('button', { name: `Show earlier messages (${1000 - shown} more)` }));
      await expect(rows()).toBe(shown + 40);
      await expect(canvas.getByRole('button', { name: `Show earlier messages (${1000 - shown - 40} more)` })).toHaveFocus();
    });

    await step('scrolling to the top reveals more, a few rows per frame', async () => {
      const shown = rows();
      log.focus();
      log.scrollTop = 0;
      log.dispatchEvent(new Event('scroll'));
      await waitFor(() => expect(rows()).toBeGreaterThan(shown), long);
      await expect(log.scrollTop).toBeGreaterThan(0);
    });
  },
};

/** `theme="dark"`: the dark palette, whatever the system prefers, for the answer, the cards, a failure and a notice. */
export const DarkTheme: Story = {
  args: { theme: 'dark' },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    const root = canvasElement.querySelector<HTMLElement>('.toolchat')!;
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect(getComputedStyle(root).backgroundColor).toBe('rgb(13, 17, 23)');
    await expect(getComputedStyle(root).color).toBe('rgb(230, 237, 243)');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Paris?{Enter}");
    await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
    const answer = canvas.getByText("It's 21°C and sunny in Paris.");
    await expect(relativeLuminance(getComputedStyle(answer).color)).toBeGreaterThan(0.7);

    // Axe checks the contrast of what is on screen once the story ends: a failure and a notice too.
    await step('a failed call and a cut-off answer, in the dark', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What time is it in Tokyo and Atlantis?{Enter}');
      await userEvent.click(await canvas.findByRole('button', { name: 'Used 2 tools: Get time 1 failed' }, long));
      await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Tell me a long story{Enter}');
      const notice = await canvas.findByRole('note', {}, long);
      await expect(notice).toHaveTextContent('Cut off at the token limit');
      await expect(relativeLuminance(getComputedStyle(notice).color)).toBeGreaterThan(0.3);
    });
  },
};

/** WCAG relative luminance of an `rgb(…)` colour: 0 is black, 1 is white. */
function relativeLuminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A model without function calling: it writes `###:{…}` markers, which become ordinary tool calls. */
export const LegacyMarker: Story = {
  args: { transport: createDemoTransport({ delayMs: 10, toolMarkers: true }), toolMarkers: 'on' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Paris?{Enter}");
    await expect(await canvas.findByText(/21°C/, {}, long)).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Used Get weather' }, long));
    const card = await canvas.findByRole('group', { name: 'Get weather' }, long);
    await expect(card).toHaveAttribute('data-state', 'done');
    await expect(canvas.getByRole('log')).not.toHaveTextContent('###:');
    await expect(canvasElement.querySelector('.toolchat')).toHaveAttribute('data-state', 'idle');
  },
};
