import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, useToolChat, type ToolChat } from 'toolchat';
import { createChatHandler } from 'toolchat/server';
import { renderChat, routeFetch, scriptedModel, scriptedTransport } from 'toolchat/testing';

function weatherTools() {
  const asked: string[] = [];
  const tools = {
    getWeather: defineTool({
      description: 'Current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        asked.push(city);
        if (city === 'Atlantis') throw new Error('Unknown city: Atlantis');
        return { city, tempC: 17, conditions: 'foggy' };
      },
    }),
    deleteFile: defineTool({
      description: 'Deletes a file',
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => ({ deleted: path }),
    }),
  };
  return { asked, tools };
}

const log = () => within(screen.getByRole('log'));

describe.each([
  { timers: 'real timers', fake: false },
  { timers: 'fake timers', fake: true },
])('renderChat with $timers', ({ fake }) => {
  if (fake) {
    // Installed before each test and removed after: the kit's waits advance them.
    afterEach(() => {
      vi.useRealTimers();
    });
  }
  const setUp = () => {
    if (fake) vi.useFakeTimers();
  };

  it('runs a tool round: the tool runs in the page, the model answers from its result', async () => {
    setUp();
    const { asked, tools } = weatherTools();
    const transport = scriptedTransport([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] },
      ({ toolResults }) => {
        const [result] = toolResults;
        return result?.ok ? `It's ${(result.output as { tempC: number }).tempC}°C in Paris.` : 'No weather.';
      },
    ]);
    const view = await renderChat({ transport, tools });

    const state = await view.send("What's the weather in Paris?");

    expect(state.busy).toBe(false);
    expect(asked).toEqual(['Paris']);
    expect(log().getByText("It's 17°C in Paris.")).toBeTruthy();
    expect(transport.requests.map((request) => Object.keys(request.tools))).toEqual([
      ['getWeather', 'deleteFile'],
      ['getWeather', 'deleteFile'],
    ]);
    expect(transport.model.calls[1]?.toolResults).toEqual([
      { toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' }, ok: true, output: { city: 'Paris', tempC: 17, conditions: 'foggy' } },
    ]);
    expect(transport.model.remaining).toBe(0);
  });

  it('stops at an approval, and runs the tool once the user approves', async () => {
    setUp();
    const { tools } = weatherTools();
    const transport = scriptedTransport([{ toolCalls: [{ toolName: 'deleteFile', input: { path: '/tmp/a' } }] }, 'Deleted /tmp/a.']);
    const view = await renderChat({ transport, tools });

    const waiting = await view.send('Delete /tmp/a');
    expect(waiting.activity.state).toBe('awaiting-approval');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    // Waiting for idle now would wait forever: the kit says so at once.
    await expect(view.waitForIdle()).rejects.toThrow('waitForIdle: the chat waits for the user to approve deleteFile (call_1)');

    const done = await view.approve('deleteFile');
    expect(done.busy).toBe(false);
    expect(log().getByText('Deleted /tmp/a.')).toBeTruthy();
    expect(transport.model.calls[1]?.toolResults[0]).toMatchObject({ ok: true, output: { deleted: '/tmp/a' } });
  });

  it('tells the model when the user denies, with their reason', async () => {
    setUp();
    const { tools } = weatherTools();
    const transport = scriptedTransport([{ toolCalls: [{ toolName: 'deleteFile', input: { path: '/etc' } }] }, 'I left it.']);
    const view = await renderChat({ transport, tools });

    await view.send('Delete /etc');
    await view.deny('deleteFile', { reason: 'not that one' });

    expect(log().getByText('I left it.')).toBeTruthy();
    expect(transport.model.calls[1]?.toolResults[0]).toMatchObject({ toolName: 'deleteFile', ok: false, denied: true, error: 'not that one' });
  });

  it('lets the model read a tool that failed, and shows a model that failed', async () => {
    setUp();
    const { tools } = weatherTools();
    const transport = scriptedTransport([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Atlantis' } }] },
      { error: 'The model is overloaded' },
    ]);
    const view = await renderChat({ transport, tools });

    const state = await view.send("What's the weather in Atlantis?");

    expect(transport.model.calls[1]?.toolResults[0]).toMatchObject({ ok: false, denied: false, error: 'Unknown city: Atlantis' });
    expect(state.activity.state).toBe('error');
    expect(state.error?.message).toContain('The model is overloaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('drives the real route in-process through routeFetch', async () => {
    setUp();
    const { tools } = weatherTools();
    const model = scriptedModel([{ toolCalls: [{ toolName: 'getWeather', input: { city: 'Oslo' } }] }, 'Foggy in Oslo.']);
    const view = await renderChat({ api: '/api/chat', fetch: routeFetch(createChatHandler({ model })), tools });

    await view.send('Weather in Oslo?');

    expect(log().getByText('Foggy in Oslo.')).toBeTruthy();
    expect(model.calls.map((call) => call.toolNames)).toEqual([
      ['getWeather', 'deleteFile'],
      ['getWeather', 'deleteFile'],
    ]);
  });

  it('renders your own UI over a chat instance', async () => {
    setUp();
    const { tools } = weatherTools();
    const chat = createToolChat({ transport: scriptedTransport(['Hello from the script.']), tools });
    function MyChat({ chat: instance }: { chat: ToolChat<typeof tools> }) {
      const { messages } = useToolChat(instance);
      return (
        <ul aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id}>{message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}</li>
          ))}
        </ul>
      );
    }
    const view = await renderChat(<MyChat chat={chat} />, { chat });

    await view.send('Hi');

    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Hello from the script.')).toBeTruthy();
    view.unmount();
    // The app made the chat: it stays the app's to dispose.
    expect(chat.disposed).toBe(false);
    chat.dispose();
  });
});

describe('given a script that runs out', () => {
  it('fails the chat with an error that says so', async () => {
    const view = await renderChat({ transport: scriptedTransport([]) });
    const state = await view.send('Hello?');
    expect(state.error?.message).toContain('scriptedModel: the script has 0 answers, and the model was called again (call 1, after "Hello?")');
  });
});
