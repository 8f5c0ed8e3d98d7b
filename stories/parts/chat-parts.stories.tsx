import type { Meta, StoryObj } from '@storybook/react-vite';
import type { UIMessage } from 'ai';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import {
  ContextMeter,
  DictationButton,
  FeedbackButtons,
  FollowUps,
  Markdown,
  ReadAloudButton,
  SourceList,
  ToolChatProvider,
  createToolChat,
} from 'toolchat';
import { long } from '../support/frame';
import { lookArgTypes, partFrame, type LookArgs } from '../support/part-frame';

const answer: UIMessage = {
  id: 'story-answer',
  role: 'assistant',
  metadata: { contextTokens: 96_000, answerUsage: { inputTokens: 90_000, outputTokens: 6_000, cachedInputTokens: 40_000 } },
  parts: [
    { type: 'text', text: 'Paris is the capital of France [1], with about 2.1 million people [2].' },
    { type: 'source-url', sourceId: 'paris', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris - Wikipedia' },
    { type: 'source-document', sourceId: 'census', mediaType: 'text/csv', title: 'Census 2024', filename: 'census.csv' },
    { type: 'data-suggestions', data: ['And Lyon?', 'What about Marseille?'] },
  ],
};
const question: UIMessage = { id: 'story-question', role: 'user', parts: [{ type: 'text', text: 'What is the capital of France?' }] };
const chat = createToolChat({ id: 'parts-stories', initialMessages: [question, answer] });

/**
 * The chat's optional parts on their own, for a layout of your own: each takes its strings from
 * the labels in context and loads the first time it renders. `FollowUps` and `ContextMeter` read
 * the chat in context (`ToolChatProvider`).
 */
const meta = {
  title: 'Parts/Chat parts',
  argTypes: lookArgTypes,
  decorators: [
    (Story) => (
      <ToolChatProvider chat={chat}>
        <Story />
      </ToolChatProvider>
    ),
    partFrame,
  ],
} satisfies Meta<LookArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `SourceList`: an answer's `source-url` and `source-document` parts, numbered as its text cites them. */
export const Sources: Story = {
  render: () => (
    <>
      <Markdown text={(answer.parts[0] as { text: string }).text} message={answer} />
      <SourceList message={answer} />
    </>
  ),
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Sources' }, long);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(await canvas.findByRole('link', { name: 'Source 1: Paris - Wikipedia' }, long)).toBeVisible();
  },
};

/** `FollowUps`: the last answer's prompts (its `data-suggestions`), or the app's. */
export const FollowUpPrompts: Story = {
  render: () => <FollowUps onSelect={fn()} />,
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Suggested follow-ups' }, long);
    await expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['And Lyon?', 'What about Marseille?']);
  },
};

/** `FeedbackButtons`: a thumb, then an optional comment, through `onFeedback`. */
export const Feedback: Story = {
  render: () => <FeedbackButtons message={answer} onFeedback={fn()} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Good answer' }, long));
    await expect(canvas.getByRole('textbox', { name: 'What was good about it? (optional)' })).toBeVisible();
  },
};

/** `ContextMeter`: the context the model last saw, of its window, with the cost at the app's prices. */
export const ContextWindow: Story = {
  render: () => <ContextMeter window={128_000} prices={{ input: 2.5, output: 10, cachedInput: 1.25 }} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('meter', { name: 'Context window' }, long);
    await userEvent.click(canvasElement.querySelector('summary')!);
    await waitFor(() => expect(canvas.getByText('Cached input')).toBeVisible(), long);
  },
};

/** `ReadAloudButton`: reads an answer with the browser's speech synthesis; hidden where there is none. */
export const ReadAloud: Story = {
  render: () => <ReadAloudButton message={answer} />,
  play: async ({ canvas }) => {
    if ('speechSynthesis' in window) await expect(await canvas.findByRole('button', { name: 'Read aloud' }, long)).toBeVisible();
  },
};

function Dictation() {
  const [value, setValue] = useState('');
  return (
    <form className="toolchat-composer" onSubmit={(event) => event.preventDefault()}>
      <textarea className="toolchat-input" aria-label="Message" value={value} onChange={(event) => setValue(event.target.value)} />
      <DictationButton value={value} onChange={setValue} />
    </form>
  );
}

/** `DictationButton`: the browser's speech recognition writes into the composer; hidden where there is none. */
export const Dictate: Story = {
  render: () => <Dictation />,
  play: async ({ canvas }) => {
    const recognizes = 'webkitSpeechRecognition' in window || 'SpeechRecognition' in window;
    if (recognizes) await expect(await canvas.findByRole('button', { name: 'Dictate' }, long)).toBeVisible();
    else await expect(canvas.queryByRole('button', { name: 'Dictate' })).toBeNull();
  },
};
