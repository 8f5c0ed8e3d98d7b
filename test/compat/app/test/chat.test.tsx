import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineTool } from 'toolchat';
import { createChatHandler } from 'toolchat/server';
import { renderChat, routeFetch, scriptedModel, scriptedTransport } from 'toolchat/testing';
import { z } from 'zod';

// The app's tools, as it would import them from its own module.
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      if (city === 'Atlantis') throw new Error(`Unknown city: ${city}`);
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

const log = () => within(screen.getByRole('log'));

describe.each([{ timers: 'real' }, { timers: 'fake' }])('the chat, with $timers timers', ({ timers }) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a tool round: the tool runs in the page and the model answers from its result', async () => {
    if (timers === 'fake') vi.useFakeTimers();
    const transport = scriptedTransport([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Paris' } }] },
      ({ toolResults }) => `It's ${JSON.stringify(toolResults[0])}`,
    ]);
    const chat = await renderChat({ transport, tools });

    await chat.send("What's the weather in Paris?");

    expect(log().getByText(/"tempC":17/)).toBeTruthy();
    expect(transport.model.calls[1]?.toolResults[0]).toMatchObject({ toolName: 'getWeather', ok: true, output: { tempC: 17 } });
  });

  it('asks before a tool that needs approval, and runs it once approved', async () => {
    if (timers === 'fake') vi.useFakeTimers();
    const transport = scriptedTransport([{ toolCalls: [{ toolName: 'deleteFile', input: { path: '/tmp/a' } }] }, 'Deleted /tmp/a.']);
    const chat = await renderChat({ transport, tools });

    const waiting = await chat.send('Delete /tmp/a');
    expect(waiting.activity.state).toBe('awaiting-approval');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();

    await chat.approve('deleteFile');
    expect(log().getByText('Deleted /tmp/a.')).toBeTruthy();
    expect(transport.model.calls[1]?.toolResults[0]).toMatchObject({ ok: true, output: { deleted: '/tmp/a' } });
  });

  it('tells the model when a tool fails, and shows a model that fails', async () => {
    if (timers === 'fake') vi.useFakeTimers();
    const transport = scriptedTransport([
      { toolCalls: [{ toolName: 'getWeather', input: { city: 'Atlantis' } }] },
      { error: 'The model is overloaded' },
    ]);
    const chat = await renderChat({ transport, tools });

    const state = await chat.send("What's the weather in Atlantis?");

    expect(transport.model.calls[1]?.toolResults[0]).toMatchObject({ ok: false, error: 'Unknown city: Atlantis' });
    expect(state.error?.message).toContain('The model is overloaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the route', () => {
  it('serves the chat through createChatHandler, in the test process', async () => {
    const model = scriptedModel([{ toolCalls: [{ toolName: 'getWeather', input: { city: 'Oslo' } }] }, 'Foggy in Oslo.']);
    const chat = await renderChat({ api: '/api/chat', fetch: routeFetch(createChatHandler({ model })), tools });

    await chat.send('Weather in Oslo?');

    expect(log().getByText('Foggy in Oslo.')).toBeTruthy();
    expect(model.calls.map((call) => call.toolNames)).toEqual([
      ['getWeather', 'deleteFile'],
      ['getWeather', 'deleteFile'],
    ]);
  });
});
