import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, mocked, waitFor, within } from 'storybook/test';
import type { UIMessage } from 'ai';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';
import { chatFrame, long } from './support/frame';
import { playgroundArgTypes, renderChat } from './support/playground';
import { createGate } from './support/gate';
import { gatedDemoTools } from './support/tools';

const meta = {
  title: 'ChatWrapper/Tools',
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
          'Tools are functions of your app, made with `defineTool({ description, inputSchema, execute })` and passed as',
          '`tools`. The model calls them; they run here in the browser, each with its input checked against its schema,',
          'a timeout and an `AbortSignal`; their results go back to the model, round after round, until it answers in',
          'words. A tool with `needsApproval` waits for the user (Approve, Deny, *Always allow*), and after',
          '`maxToolRounds` rounds one more request goes out with tools disabled. The stories below run each case on the',
          'embedded demo model: type into them, or watch their play functions.',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof ChatWrapper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A conversation restored from storage: the weather in Paris, answered with one browser-side tool call. */
const answeredWithATool: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: "What's the weather in Paris?" }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'tool-getWeather',
        toolCallId: 'call_1',
        state: 'output-available',
        input: { city: 'Paris' },
        output: { city: 'Paris', tempC: 21, conditions: 'sunny' },
      },
      { type: 'step-start' },
      { type: 'text', text: "It's 21°C and sunny in Paris.", state: 'done' },
    ],
  },
];

/**
 * An answer the model built from a tool's result. The call folds into one line once the turn is
 * answered; open it for the call's arguments and result. Ask another question to run one live.
 */
export const AnsweredWithATool: Story = {
  args: { initialMessages: answeredWithATool },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: /^Used / }, long));
    const card = await canvas.findByRole('group', { name: /weather/i }, long);
    await expect(card).toHaveAttribute('data-state', 'done');
  },
};

/** One browser-side tool round: the weather in Paris, folded into "Used Get weather" after the answer. */
export const OneTool: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Paris?{Enter}");
    await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    const summary = await canvas.findByRole('button', { name: 'Used Get weather' }, long);
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(summary);
    const card = await canvas.findByRole('group', { name: 'Get weather' });
    await expect(card).toHaveAttribute('data-state', 'done');
    await expect(card).toHaveTextContent('Done');
    await userEvent.click(canvas.getByRole('button', { name: /^Get weather/ }));
    await expect(card).toHaveTextContent('"city": "Paris"');
    await expect(card).toHaveTextContent('"conditions": "sunny"');
  },
};

const executingGate = createGate();

/** A tool while it runs: "Executing Get weather…" in the status, a Running badge on the card. */
export const Executing: Story = {
  args: { tools: gatedDemoTools(executingGate, ['getWeather']) },
  beforeEach: () => executingGate.reset(),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Paris?{Enter}");
    const card = await canvas.findByRole('group', { name: 'Get weather' }, long);
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'running'), long);
    await expect(card).toHaveTextContent('Running');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Executing Get weather…'), long);
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled();
    executingGate.open();
    await expect(await canvas.findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
  },
};

const parallelGate = createGate();

/** Two tools of one turn run at the same time, then one answer uses both results. */
export const ParallelTools: Story = {
  args: { tools: gatedDemoTools(parallelGate, ['calculate', 'getTime']) },
  beforeEach: () => parallelGate.reset(),
  play: async ({ canvas, userEvent, step }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is 2+2 and the time in Tokyo?{Enter}');

    await step('both run at once', async () => {
      const calculate = await canvas.findByRole('group', { name: 'Calculate' }, long);
      const getTime = await canvas.findByRole('group', { name: 'Get time' }, long);
      await waitFor(() => expect(calculate).toHaveAttribute('data-state', 'running'), long);
      await waitFor(() => expect(getTime).toHaveAttribute('data-state', 'running'), long);
      await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Executing Calculate, Get time…|Executing Get time, Calculate…/), long);
    });

    await step('one answer from both results', async () => {
      parallelGate.open();
      await expect(await canvas.findByText(/2\+2 = 4\. It's \d\d:\d\d in Tokyo \(Asia\/Tokyo\)\./, {}, long)).toBeVisible();
      await userEvent.click(await canvas.findByRole('button', { name: /^Used (Calculate and Get time|Get time and Calculate)$/ }, long));
      await expect(canvas.getByRole('group', { name: 'Calculate' })).toHaveAttribute('data-state', 'done');
      await expect(canvas.getByRole('group', { name: 'Get time' })).toHaveAttribute('data-state', 'done');
    });
  },
};

/** A chain over two rounds: the weather in °C, then a conversion, then the answer. */
export const ChainOverRounds: Story = {
  args: { onStatus: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Paris in Fahrenheit?{Enter}");
    await expect(await canvas.findByText("It's 69.8°F (21°C) and sunny in Paris.", {}, long)).toBeVisible();
    await expect(args.onStatus).toHaveBeenCalledWith(
      expect.objectContaining({ state: 'executing', toolNames: ['getWeather'], round: 1 }),
    );
    await expect(args.onStatus).toHaveBeenCalledWith(
      expect.objectContaining({
        state: 'executing',
        toolNames: ['convertTemperature'],
        round: 2,
        label: expect.stringMatching(/Executing Convert temperature….*round 2 of 5/),
      }),
    );
    await userEvent.click(await canvas.findByRole('button', { name: 'Used Get weather and Convert temperature' }, long));
    await expect(canvas.getByRole('group', { name: 'Get weather' })).toHaveAttribute('data-state', 'done');
    await expect(canvas.getByRole('group', { name: 'Convert temperature' })).toHaveAttribute('data-state', 'done');
  },
};

/** A tool marked `needsApproval` waits for the user, with Approve and Deny on its card. */
export const ApprovalPending: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file report.pdf{Enter}');
    const card = await canvas.findByRole('group', { name: 'Delete file' }, long);
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'awaiting-approval'), long);
    await expect(card).toHaveTextContent('Awaiting approval');
    await expect(card).toHaveTextContent('"path": "report.pdf"');
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Deny' })).toBeEnabled();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Waiting for your approval to run Delete file'), long);
    await expect(canvas.getByText("I'll delete report.pdf.")).toBeVisible();
  },
};

/** "Always allow deleteFile" approves this call and every later one of the tool, for this user: the next deletion just runs. */
export const AlwaysAllow: Story = {
  args: { onStatus: fn() },
  play: async ({ args, canvas, userEvent, step }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file report.pdf{Enter}');
    const card = await canvas.findByRole('group', { name: 'Delete file' }, long);
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'awaiting-approval'), long);
    await userEvent.click(within(card).getByRole('button', { name: 'Always allow Delete file' }));
    await expect(await canvas.findByText('Done: I deleted report.pdf.', {}, long)).toBeVisible();

    await step('the next deletion runs without asking', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file notes.txt{Enter}');
      await expect(await canvas.findByText('Done: I deleted notes.txt.', {}, long)).toBeVisible();
      const waits = mocked(args.onStatus!).mock.calls.filter(([activity]) => activity.state === 'awaiting-approval');
      await expect(waits).toHaveLength(1);
      await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    });
  },
};

/** Approve runs the tool and the model answers from its result. */
export const Approved: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file report.pdf{Enter}');
    await userEvent.click(await canvas.findByRole('button', { name: 'Approve' }, long));
    await expect(await canvas.findByText('Done: I deleted report.pdf.', {}, long)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(await canvas.findByRole('button', { name: 'Used Delete file' }, long));
    await expect(canvas.getByRole('group', { name: 'Delete file' })).toHaveAttribute('data-state', 'done');
  },
};

/** Deny never runs the tool; the model hears it was denied and says so. */
export const Denied: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Delete the file report.pdf{Enter}');
    await userEvent.click(await canvas.findByRole('button', { name: 'Deny' }, long));
    await expect(await canvas.findByText(/^OK, I won't delete report\.pdf/, {}, long)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Deny' })).toBeNull();
    // The fold says the call was denied without being opened: neutral, not a failure.
    await userEvent.click(await canvas.findByRole('button', { name: 'Used Delete file 1 denied' }, long));
    const card = canvas.getByRole('group', { name: 'Delete file' });
    await expect(card).toHaveAttribute('data-state', 'denied');
    await expect(card).toHaveTextContent('Denied');
  },
};

/** A tool that throws: the card shows the error, and the model answers from it. */
export const ToolError: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), "What's the weather in Atlantis?{Enter}");
    await expect(await canvas.findByText(/Sorry, I couldn't get the weather in Atlantis: .*Unknown city: Atlantis/, {}, long)).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Used Get weather 1 failed' }, long));
    const card = canvas.getByRole('group', { name: 'Get weather' });
    await expect(card).toHaveAttribute('data-state', 'error');
    await expect(card).toHaveTextContent('Error');
    await expect(card).toHaveTextContent('Unknown city: Atlantis');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

/** Two calls of one turn, one of them failing: the fold says "1 failed" without being opened, and the answer says what failed. */
export const OneOfTwoFails: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What time is it in Tokyo and Atlantis?{Enter}');
    await expect(
      await canvas.findByText(/It's \d\d:\d\d in Tokyo \(Asia\/Tokyo\)\. Sorry, I couldn't get the time in Atlantis: Unknown city: Atlantis\./, {}, long),
    ).toBeVisible();
    const fold = await canvas.findByRole('button', { name: 'Used 2 tools: Get time 1 failed' }, long);
    await expect(within(fold).getByText('1 failed')).toBeVisible();
    await userEvent.click(fold);
    const cards = canvas.getAllByRole('group', { name: 'Get time' });
    await expect(cards.map((card) => card.getAttribute('data-state'))).toEqual(['done', 'error']);
    await expect(cards[1]).toHaveTextContent('Unknown city: Atlantis');
  },
};

/** A model that never stops calling tools: after `maxToolRounds` one more request goes out without tools. */
export const MaxRoundsReached: Story = {
  args: { maxToolRounds: 2, onStatus: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Keep calling tools{Enter}');
    await expect(await canvas.findByText(/I called getTime 2 times and now have to stop/, {}, long)).toBeVisible();
    await expect(args.onStatus).toHaveBeenCalledWith(
      expect.objectContaining({ state: 'finalizing', label: 'Maximum tool execution rounds reached. Generating final response…' }),
    );
    await expect(args.onStatus).not.toHaveBeenCalledWith(expect.objectContaining({ round: 3 }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Used 2 tools: Get time' }, long));
    await expect(canvas.getAllByRole('group', { name: 'Get time' })).toHaveLength(2);
  },
};

/** Stop while a slow tool runs: the call ends cancelled and nothing more is sent. */
export const StopDuringSlowTool: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Search slowly for cats{Enter}');
    const card = await canvas.findByRole('group', { name: 'Slow search' }, long);
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'running'), long);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Executing Slow search…'), long);
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'cancelled'), long);
    await expect(card).toHaveTextContent('Cancelled');
    await expect(await canvas.findByRole('button', { name: 'Send' }, long)).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(''), long);
  },
};
