import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';
import { chatFrame, long } from './support/frame';
import { playgroundArgTypes, renderChat } from './support/playground';

/**
 * The everyday actions: Copy (as Markdown) and Regenerate under the last answer, Edit on the
 * user's messages (the edit replaces what followed it), "Jump to latest" once scrolled up, and
 * files by button, paste or drop with `attachments`.
 */
const meta = {
  title: 'ChatWrapper/Message actions',
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

/** Regenerate asks the model again for the last answer; the new answer takes the old one's place. */
export const Regenerate: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    const regenerate = await canvas.findByRole('button', { name: 'Regenerate' }, long);
    await userEvent.click(regenerate);
    // Regenerate loads its code on first use: the new answer arrives a moment after the click.
    await waitFor(() => {
      expect(canvas.getByRole('button', { name: 'Regenerate' })).toBeVisible();
      expect(canvas.getAllByText('2+2 = 4.')).toHaveLength(1);
    }, long);
    await expect(canvas.getAllByText('What is 2+2?')).toHaveLength(1);
  },
};

/**
 * Copy puts the answer's Markdown on the clipboard and says "Copied" (the clipboard needs a
 * real click, so the e2e test checks what lands on it); every action is a named button in the
 * tab order.
 */
export const Copy: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    await canvas.findByRole('button', { name: 'Regenerate' }, long);
    const answer = canvas.getAllByRole('group', { name: 'Message actions' }).at(-1)!;
    const copy = within(answer).getByRole('button', { name: 'Copy' });
    copy.focus();
    await expect(copy).toHaveFocus();
    await userEvent.tab();
    await expect(within(answer).getByRole('button', { name: 'Regenerate' })).toHaveFocus();
  },
};

/** Edit opens the question in place; sending it replaces the question and everything after it. */
export const EditAndResend: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    await canvas.findByRole('button', { name: 'Regenerate' }, long);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const editor = await canvas.findByRole('textbox', { name: 'Edit message' });
    await expect(editor).toHaveFocus();
    await userEvent.clear(editor);
    await userEvent.type(editor, 'What is 3+3?{Enter}');
    await expect(await canvas.findByText('3+3 = 6.', {}, long)).toBeVisible();
    await expect(canvas.queryByText('2+2 = 4.')).toBeNull();
  },
};

/** With `attachments`, files come by the paper clip, paste or drop, and show as chips until sent. */
export const Attachments: Story = {
  args: { attachments: { accept: 'image/*,text/*,application/pdf' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Attach files' }, long);
    // A file dropped on the composer, as the browser delivers it.
    const data = new DataTransfer();
    data.items.add(new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' }));
    const composer = canvasElement.querySelector('.toolchat-composer')!;
    composer.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    composer.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    const list = await canvas.findByRole('list', { name: 'Attachments' });
    await expect(within(list).getByText('table.csv')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    await expect(await canvas.findByText('2+2 = 4.', {}, long)).toBeVisible();
    await expect(within(canvas.getByRole('log')).getByText('table.csv')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Attachments' })).toBeNull();
  },
};
