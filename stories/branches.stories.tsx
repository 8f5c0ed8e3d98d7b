import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';
import { chatFrame, long } from './support/frame';
import { playgroundArgTypes, renderChat } from './support/playground';

/**
 * Branches: Edit and Regenerate keep the earlier version. The message shows "Previous version",
 * "N / M" and "Next version"; switching shows that version with everything that followed it,
 * and asks the model nothing.
 */
const meta = {
  title: 'ChatWrapper/Branches',
  component: ChatWrapper,
  args: {
    transport: createDemoTransport({ delayMs: 10 }),
    tools: demoTools,
  },
  argTypes: playgroundArgTypes,
  render: renderChat,
  decorators: [chatFrame],
} satisfies Meta<typeof ChatWrapper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An edited question keeps its first version: the picker goes back to it and its answer, and forward again. */
export const EditKeepsTheEarlierVersion: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    await canvas.findByRole('button', { name: 'Regenerate' }, long);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
    const editor = await canvas.findByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'What is 3+3?{Enter}');
    await expect(await canvas.findByText('3+3 = 6.', {}, long)).toBeVisible();
    await canvas.findByRole('button', { name: 'Regenerate' }, long);

    const versions = await canvas.findByRole('group', { name: 'Versions' }, long);
    await expect(within(versions).getByText('2 / 2')).toBeVisible();
    await userEvent.click(within(versions).getByRole('button', { name: 'Previous version' }));
    await expect(await canvas.findByText('2+2 = 4.', {}, long)).toBeVisible();
    await waitFor(() => expect(within(canvas.getByRole('group', { name: 'Versions' })).getByText('1 / 2')).toBeVisible(), long);
    await expect(canvas.queryByText('3+3 = 6.')).toBeNull();

    await userEvent.keyboard('{ArrowRight}');
    await expect(await canvas.findByText('3+3 = 6.', {}, long)).toBeVisible();
  },
};
