import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ChatWrapper, createDemoTransport, demoTools, memoryGrants, ToolGrants, type ChatWrapperProps } from 'toolchat';
import { chatFrame, long } from './support/frame';
import { playgroundArgTypes, renderChat } from './support/playground';

const meta = {
  title: 'ChatWrapper/Approvals',
  component: ChatWrapper,
  args: {
    transport: createDemoTransport({ delayMs: 10 }),
    tools: demoTools,
  },
  argTypes: playgroundArgTypes,
  render: renderChat,
  decorators: [chatFrame],
  parameters: {
    docs: {
      description: {
        component: [
          'A tool with `needsApproval` asks the user on its card: **Approve** (this call), **Allow for this chat**',
          '(this tool, in this chat), **Always allow** (this tool, in every chat: the user’s `grants`), **Deny** (with an',
          'optional reason the model reads) and **Edit arguments** (checked against the tool’s schema before it runs).',
          'A tool with `grantScope` shows what a grant covers before the user commits. `approvalTimeoutMs` makes an',
          'unanswered call expire; an `approvalPolicy` decides calls automatically, and the card says so with the reason.',
          '`<ToolGrants />` lists the grants with Revoke. Each story keeps its grants in memory (`grants={memoryGrants()}`).',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof ChatWrapper>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = { type(element: Element, text: string): Promise<void>; click(element: Element): Promise<void>; clear(element: Element): Promise<void> };

/** Asks the demo model to delete a file and returns the card once it waits for the user. */
async function askToDelete(canvas: Canvas, userEvent: User, path = 'report.pdf') {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), `Delete the file ${path}{Enter}`);
  const card = await canvas.findByRole('group', { name: 'Delete file' }, long);
  await waitFor(() => expect(card).toHaveAttribute('data-state', 'awaiting-approval'), long);
  await within(card).findByRole('button', { name: 'Approve' }, long);
  return card;
}

/** "Approve" runs this call only: the next deletion asks again. */
export const ApproveOnce: Story = {
  args: { grants: memoryGrants() },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(within(await askToDelete(canvas, userEvent)).getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText('Done: I deleted report.pdf.', {}, long)).toBeVisible();
    await askToDelete(canvas, userEvent, 'notes.txt');
  },
};

/** "Allow for this chat": the next deletion in this chat (same folder, the tool's scope) runs without asking. */
export const AllowForThisChat: Story = {
  args: { grants: memoryGrants() },
  play: async ({ canvas, userEvent }) => {
    const card = await askToDelete(canvas, userEvent);
    // The scope a grant would cover is on the card before the user commits.
    await expect(card).toHaveTextContent('cover only files in the top folder');
    await userEvent.click(within(card).getByRole('button', { name: 'Allow for this chat' }));
    await expect(await canvas.findByText('Done: I deleted report.pdf.', {}, long)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file notes.txt{Enter}');
    await expect(await canvas.findByText('Done: I deleted notes.txt.', {}, long)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
  },
};

const sharedGrants = memoryGrants();

/** "Always allow" makes a grant `<ToolGrants />` lists; Revoke takes it back and the tool asks again. */
export const AlwaysAllowAndRevoke: Story = {
  args: { grants: sharedGrants },
  render: (args: ChatWrapperProps) => (
    <div style={{ display: 'grid', gridTemplateRows: 'auto 1fr', height: '100%', gap: 12 }}>
      <ToolGrants grants={sharedGrants} />
      {renderChat(args)}
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(within(await askToDelete(canvas, userEvent)).getByRole('button', { name: 'Always allow Delete file' }));
    await expect(await canvas.findByText('Done: I deleted report.pdf.', {}, long)).toBeVisible();
    const grants = canvas.getByRole('region', { name: 'Tools allowed without asking' });
    await expect(await within(grants).findByText('Delete file (files in the top folder), in every chat', {}, long)).toBeVisible();
    await userEvent.click(within(grants).getByRole('button', { name: 'Revoke' }));
    await expect(await within(grants).findByText('No tool runs without asking.', {}, long)).toBeVisible();
    await askToDelete(canvas, userEvent, 'notes.txt');
  },
};

/** "Deny with a reason…": the model reads the reason and answers from it. */
export const DenyWithReason: Story = {
  args: { grants: memoryGrants() },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(within(await askToDelete(canvas, userEvent)).getByRole('button', { name: 'Deny with a reason…' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reason (the assistant reads it)' }), 'I still need it');
    await userEvent.click(canvas.getByRole('button', { name: 'Deny' }));
    await expect(await canvas.findByText("OK, I won't delete report.pdf (I still need it).", {}, long)).toBeVisible();
  },
};

/** "Edit arguments": the call runs with the user's arguments, and the card says so. */
export const EditArguments: Story = {
  args: { grants: memoryGrants() },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(within(await askToDelete(canvas, userEvent)).getByRole('button', { name: 'Edit arguments' }));
    const editor = canvas.getByRole('textbox', { name: 'Arguments (JSON)' });
    await userEvent.clear(editor);
    await userEvent.type(editor, '{{"path": "draft.pdf"}');
    await userEvent.click(canvas.getByRole('button', { name: 'Run with these arguments' }));
    await expect(await canvas.findByText('Done: I deleted draft.pdf.', {}, long)).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Used Delete file' }, long));
    await expect(canvas.getByRole('group', { name: 'Delete file' })).toHaveTextContent('Ran with the arguments you edited');
  },
};

/** An edit the schema refuses: the card says why, and the call keeps waiting. */
export const EditRefused: Story = {
  args: { grants: memoryGrants() },
  play: async ({ canvas, userEvent }) => {
    const card = await askToDelete(canvas, userEvent);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit arguments' }));
    const editor = canvas.getByRole('textbox', { name: 'Arguments (JSON)' });
    await userEvent.clear(editor);
    await userEvent.type(editor, '{{"path": ""}');
    await userEvent.click(canvas.getByRole('button', { name: 'Run with these arguments' }));
    await expect(await within(card).findByRole('alert', {}, long)).toHaveTextContent('path');
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(card).toHaveAttribute('data-state', 'awaiting-approval');
  },
};

/** `approvalTimeoutMs`: a call nobody answers reads "Expired", and the model is told once. */
export const Expired: Story = {
  args: { grants: memoryGrants(), approvalTimeoutMs: 1500 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file report.pdf{Enter}');
    const card = await canvas.findByRole('group', { name: 'Delete file' }, long);
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'expired'), long);
    await expect(card).toHaveTextContent('Expired');
    await expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
  },
};

/** An `approvalPolicy` that allows: the call runs without asking, and its card says so with the reason. */
export const AllowedByPolicy: Story = {
  args: { grants: memoryGrants(), approvalPolicy: () => ({ decision: 'allow', reason: 'Pretend deletions are harmless' }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file report.pdf{Enter}');
    await expect(await canvas.findByText('Done: I deleted report.pdf.', {}, long)).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Used Delete file' }, long));
    await expect(canvas.getByRole('group', { name: 'Delete file' })).toHaveTextContent('Allowed automatically: Pretend deletions are harmless');
  },
};

/** An `approvalPolicy` that denies: the model reads the policy's reason. */
export const DeniedByPolicy: Story = {
  args: { grants: memoryGrants(), approvalPolicy: () => ({ decision: 'deny', reason: 'Deleting is off in this workspace' }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file report.pdf{Enter}');
    await expect(await canvas.findByText(/^OK, I won't delete report\.pdf/, {}, long)).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: /^Used Delete file/ }, long));
    await expect(canvas.getByRole('group', { name: 'Delete file' })).toHaveTextContent('Deleting is off in this workspace');
  },
};
