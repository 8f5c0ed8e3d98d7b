import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';
import { ar } from 'toolchat/locales';
import { chatFrame, long } from './support/frame';
import { playgroundArgTypes, renderChat } from './support/playground';

/**
 * The parts a chat turns on when it needs them: the sources an answer cites (a list and markers
 * in its text), follow-ups, thumbs up and down with a comment (`onFeedback`), read aloud and
 * dictation where the browser has Web Speech (`speech`), and the context meter
 * (`contextMeter`). Each loads the first time it shows.
 */
const meta = {
  title: 'ChatWrapper/Chat parts',
  component: ChatWrapper,
  args: {
    transport: createDemoTransport({ delayMs: 10 }),
    tools: demoTools,
    onFeedback: fn(),
    contextMeter: { window: 8_000, prices: { input: 2.5, output: 10 } },
    speech: true,
  },
  argTypes: playgroundArgTypes,
  render: renderChat,
  decorators: [chatFrame],
} satisfies Meta<typeof ChatWrapper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An answer with sources: numbered markers in its text link to them, listed under it; then its follow-ups. */
export const SourcesAndFollowUps: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What are you built on? Cite your sources{Enter}');
    const sources = await canvas.findByRole('list', { name: 'Sources' }, long);
    // The sources stream in one by one: the list shows with the first.
    await waitFor(() => expect(within(sources).getAllByRole('listitem')).toHaveLength(4), long);
    await expect((await canvas.findAllByRole('link', { name: 'Source 1: AI SDK documentation' }, long)).length).toBe(2);
    const followUps = await canvas.findByRole('list', { name: 'Suggested follow-ups' }, long);
    await userEvent.click(within(followUps).getByRole('button', { name: 'What is 2+2 and the time in Tokyo?' }));
    await expect(await canvas.findByText('What is 2+2 and the time in Tokyo?', {}, long)).toBeVisible();
  },
};

/** Thumbs up or down under an answer, then an optional comment: `onFeedback(messageId, value, comment)`. */
export const Feedback: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    await canvas.findByRole('button', { name: 'Regenerate' }, long);
    const bar = canvas.getAllByRole('group', { name: 'Message actions' }).at(-1)!;
    await userEvent.click(await within(bar).findByRole('button', { name: 'Bad answer' }, long));
    await userEvent.type(canvas.getByRole('textbox', { name: 'What went wrong? (optional)' }), 'Too short{Enter}');
    await expect(await within(bar).findByText('Thanks for your feedback')).toBeVisible();
    await expect(args.onFeedback).toHaveBeenLastCalledWith(expect.any(String), 'down', 'Too short');
  },
};

/** How full the model's window is, from the usage each answer reports; open it for tokens and cost. */
export const ContextMeter: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    await canvas.findByRole('meter', { name: 'Context window' }, long);
    await userEvent.click(canvasElement.querySelector('summary')!);
    await waitFor(() => expect(canvas.getByText('Cost')).toBeVisible(), long);
  },
};

/** Every string from `toolchat/locales` (Arabic here), laid out right to left. */
export const RightToLeft: Story = {
  args: { labels: ar },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar" style={{ height: '100%' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: ar.composerLabel }), 'What are you built on? Cite your sources{Enter}');
    await expect(await canvas.findByRole('list', { name: ar.sources }, long)).toBeVisible();
    await expect(await canvas.findByRole('list', { name: ar.followUps }, long)).toBeVisible();
  },
};
