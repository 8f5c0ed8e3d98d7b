import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import {
  ChatWrapper,
  Composer,
  MessageList,
  StatusIndicator,
  createDemoTransport,
  demoTools,
  useToolChat,
  type ToolCallView,
} from 'toolchat';
import { chatFrame, long } from './support/frame';
import { createGate } from './support/gate';
import { gatedDemoTools } from './support/tools';

const meta = {
  title: 'Custom UI',
  decorators: [chatFrame],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

interface WeatherOutput {
  city: string;
  tempC: number;
  conditions: string;
}

const isWeather = (value: unknown): value is WeatherOutput =>
  typeof value === 'object' && value !== null && 'tempC' in value && 'city' in value;

/** Generative UI: what a product would show for a weather call instead of JSON. */
function WeatherCard({ call }: { call: ToolCallView }) {
  const city = (call.input as { city?: string } | undefined)?.city ?? '…';
  if (call.phase !== 'done' || !isWeather(call.output)) {
    return <p className="weather-card" data-state={call.phase}>Checking the sky over {city}…</p>;
  }
  return (
    <figure className="weather-card" aria-label={`Weather in ${call.output.city}`} style={{ margin: 0 }}>
      <strong style={{ fontSize: 28 }}>{call.output.tempC}°C</strong> <span>{call.output.conditions}</span>
      <figcaption>{call.output.city}</figcaption>
    </figure>
  );
}

const renderTool = { getWeather: (call: ToolCallView) => <WeatherCard call={call} /> };
const rendererGate = createGate();

/** `renderTool={{ getWeather: (call) => <WeatherCard … /> }}`: the call as a card of its own, as it runs and once done. */
export const CustomToolRenderer: Story = {
  render: () => (
    <ChatWrapper
      transport={createDemoTransport({ delayMs: 10 })}
      tools={gatedDemoTools(rendererGate, ['getWeather'])}
      renderTool={renderTool}
    />
  ),
  beforeEach: () => rendererGate.reset(),
  play: async ({ canvas, userEvent, step }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Paris?{Enter}");

    await step('while the tool runs', async () => {
      await expect(await canvas.findByText('Checking the sky over Paris…', {}, long)).toBeVisible();
    });

    await step('with the result', async () => {
      rendererGate.open();
      await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
      // A custom card is the tool's own UI: it stays where it is after the answer, never folded.
      await expect(canvas.queryByRole('button', { name: /^Used / })).toBeNull();
      const figure = await canvas.findByRole('figure', { name: 'Weather in Paris' }, long);
      await expect(figure).toHaveTextContent('21°C');
      await expect(figure).toHaveTextContent('sunny');
      await expect(canvas.getByRole('group', { name: 'getWeather' })).toContainElement(figure);
    });
  },
};

/** Another arrangement of the exported parts around `useToolChat`: status on top, a tool counter. */
function MiniChat() {
  const [toolRuns, setToolRuns] = useState(0);
  const chat = useToolChat({
    transport: createDemoTransport({ delayMs: 10 }),
    tools: demoTools,
    onToolResult: () => setToolRuns((count) => count + 1),
  });
  return (
    <section className="toolchat" data-theme="light" aria-label="Mini chat" style={{ height: '100%' }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', padding: 8 }}>
        <StatusIndicator activity={chat.activity} />
        <p style={{ margin: 0 }}>Tool runs: {toolRuns}</p>
      </header>
      <MessageList
        messages={chat.messages}
        busy={chat.busy}
        getToolCall={chat.getToolCall}
        onApprove={chat.approve}
        onDeny={chat.deny}
        empty={<p>Ask me about the weather.</p>}
      />
      <Composer onSend={(text) => void chat.sendMessage(text)} onStop={chat.stop} busy={chat.busy} placeholder="Type here" />
    </section>
  );
}

/** Hook-only: no ChatWrapper, the same loop. */
export const HookOnly: Story = {
  render: () => <MiniChat />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Ask me about the weather.')).toBeVisible();
    const input = canvas.getByPlaceholderText('Type here');
    await userEvent.type(input, 'What is 2+2 and the time in Tokyo?{Enter}');
    await expect(await canvas.findByText(/2\+2 = 4\. It's \d\d:\d\d in Tokyo/, {}, long)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(''), long);
    // One result per call, even though StrictMode mounts everything twice.
    await expect(canvas.getByText('Tool runs: 2')).toBeVisible();
    await expect(canvas.getByRole('log')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Used (calculate and getTime|getTime and calculate)$/ })).toBeVisible();
    await expect(input).toHaveFocus();
  },
};
