import type { Meta, StoryObj } from '@storybook/react-vite';
import type { UIMessage } from 'ai';
import { expect, fn, waitFor, within } from 'storybook/test';
import { useState } from 'react';
import { ChatWrapper, createDemoTransport, demoTools, memoryStorage, migrate, type ChatWrapperProps } from 'toolchat';
import { chatFrame, long } from './support/frame';
import { createGate, holdAfterText } from './support/gate';
import { playgroundArgTypes, renderChat } from './support/playground';

/** Answers that did not simply finish say so under them, with the way on. */
const meta = {
  title: 'ChatWrapper/Turn notices',
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

/**
 * "Tell me a long story": the demo model stops at its output limit (`finishReason: 'length'`);
 * "Cut off at the token limit" under the answer, and Continue has it go on.
 */
export const CutOffAtTheTokenLimit: Story = {
  play: async ({ canvas, userEvent, step }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Tell me a long story{Enter}');
    const log = canvas.getByRole('log');
    const notice = await within(log).findByRole('note', {}, long);
    await expect(notice).toHaveTextContent('Cut off at the token limit');
    await expect(log).toHaveTextContent(/Once upon a time, .* and every answer came back\s*Cut off at the token limit/);

    await step('Continue finishes the answer', async () => {
      await userEvent.click(within(notice).getByRole('button', { name: 'Continue' }));
      await expect(await within(log).findByText(/and it ended happily\.$/, {}, long)).toBeVisible();
      // The notice stays with the answer it belongs to, without its button.
      await expect(within(log).getAllByRole('note')).toHaveLength(1);
      await expect(within(notice).queryByRole('button')).toBeNull();
    });
  },
};

const stopGate = createGate();

/** Stop in the middle of the answer: "Stopped" under what arrived, and Continue picks it up there. */
export const StoppedThenContinued: Story = {
  args: { transport: holdAfterText(createDemoTransport({ delayMs: 10 }), stopGate, 6) },
  beforeEach: () => stopGate.reset(),
  play: async ({ canvas, userEvent, step }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Tell me a long story{Enter}');
    const log = canvas.getByRole('log');
    await waitFor(() => expect(log).toHaveTextContent('Once upon a time, a small'), long);
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    stopGate.open();

    const notice = await within(log).findByRole('note', {}, long);
    await expect(notice).toHaveTextContent('Stopped');

    await step('Continue goes on from the word it stopped at', async () => {
      await userEvent.click(within(notice).getByRole('button', { name: 'Continue' }));
      const answers = () => log.querySelectorAll('.toolchat-message[data-role="assistant"]');
      await waitFor(() => expect(answers()).toHaveLength(2), long);
      await waitFor(() => expect(answers()[1]).toHaveTextContent(/^Assistant: chat model lived in a browser tab\./), long);
      // 50 more words reach the limit again: the second answer says so too.
      await waitFor(() => expect(within(log).getAllByRole('note')).toHaveLength(2), long);
      await expect(within(log).getAllByRole('note')[1]).toHaveTextContent('Cut off at the token limit');
    });
  },
};

/** A model that keeps calling tools: "Stopped after 2 tool rounds" under the forced answer; Continue allows 2 more. */
export const RoundLimitReached: Story = {
  args: { maxToolRounds: 2, onFinish: fn() },
  play: async ({ args, canvas, userEvent, step }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Keep calling tools{Enter}');
    const log = canvas.getByRole('log');
    const notice = await within(log).findByRole('note', {}, long);
    await expect(notice).toHaveTextContent('Stopped after 2 tool rounds');
    // The forced answer, with tools disabled, is written in words.
    await expect(log).toHaveTextContent(/I called getTime 2 times and now have to stop: no more tools for this answer\. The last result: it's \d\d:\d\d in Paris \(Europe\/Paris\)\./);
    await expect(args.onFinish).toHaveBeenCalledTimes(1);

    await step('Continue runs another 2 rounds', async () => {
      await userEvent.click(within(notice).getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(within(log).getAllByRole('note')).toHaveLength(2), long);
      await expect(within(log).getAllByRole('note')[1]).toHaveTextContent('Stopped after 2 tool rounds');
      await expect(args.onFinish).toHaveBeenCalledTimes(2);
    });
  },
};

/** What the page had saved when it closed: the question, and a call that was still running. */
const savedBeforeTheReload: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: "What's the weather in Paris?" }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'text', text: 'Let me check the weather in Paris.', state: 'done' },
      { type: 'tool-getWeather', toolCallId: 'call_1', state: 'input-available', input: { city: 'Paris' } },
    ],
  },
];

let reloads = 0;

/** The chat as the page finds it after a reload: a fresh chat id, its storage holding what was saved. */
function ReloadedChat(props: ChatWrapperProps) {
  const [chat] = useState(() => {
    const id = `reloaded-${++reloads}`;
    const storage = memoryStorage();
    void storage.save(id, migrate({ chatId: id, messages: savedBeforeTheReload }));
    return { id, storage };
  });
  return <ChatWrapper {...props} id={chat.id} storage={chat.storage} keepAliveMs={0} />;
}

/** A chat restored after a reload cut a tool off: an "Interrupted" badge, and "Run again" runs it. */
export const InterruptedThenRunAgain: Story = {
  render: (args) => <ReloadedChat {...args} />,
  play: async ({ canvas, userEvent, step }) => {
    const log = canvas.getByRole('log');
    const card = await within(log).findByRole('group', { name: 'Get weather' }, long);
    await expect(card).toHaveAttribute('data-state', 'interrupted');
    await expect(card).toHaveTextContent('Interrupted');
    const notice = await within(log).findByRole('note', {}, long);
    await expect(notice).toHaveTextContent('The page was closed before this tool finished');
    await expect(within(notice).getByRole('button', { name: 'Continue' })).toBeEnabled();

    await step('Run again runs the call, and the model answers from it', async () => {
      await userEvent.click(within(notice).getByRole('button', { name: 'Run again' }));
      await expect(await within(log).findByText("It's 21°C and sunny in Paris.", {}, long)).toBeVisible();
      await expect(within(log).queryByRole('note')).toBeNull();
      await userEvent.click(await within(log).findByRole('button', { name: 'Used Get weather' }, long));
      await expect(within(log).getByRole('group', { name: 'Get weather' })).toHaveAttribute('data-state', 'done');
    });
  },
};
