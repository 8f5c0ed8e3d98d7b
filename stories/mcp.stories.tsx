import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { chatFrame, long } from './support/frame';
import { inPageAppMcpFetch } from './support/in-page-app-server';
import { inPageMcpFetch } from './support/in-page-mcp-server';
import { McpChat } from './support/mcp-chat';
import { playgroundArgTypes } from './support/playground';
import mcpChatSource from './usage/mcp-chat.tsx?raw';

const meta = {
  title: 'MCP/useMcpTools',
  component: McpChat,
  // The in-page example server is the story's own: its read-only hints are believed.
  args: { url: 'https://mcp.example/mcp', name: 'mcp', trust: 'all' },
  argTypes: {
    maxToolRounds: playgroundArgTypes.maxToolRounds,
    toolMarkers: playgroundArgTypes.toolMarkers,
    theme: playgroundArgTypes.theme,
    labels: playgroundArgTypes.labels,
    throttle: playgroundArgTypes.throttle,
    url: { control: 'text', table: { category: 'MCP' } },
    name: { control: 'text', table: { category: 'MCP' } },
    trust: { control: false, table: { category: 'MCP' } },
    fetch: { control: false, table: { category: 'MCP' } },
  },
  decorators: [chatFrame],
  parameters: {
    docs: {
      description: {
        component:
          "`useMcpTools({ url, name })` from `toolchat/mcp` connects to an MCP server and gives its tools, prefixed with `name`, to the chat beside the app's own. Each runs through the same loop: validation against its JSON Schema, timeout, Stop (sent as MCP's cancellation), approval unless it is read-only. These stories use an MCP server in the page.",
      },
      source: { code: mcpChatSource.replace(/^\/\/.*\n/, '') },
    },
  },
} satisfies Meta<typeof McpChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While the server has not answered: "Connecting…", and the chat works with its own tools. */
export const Connecting: Story = {
  args: { fetch: () => new Promise<Response>(() => {}) },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Connecting to the MCP server…')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Paris?{Enter}");
    await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
    await expect(canvas.getByText('Connecting to the MCP server…')).toBeVisible();
  },
};

/** Connected: the server's tools join the chat's, prefixed `mcp_`, and the model calls one by name. */
export const ConnectedWithTools: Story = {
  args: { fetch: inPageMcpFetch() },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Connected to in-page-example: mcp_add_numbers, mcp_delete_note', {}, long)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Use add numbers with 2 and 3{Enter}');
    await expect(await canvas.findByText('mcp_add_numbers says: 2 + 3 = 5', {}, long)).toBeVisible();
  },
};

/** A destructive MCP tool waits for Approve before the server is called. */
export const ApprovalOfADestructiveTool: Story = {
  args: { fetch: inPageMcpFetch() },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/^Connected to in-page-example/, {}, long);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete note "Groceries"{Enter}');
    const card = await canvas.findByRole('group', { name: 'Delete note' }, long);
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'awaiting-approval'), long);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText('mcp_delete_note says: Deleted the note "Groceries".', {}, long)).toBeVisible();
  },
};

/** A server that cannot be reached (down, or its CORS refuses this origin): a readable error, no stuck chat. */
export const ConnectionError: Story = {
  args: { fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, long);
    await expect(alert).toHaveTextContent(
      "Could not use the MCP server: Could not connect to the MCP server at https://mcp.example/mcp: Failed to fetch (is the server running, and does it allow this page's origin with CORS?)",
    );
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  },
};

/**
 * An MCP App: a tool whose listing names a `ui://` resource shows it in its card, in a sandboxed
 * frame, with the call's input and result (loaded when the card first needs it).
 */
export const McpAppInItsCard: Story = {
  args: { fetch: inPageAppMcpFetch() },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByText(/^Connected to in-page-apps/, {}, long);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Use name badge for "Ada"{Enter}');
    const card = await canvas.findByRole('group', { name: 'Name badge' }, long);
    await expect(await canvas.findByText('mcp_name_badge says: Made a badge for Ada.', {}, long)).toBeVisible();
    const frame = await waitFor(() => {
      const found = card.querySelector('iframe');
      if (!found?.srcdoc) throw new Error('no app yet');
      return found;
    }, long);
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    await expect(frame).toHaveAttribute('title', 'Name badge (MCP App)');
    // The app said its height: no longer the frame's first 120 px.
    await waitFor(() => expect(frame.getBoundingClientRect().height).not.toBe(120), long);
    expect(canvasElement.querySelectorAll('iframe')).toHaveLength(1);
  },
};

/** A server's question while its tool runs (elicitation): a form in the call's card, checked, answered. */
export const QuestionFromTheServer: Story = {
  args: { fetch: inPageAppMcpFetch() },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/^Connected to in-page-apps/, {}, long);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Use ask name{Enter}');
    const form = await canvas.findByRole('form', { name: 'What should I call you?' }, long);
    await userEvent.type(canvas.getByLabelText('Name *'), 'Ada');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByText('mcp_ask_name says: Hello, Ada.', {}, long)).toBeVisible();
    await waitFor(() => expect(form).not.toBeInTheDocument());
  },
};
