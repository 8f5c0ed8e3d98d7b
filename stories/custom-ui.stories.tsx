import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import {
  ChatWrapper,
  Composer,
  MessageList,
  StatusIndicator,
  ToolChatProvider,
  createDemoTransport,
  demoTools,
  useToolChat,
  type ChatWrapperProps,
  type ToolCallView,
} from 'toolchat';
import { WeatherCard } from '../demo/weather-card';
import { chatFrame, long } from './support/frame';
import { createGate } from './support/gate';
import { playgroundArgTypes, renderChat } from './support/playground';
import { gatedDemoTools } from './support/tools';
import hookOnlySource from './usage/hook-only.tsx?raw';

const meta = {
  title: 'Examples/Custom UI',
  component: ChatWrapper,
  args: {
    transport: createDemoTransport({ delayMs: 10 }),
    tools: demoTools,
    renderTool: { getWeather: (call: ToolCallView) => <WeatherCard call={call} /> },
  },
  argTypes: playgroundArgTypes,
  render: renderChat,
  decorators: [chatFrame],
  parameters: {
    docs: {
      description: {
        component:
          "Your own look: `renderTool` turns a tool's call into your component (generative UI), and the exported parts (`MessageList`, `StatusIndicator`, `Composer`, …) arrange around `useToolChat` however you like, on the same loop.",
      },
    },
  },
} satisfies Meta<typeof ChatWrapper>;

export default meta;
type Story = StoryObj<typeof meta>;

const rendererGate = createGate();

/**
 * `renderTool={{ getWeather: (call) => <WeatherCard call={call} /> }}`: the call as a card of its
 * own (the demo app's), as it runs and once done.
 */
export const CustomToolRenderer: Story = {
  args: { tools: gatedDemoTools(rendererGate, ['getWeather']) },
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
      await expect(canvas.getByRole('group', { name: 'Get weather' })).toContainElement(figure);
    });
  },
};

/** "Weather in Tokyo and London": two calls in one turn, two weather cards that stay after the answer. */
export const WeatherCardsStayAfterTheAnswer: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Tokyo and London?{Enter}");
    await expect(await canvas.findByText("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.", {}, long)).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('.toolchat')).toHaveAttribute('data-state', 'idle'), long);
    await expect(canvas.getByRole('figure', { name: 'Weather in Tokyo' })).toHaveTextContent('18°C');
    await expect(canvas.getByRole('figure', { name: 'Weather in London' })).toHaveTextContent('14°C');
    await expect(canvas.getAllByRole('group', { name: 'Get weather' })).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: /^Used / })).toBeNull();
    // The cards come before the answer, in the order of the calls.
    const log = canvas.getByRole('log');
    const order = [...log.querySelectorAll('figure, .toolchat-markdown')].map((element) => element.textContent);
    await expect(order.at(-1)).toBe("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.");
    await expect(order.slice(1, 3).map((text) => text?.match(/Tokyo|London/)?.[0])).toEqual(['Tokyo', 'London']);
  },
};

type MiniChatProps = Pick<ChatWrapperProps, 'maxToolRounds' | 'toolMarkers' | 'theme' | 'labels' | 'throttle'>;

const transports = { off: createDemoTransport({ delayMs: 10 }), on: createDemoTransport({ delayMs: 10, toolMarkers: true }) };

/** Another arrangement of the exported parts around `useToolChat`: status on top, a tool counter. */
function MiniChat({ theme = 'light', toolMarkers = 'off', ...options }: MiniChatProps) {
  const [toolRuns, setToolRuns] = useState(0);
  const chat = useToolChat({
    ...options,
    toolMarkers,
    transport: transports[toolMarkers],
    tools: demoTools,
    onToolResult: () => setToolRuns((count) => count + 1),
  });
  // The parts read the chat from the provider: each selects what it shows and calls the chat.
  return (
    <ToolChatProvider chat={chat.chat}>
      <section className="toolchat" data-theme={theme} aria-label="Mini chat" style={{ height: '100%' }}>
        <header style={{ display: 'flex', justifyContent: 'space-between', padding: 8 }}>
          <StatusIndicator />
          <p style={{ margin: 0 }}>Tool runs: {toolRuns}</p>
        </header>
        <MessageList empty={<p>Ask me about the weather.</p>} />
        <Composer placeholder="Type here" />
      </section>
    </ToolChatProvider>
  );
}

/** Hook-only: no ChatWrapper, the same loop (`useToolChat` with `MessageList`, `StatusIndicator`, `Composer`). */
export const HookOnly: Story = {
  parameters: { docs: { source: { code: hookOnlySource.replace(/^\/\/.*\n/, '') } } },
  // A chat's transport is fixed when it starts: marker mode is a new chat.
  render: ({ maxToolRounds, toolMarkers, theme, labels, throttle }) => (
    <MiniChat
      key={toolMarkers ?? 'off'}
      {...(maxToolRounds === undefined ? {} : { maxToolRounds })}
      {...(toolMarkers === undefined ? {} : { toolMarkers })}
      {...(theme === undefined ? {} : { theme })}
      {...(labels === undefined ? {} : { labels })}
      {...(throttle === undefined ? {} : { throttle })}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Ask me about the weather.')).toBeVisible();
    const input = canvas.getByPlaceholderText('Type here');
    await userEvent.type(input, 'What is 2+2 and the time in Tokyo?{Enter}');
    await expect(await canvas.findByText(/2\+2 = 4\. It's \d\d:\d\d in Tokyo/, {}, long)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(''), long);
    // One result per call, even though StrictMode mounts everything twice.
    await expect(canvas.getByText('Tool runs: 2')).toBeVisible();
    await expect(canvas.getByRole('log')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: /^Used (Calculate and Get time|Get time and Calculate)$/ })).toBeVisible();
    await expect(input).toHaveFocus();
  },
};
