import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { INTERRUPTED_TOOL_ERROR, ToolCallCard, type ToolCallCardProps } from 'toolchat';
import { WeatherCard } from '../../demo/weather-card';
import { lookArgTypes, partFrame, type LookArgs } from '../support/part-frame';

/**
 * One tool call: its title (`defineTool({ title })`, else the name humanised), a badge for its
 * phase, the duration, the arguments as a short key/value line, one line for an error, and its
 * details (the arguments' JSON and the result). While it awaits approval: Approve, Allow for
 * this chat, "Always allow <tool>", Deny (with a reason) and Edit arguments.
 */
const meta = {
  title: 'Parts/ToolCallCard',
  component: ToolCallCard,
  args: {
    call: { toolCallId: 'call_1', toolName: 'getWeather', phase: 'running', input: { city: 'Paris' } },
    actions: { answerApproval: fn(async () => ({ ok: true as const })) },
  },
  argTypes: { call: { control: 'object' }, render: { control: false }, ...lookArgTypes },
  render: ({ theme: _theme, labels: _labels, maxToolRounds: _rounds, actions: _actions, ...props }) => <ToolCallCard {...props} />,
  decorators: [partFrame],
} satisfies Meta<ToolCallCardProps & LookArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A call while its tool runs. */
export const Running: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('group', { name: 'Get weather' });
    await expect(card).toHaveAttribute('data-state', 'running');
    await expect(card).toHaveTextContent('Running');
  },
};

/** A tool marked `needsApproval`: Approve, Deny, and "Always allow Delete file", which call the chat in context. */
export const AwaitingApproval: Story = {
  args: { call: { toolCallId: 'call_2', toolName: 'deleteFile', phase: 'awaiting-approval', input: { path: 'report.pdf' } } },
  play: async ({ args, canvas, userEvent }) => {
    const card = canvas.getByRole('group', { name: 'Delete file' });
    // A card's details, its arguments' line and its error line load after its first render.
    await waitFor(() => expect(card).toHaveTextContent('"path": "report.pdf"'));
    await expect(within(card).getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(within(card).getByRole('button', { name: 'Deny' })).toBeEnabled();
    await userEvent.click(within(card).getByRole('button', { name: 'Always allow Delete file' }));
    await expect(args.actions?.answerApproval).toHaveBeenCalledWith('call_2', { choice: 'allow-always' });
  },
};

/** Done: the result is one click away. */
export const Done: Story = {
  args: {
    call: {
      toolCallId: 'call_3',
      toolName: 'getWeather',
      phase: 'done',
      input: { city: 'Paris' },
      output: { city: 'Paris', tempC: 21, conditions: 'sunny' },
      durationMs: 42,
    },
  },
  play: async ({ canvas, userEvent }) => {
    const card = canvas.getByRole('group', { name: 'Get weather' });
    await expect(card).toHaveTextContent('Done');
    await expect(card).toHaveTextContent('42 ms');
    await userEvent.click(canvas.getByRole('button', { name: /^Get weather/ }));
    await waitFor(() => expect(card).toHaveTextContent('"conditions": "sunny"'));
  },
};

/** A tool that failed: the error shows at once. */
export const Failed: Story = {
  args: {
    call: { toolCallId: 'call_4', toolName: 'getWeather', phase: 'error', input: { city: 'Atlantis' }, error: 'Unknown city: Atlantis', durationMs: 3 },
  },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('group', { name: 'Get weather' });
    await expect(card).toHaveTextContent('Error');
    await waitFor(() => expect(card).toHaveTextContent('Unknown city: Atlantis'));
  },
};

/** A call a reload cut off: its own badge, not "Error". */
export const Interrupted: Story = {
  args: { call: { toolCallId: 'call_5', toolName: 'slowSearch', phase: 'interrupted', input: { query: 'cats' }, error: INTERRUPTED_TOOL_ERROR } },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('group', { name: 'Slow search' });
    await expect(card).toHaveAttribute('data-state', 'interrupted');
    await expect(card).toHaveTextContent('Interrupted');
  },
};

/** `render`: generative UI above the details (here the demo app's weather card). */
export const CustomRender: Story = {
  args: {
    call: { toolCallId: 'call_6', toolName: 'getWeather', phase: 'done', input: { city: 'Tokyo' }, output: { city: 'Tokyo', tempC: 18, conditions: 'cloudy' } },
    render: (call) => <WeatherCard call={call} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: 'Weather in Tokyo' })).toHaveTextContent('18°C');
  },
};

/** A denial is the user's decision: a neutral "Denied" badge, with their reason if they gave one. */
export const Denied: Story = {
  args: {
    call: {
      toolCallId: 'call_6',
      toolName: 'deleteFile',
      phase: 'denied',
      input: { path: 'report.pdf' },
      error: 'The user denied running tool "deleteFile": keep it',
    },
  },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('group', { name: 'Delete file' });
    await expect(card).toHaveAttribute('data-state', 'denied');
    await expect(within(card).getByText('Denied')).toBeVisible();
    await expect(await within(card).findByText('keep it')).toBeVisible();
    await expect(card).not.toHaveTextContent('The user denied');
  },
};

/** Arguments at a glance: up to four as key and value, nested ones as `{…}`; the JSON is one click away. */
export const ArgumentsAtAGlance: Story = {
  args: {
    call: {
      toolCallId: 'call_7',
      toolName: 'search_flights',
      phase: 'done',
      input: { from: 'CDG', to: 'HND', date: '2026-12-01', passengers: { adults: 2 }, cabin: 'economy' },
      output: { flights: 3 },
      durationMs: 812,
    },
  },
  play: async ({ canvas, userEvent }) => {
    const card = canvas.getByRole('group', { name: 'Search flights' });
    await waitFor(() => expect(card).toHaveTextContent('fromCDG'));
    await expect(card).toHaveTextContent('passengers{…}');
    await expect(card).toHaveTextContent('+1');
    await userEvent.click(canvas.getByRole('button', { name: /^Search flights/ }));
    await waitFor(() => expect(card).toHaveTextContent('"cabin": "economy"'));
  },
};
