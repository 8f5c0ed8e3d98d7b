import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ToolCallCard, ToolSummary, type ToolSummaryProps } from 'toolchat';
import { lookArgTypes, partFrame, type LookArgs } from '../support/part-frame';

/**
 * A finished turn's default tool cards, folded: the fold names the tools and shows how many
 * failed without being opened. Custom `renderTool` cards never fold.
 */
const meta = {
  title: 'Parts/ToolSummary',
  component: ToolSummary,
  args: {
    toolNames: ['getWeather', 'getTime'],
    failed: 0,
    children: [
      <ToolCallCard key="1" call={{ toolCallId: 'call_1', toolName: 'getWeather', phase: 'done', input: { city: 'Paris' }, output: { tempC: 21 } }} />,
      <ToolCallCard key="2" call={{ toolCallId: 'call_2', toolName: 'getTime', phase: 'done', input: { city: 'Tokyo' }, output: { time: '09:30' } }} />,
    ],
  },
  argTypes: { toolNames: { control: 'object' }, failed: { control: { type: 'number', min: 0 } }, children: { control: false }, ...lookArgTypes },
  render: ({ theme: _theme, labels: _labels, maxToolRounds: _rounds, actions: _actions, ...props }) => <ToolSummary {...props} />,
  decorators: [partFrame],
} satisfies Meta<ToolSummaryProps & LookArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two tools: "Used Get weather and Get time"; a click opens the cards. */
export const TwoTools: Story = {
  play: async ({ canvas, userEvent }) => {
    const fold = canvas.getByRole('button', { name: 'Used Get weather and Get time' });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(fold);
    await expect(canvas.getByRole('group', { name: 'Get weather' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Get time' })).toBeVisible();
  },
};

/** Five calls, one failed: "Used 5 tools: …" and "1 failed", visible while folded. */
export const OneFailed: Story = {
  args: {
    toolNames: ['getTime', 'getTime', 'getTime', 'getWeather', 'calculate'],
    failed: 1,
    children: <ToolCallCard call={{ toolCallId: 'call_9', toolName: 'calculate', phase: 'error', input: { expression: '1/0' }, error: 'Division by zero in "1/0"' }} />,
  },
  play: async ({ canvas }) => {
    const fold = canvas.getByRole('button', { name: 'Used 5 tools: Get time, Get weather and Calculate 1 failed' });
    await expect(within(fold).getByText('1 failed')).toBeVisible();
  },
};
