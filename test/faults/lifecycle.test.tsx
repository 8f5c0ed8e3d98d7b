import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockLanguageModelV4 } from 'ai/test';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, defineTool, disposeChatSession, useToolChat } from 'toolchat';
import { calls, deferred, endpoint, text, toolResultsSent } from './harness';

function gatedWeather() {
  const gate = deferred<{ city: string; tempC: number }>();
  const runs: string[] = [];
  const tools = {
    getWeather: defineTool({
      inputSchema: z.object({ city: z.string() }),
      execute: ({ city }) => {
        runs.push(city);
        return gate.promise;
      },
    }),
  };
  return { gate, runs, tools };
}

describe('given StrictMode (effects and state initialisers run twice)', () => {
  it('runs each tool call once and sends one request per round', async () => {
    const user = userEvent.setup();
    const { gate, runs, tools } = gatedWeather();
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Oslo' } }), text('Cold in Oslo.')],
    });
    const server = endpoint(model);
    render(
      <StrictMode>
        <ChatWrapper api={server.api} fetch={server.fetch} tools={tools} />
      </StrictMode>,
    );
    await user.type(screen.getByRole('textbox'), 'Weather in Oslo?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Executing Get weather…'));
    gate.resolve({ city: 'Oslo', tempC: -3 });
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Cold in Oslo.')).toBeTruthy());

    expect(runs).toEqual(['Oslo']);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'json', value: { city: 'Oslo', tempC: -3 } });
  });
});

describe('given a ChatWrapper remounted with the same id in the middle of a round', () => {
  it('finds its conversation and running tool again; the tool runs once and its result goes back once', async () => {
    const user = userEvent.setup();
    const { gate, runs, tools } = gatedWeather();
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Lima' } }), text('Mild in Lima.')],
    });
    const server = endpoint(model);
    const first = render(<ChatWrapper id="remount-chat" api={server.api} fetch={server.fetch} tools={tools} />);
    await user.type(screen.getByRole('textbox'), 'Weather in Lima?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Executing Get weather…'));
    first.unmount();

    render(
      <StrictMode>
        <ChatWrapper id="remount-chat" api={server.api} fetch={server.fetch} tools={tools} />
      </StrictMode>,
    );
    expect(within(screen.getByRole('log')).getByText('Weather in Lima?')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Executing Get weather…');
    gate.resolve({ city: 'Lima', tempC: 19 });
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Mild in Lima.')).toBeTruthy());

    expect(runs).toEqual(['Lima']);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'json', value: { city: 'Lima', tempC: 19 } });
    disposeChatSession('remount-chat');
  });
});

describe('given a stream that repeats a tool call chunk', () => {
  it('runs the call once and answers it once', async () => {
    const runs: string[] = [];
    const tools = {
      getWeather: defineTool({
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => {
          runs.push(city);
          return { city };
        },
      }),
    };
    const chunks = [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Bern' } },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Bern' } },
      { type: 'finish-step' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Bern' } },
      { type: 'finish' },
    ];
    const model = new MockLanguageModelV4({ doStream: [text('Bern is fine.')] });
    const server = endpoint(model, (n) =>
      n === 1
        ? new Response(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join(''), {
            headers: { 'content-type': 'text/event-stream' },
          })
        : undefined,
    );
    const results: string[] = [];
    const { result } = renderHook(() => useToolChat({ ...server, tools, onToolResult: (name) => results.push(name) }));
    await act(() => result.current.sendMessage('Bern?'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));

    expect(runs).toEqual(['Bern']);
    expect(results).toEqual(['getWeather']);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(Object.keys(toolResultsSent(model, 0))).toEqual(['c1']);
  });
});
