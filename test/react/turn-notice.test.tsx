import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, defineTool } from 'toolchat';
import { calls, endpoint, stream, text, usage } from '../faults/harness';

function cutAtTokenLimit(answer: string) {
  return stream([
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: answer },
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'length', raw: 'length' }, usage },
  ] satisfies LanguageModelV4StreamPart[]);
}

async function ask(user: ReturnType<typeof userEvent.setup>, message: string) {
  await user.type(screen.getByRole('textbox', { name: 'Message' }), message);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

const clock = { now: defineTool({ inputSchema: z.object({}), execute: () => ({ time: '12:00' }) }) };

describe('given an answer the model cut at its token limit', () => {
  it('says so under it, and Continue asks the model to go on', async () => {
    const user = userEvent.setup();
    const model = new MockLanguageModelV4({ doStream: [cutAtTokenLimit('The history of Rome begins'), text('…with its founding in 753 BC.')] });
    const server = endpoint(model);
    render(<ChatWrapper api={server.api} fetch={server.fetch} />);
    await ask(user, 'Tell me the history of Rome');

    const log = screen.getByRole('log');
    const notice = await within(log).findByRole('note');
    expect(notice.textContent).toContain('Cut off at the token limit');
    await user.click(within(notice).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(within(log).getByText('…with its founding in 753 BC.')).toBeTruthy());
    expect(within(log).getByText('Continue')).toBeTruthy();
    // The notice stays under the answer it belongs to, without its button.
    expect(within(log).getByRole('note').textContent).toContain('Cut off at the token limit');
    expect(within(within(log).getByRole('note')).queryByRole('button')).toBeNull();
  });
});

describe('given the round limit was reached', () => {
  it('says "Stopped after 2 tool rounds" under the forced answer, and Continue allows more rounds', async () => {
    const user = userEvent.setup();
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'a', toolName: 'now', input: {} }),
        calls({ toolCallId: 'b', toolName: 'now', input: {} }),
        text('I have to stop here.'),
        calls({ toolCallId: 'c', toolName: 'now', input: {} }),
        text('It is 12:00.'),
      ],
    });
    const server = endpoint(model);
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={clock} maxToolRounds={2} />);
    await ask(user, 'Keep checking the time');

    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getByText('I have to stop here.')).toBeTruthy());
    const notice = await within(log).findByRole('note');
    expect(notice.textContent).toContain('Stopped after 2 tool rounds');
    expect(server.bodies[2]?.toolsDisabled).toBe(true);

    await user.click(within(notice).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(within(log).getByText('It is 12:00.')).toBeTruthy());
    // The new turn has its tools and its rounds again.
    expect(server.bodies[3]?.toolsDisabled).toBeUndefined();
    expect(Object.keys(server.bodies[3]?.tools ?? {})).toEqual(['now']);
  });
});

describe('given Stop while the answer streams', () => {
  it('marks the answer as stopped, with Continue', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const model = new MockLanguageModelV4({
      doStream: [
        {
          stream: new ReadableStream<LanguageModelV4StreamPart>({
            start(controller) {
              controller.enqueue({ type: 'text-start', id: 't' });
              controller.enqueue({ type: 'text-delta', id: 't', delta: 'Once upon a time' });
              release = () => controller.close();
            },
          }),
        },
      ],
    });
    const server = endpoint(model);
    render(<ChatWrapper api={server.api} fetch={server.fetch} />);
    await ask(user, 'A story, please');
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getByText('Once upon a time')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    const notice = await within(log).findByRole('note');
    expect(notice.textContent).toContain('Stopped');
    console.log('NOTE', notice.outerHTML); expect(await within(notice).findByRole('button', { name: 'Continue' })).toBeTruthy();
    // The model's stream was cancelled with the request; closing it again would throw.
    void release;
  });
});

describe('given a tool that needs approval', () => {
  const deleted: string[] = [];
  const tools = {
    deleteFile: defineTool({
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: ({ path }) => {
        deleted.push(path);
        return { deleted: path };
      },
    }),
  };

  it('goes straight to waiting for approval: the status never says it executes first', async () => {
    const user = userEvent.setup();
    const statuses: string[] = [];
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } }), text('Done.')] });
    const server = endpoint(model);
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={tools} onStatus={(activity) => statuses.push(activity.label)} />);
    await ask(user, 'Delete a.txt');
    await screen.findByRole('button', { name: 'Approve' });
    expect(statuses).toContain('Waiting for your approval to run Delete file');
    expect(statuses.filter((label) => label.startsWith('Executing'))).toEqual([]);
  });

  it('does not say it executes while an async needsApproval is still deciding either', async () => {
    const user = userEvent.setup();
    const statuses: string[] = [];
    // The policy answers only once the test has seen the chat wait for it.
    let decide: (needed: boolean) => void = () => undefined;
    const asked = vi.fn();
    const slowPolicy = {
      deleteFile: defineTool({
        inputSchema: z.object({ path: z.string() }),
        needsApproval: () => {
          asked();
          return new Promise<boolean>((resolve) => (decide = resolve));
        },
        execute: ({ path }) => ({ deleted: path }),
      }),
    };
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } }), text('Done.')] });
    const server = endpoint(model);
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={slowPolicy} onStatus={(activity) => statuses.push(activity.label)} />);
    await ask(user, 'Delete a.txt');
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
    expect(statuses.filter((label) => label.startsWith('Executing'))).toEqual([]);
    act(() => decide(true));
    await screen.findByRole('button', { name: 'Approve' });
    expect(statuses.filter((label) => label.startsWith('Executing'))).toEqual([]);
  });

  it('"Always allow" runs this call and every later call of the tool without asking', async () => {
    deleted.length = 0;
    const user = userEvent.setup();
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } }),
        text('Deleted a.txt.'),
        calls({ toolCallId: 'c2', toolName: 'deleteFile', input: { path: 'b.txt' } }),
        text('Deleted b.txt.'),
      ],
    });
    const server = endpoint(model);
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={tools} />);
    await ask(user, 'Delete a.txt');
    const always = await screen.findByRole('button', { name: 'Always allow Delete file' });
    // Keyboard-operable: it is a button in the card's actions.
    always.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Deleted a.txt.')).toBeTruthy());

    await ask(user, 'Delete b.txt');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Deleted b.txt.')).toBeTruthy());
    expect(deleted).toEqual(['a.txt', 'b.txt']);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('given an error that cannot succeed on retry', () => {
  it('shows the server’s message and no Retry button', async () => {
    const user = userEvent.setup();
    const model = new MockLanguageModelV4({ doStream: [text('unused')] });
    const server = endpoint(model, () =>
      Response.json({ error: { message: 'Invalid API key', retryable: false } }, { status: 502 }),
    );
    render(<ChatWrapper api={server.api} fetch={server.fetch} />);
    await ask(user, 'Hello');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid API key');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('given a stream that breaks in the middle of the answer', () => {
  it('marks what arrived as cut off by an error, and offers Retry in the banner', async () => {
    const user = userEvent.setup();
    const model = new MockLanguageModelV4({ doStream: [text('unused')] });
    const server = endpoint(model, () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const encoder = new TextEncoder();
          for (const chunk of ['{"type":"start"}', '{"type":"start-step"}', '{"type":"text-start","id":"t"}', '{"type":"text-delta","id":"t","delta":"Half an answer"}']) {
            controller.enqueue(encoder.encode(`data: ${chunk}\n\n`));
          }
          broken = () => controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    let broken!: () => void;
    render(<ChatWrapper api={server.api} fetch={server.fetch} />);
    await ask(user, 'Hello');
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getByText('Half an answer')).toBeTruthy());
    broken();
    const notice = await within(log).findByRole('note');
    expect(notice.textContent).toContain('Cut off by an error');
    expect(within(notice).queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
