import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, defineTool } from 'toolchat';
import { calls, endpoint, stream, text, usage } from '../faults/harness';

const clock = { now: defineTool({ description: 'The time', inputSchema: z.object({}), execute: () => ({ time: '12:00' }) }) };

/** The model's whole answer: a finish, nothing before it. */
const bareFinish = () => stream([{ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]);

async function ask(user: ReturnType<typeof userEvent.setup>, message: string) {
  await user.type(screen.getByRole('textbox', { name: 'Message' }), message);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

/** A few turns of the event loop: time for a resend, were one coming. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe.each([
  ['native tool calls', 'off' as const, () => calls({ toolCallId: 'c1', toolName: 'now', input: {} })],
  ['###: markers', 'on' as const, () => text('Checking. ###:{"toolName":"now","parameters":{}}')],
])('given the model answers the tool results with a bare finish (%s)', (_, toolMarkers, callNow) => {
  it('ends the round, goes idle, says the model ended without an answer, and resends nothing', async () => {
    const user = userEvent.setup();
    const model = new MockLanguageModelV4({ doStream: [callNow(), bareFinish(), text('never asked')] });
    const server = endpoint(model);
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={clock} toolMarkers={toolMarkers} />);
    await ask(user, 'What time is it?');

    const log = screen.getByRole('log');
    const notice = await within(log).findByRole('note');
    expect(notice.textContent).toContain('The model ended without an answer');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    await settle();
    expect(server.bodies).toHaveLength(2);
    expect(model.doStreamCalls).toHaveLength(2);
    expect(within(log).queryByText('never asked')).toBeNull();
  });
});
