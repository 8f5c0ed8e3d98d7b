import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TurnNotice, type TurnNoticeProps } from 'toolchat';
import { LAST_ANSWER_ID, lookArgTypes, partFrame, type LookArgs } from '../support/part-frame';

/**
 * Under an answer that did not simply finish: what happened, and the way on, which calls the
 * chat in context (under its last answer, while nothing runs). `ChatWrapper` and `MessageList`
 * show it under each answer the chat's `loop.endings` names; a custom layout renders it itself.
 */
const meta = {
  title: 'Parts/TurnNotice',
  component: TurnNotice,
  args: { ending: 'length', messageId: LAST_ANSWER_ID, maxToolRounds: 5, actions: { continue: fn(), runAgain: fn() } },
  argTypes: {
    ending: { control: 'select', options: ['length', 'stopped', 'error', 'max-rounds', 'budget', 'content-filter'] },
    ...lookArgTypes,
  },
  render: ({ theme: _theme, labels: _labels, maxToolRounds: _rounds, actions: _actions, ...props }) => <TurnNotice {...props} />,
  decorators: [partFrame],
} satisfies Meta<TurnNoticeProps & LookArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The model stopped at its token limit (`finishReason: 'length'`). */
export const CutOffAtTheTokenLimit: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const notice = canvas.getByRole('note');
    await expect(notice).toHaveTextContent('Cut off at the token limit');
    await userEvent.click(within(notice).getByRole('button', { name: 'Continue' }));
    await expect(args.actions?.continue).toHaveBeenCalledOnce();
  },
};

/** The user pressed Stop while the answer streamed. */
export const Stopped: Story = {
  args: { ending: 'stopped' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent(/^Stopped/);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** The forced final answer after `maxToolRounds` rounds; Continue allows as many again. */
export const RoundLimit: Story = {
  args: { ending: 'max-rounds', maxToolRounds: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent('Stopped after 3 tool rounds');
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** An error cut the answer: the error banner offers Retry, so no Continue here. */
export const CutOffByAnError: Story = {
  args: { ending: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent('Cut off by an error');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Calls a reload cut off: "Run again" runs them (approval rules still apply), Continue tells the model. */
export const Interrupted: Story = {
  args: { ending: undefined, interruptedToolCallIds: ['call_1', 'call_2'] },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent('The page was closed before these 2 tools finished');
    await userEvent.click(canvas.getByRole('button', { name: 'Run again' }));
    await expect(args.actions?.runAgain).toHaveBeenCalledWith(['call_1', 'call_2']);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** Every string comes from `labels`. */
export const Translated: Story = {
  args: { ending: 'stopped', labels: { continue: 'Weiter' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeEnabled();
  },
};

/** The dark palette. */
export const Dark: Story = {
  args: { theme: 'dark', ending: 'length' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent('Cut off at the token limit');
  },
};
