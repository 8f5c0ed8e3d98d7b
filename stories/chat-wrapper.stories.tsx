import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';

const meta = {
  title: 'ChatWrapper',
  component: ChatWrapper,
  args: {
    transport: createDemoTransport({ delayMs: 20 }),
    tools: demoTools,
    suggestions: ["What's the weather in Paris?", 'What is 2+2 and the time in Tokyo?'],
  },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh', maxWidth: 800, margin: '0 auto' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChatWrapper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty chat offering suggestions. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: "What's the weather in Paris?" })).toBeVisible();
  },
};

/** One browser-side tool round: the weather in Paris. */
export const OneTool: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), "What's the weather in Paris?{Enter}");
    await expect(await canvas.findByText(/21°C/, {}, { timeout: 10_000 })).toBeVisible();
  },
};
