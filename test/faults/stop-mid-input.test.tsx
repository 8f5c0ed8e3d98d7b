import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, defineTool } from 'toolchat';

/** A transport whose first response the test writes and never ends; later ones answer "Ok.". */
function scripted() {
  const requests: { messages: UIMessage[]; write: (chunk: UIMessageChunk) => void }[] = [];
  const transport: ChatTransport<UIMessage> = {
    async sendMessages({ messages }) {
      const first = requests.length === 0;
      let controller!: ReadableStreamDefaultController<UIMessageChunk>;
      const stream = new ReadableStream<UIMessageChunk>({ start: (c) => void (controller = c) });
      requests.push({ messages: structuredClone(messages), write: (chunk) => controller.enqueue(chunk) });
      if (!first) {
        for (const chunk of [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'Ok.' }, { type: 'text-end', id: 'a' }, { type: 'finish-step' }, { type: 'finish' }] as UIMessageChunk[]) {
          controller.enqueue(chunk);
        }
        controller.close();
      }
      return stream;
    },
    reconnectToStream: async () => null,
  };
  return { transport, requests };
}

const tools = { getWeather: defineTool({ inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city }) }) };

async function ask(user: ReturnType<typeof userEvent.setup>, message: string) {
  await user.type(screen.getByRole('textbox'), message);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('given Stop while a call’s arguments still stream', () => {
  it('natively: the card ends cancelled, the chat is idle, and the next request carries the cancellation', async () => {
    const user = userEvent.setup();
    const { transport, requests } = scripted();
    render(<ChatWrapper transport={transport} tools={tools} />);
    await ask(user, 'Weather?');
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => {
      for (const chunk of [
        { type: 'start' },
        { type: 'start-step' },
        { type: 'tool-input-start', toolCallId: 'c1', toolName: 'getWeather' },
        { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"city":"Pa' },
      ] as UIMessageChunk[]) {
        requests[0]!.write(chunk);
      }
    });
    const card = await screen.findByRole('group', { name: 'Get weather' });
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('streaming-input'));

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('cancelled'));
    expect(card.textContent).toContain('Cancelled');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());

    await ask(user, 'Never mind');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Ok.')).toBeTruthy());
    const sent = requests[1]!.messages.flatMap((message) => message.parts).find((part) => 'toolCallId' in part && part.toolCallId === 'c1');
    expect(sent).toMatchObject({ state: 'output-error', errorText: 'Tool "getWeather" was cancelled by the user' });
  });

  it('in a ###: marker: no card is left waiting for its arguments once the chat is idle', async () => {
    const user = userEvent.setup();
    const { transport, requests } = scripted();
    render(<ChatWrapper transport={transport} tools={tools} toolMarkers="on" />);
    await ask(user, 'Weather?');
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => {
      for (const chunk of [
        { type: 'start' },
        { type: 'start-step' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Checking. ###:{"toolName":"getWeather","parameters":{"city":"Pa' },
      ] as UIMessageChunk[]) {
        requests[0]!.write(chunk);
      }
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    for (const card of screen.queryAllByRole('group')) expect(card.getAttribute('data-state')).not.toBe('streaming-input');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
