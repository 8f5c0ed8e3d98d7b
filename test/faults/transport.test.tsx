import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isToolUIPart } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatRequestError, ChatWrapper, defineTool, useToolChat } from 'toolchat';
import { calls, endpoint, text, textOf, toolResultsSent } from './harness';

const runs: string[] = [];
const tools = {
  getWeather: defineTool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      runs.push(city);
      return { city, tempC: 21 };
    },
  }),
};

function sse(chunks: object[], cut: boolean): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
        if (cut) controller.error(new TypeError('network error: connection reset'));
        else controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } },
  );
}

describe('given a server that answers HTTP 500 in the middle of a tool loop', () => {
  it('shows the error, keeps the conversation and the tool result, and Retry resends that request', async () => {
    runs.length = 0;
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } }), text('21°C in Paris.')],
    });
    const server = endpoint(model, (n) =>
      n === 2 ? Response.json({ error: { message: 'Upstream model failed' } }, { status: 500, statusText: 'Internal Server Error' }) : undefined,
    );
    const { result } = renderHook(() => useToolChat({ ...server, tools }));
    await act(() => result.current.sendMessage('Weather in Paris?'));
    await waitFor(() => expect(result.current.activity.state).toBe('error'));

    expect(result.current.error).toBeInstanceOf(ChatRequestError);
    expect(result.current.error?.message).toBe('HTTP 500 Internal Server Error: Upstream model failed.');
    expect(result.current.activity.label).toBe('Something went wrong: HTTP 500 Internal Server Error: Upstream model failed.');
    expect(result.current.busy).toBe(false);
    // Nothing lost: the user's message and the tool's result are still there.
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.current.messages[1]?.parts.find(isToolUIPart)).toMatchObject({ state: 'output-available', output: { city: 'Paris', tempC: 21 } });

    await act(() => result.current.retry());
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(result.current.error).toBeUndefined();
    expect(server.bodies).toHaveLength(3);
    expect(server.bodies[2]?.messages).toEqual(server.bodies[1]?.messages);
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'json', value: { city: 'Paris', tempC: 21 } });
    expect(runs).toEqual(['Paris']);
    expect(textOf(result.current.messages.at(-1))).toContain('21°C in Paris.');
  });
});

describe('given a server that answers 429 with Retry-After, then succeeds', () => {
  it('shows the wait in the banner, and the Retry button gets the answer', async () => {
    const user = userEvent.setup();
    const model = new MockLanguageModelV4({ doStream: [text('Here you go.')] });
    const server = endpoint(model, (n) =>
      n === 1
        ? new Response('Rate limit exceeded', { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '2' } })
        : undefined,
    );
    render(<ChatWrapper api={server.api} fetch={server.fetch} />);
    await user.type(screen.getByRole('textbox'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('HTTP 429 Too Many Requests: Rate limit exceeded. Retry in 2 s.');
    expect(within(screen.getByRole('log')).getByText('Hello')).toBeTruthy();

    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Here you go.')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.bodies).toHaveLength(2);
    expect(server.bodies[1]?.messages.map((m) => m.role)).toEqual(['user']);
    expect(model.doStreamCalls[0]?.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Hello' }] });
  });
});

describe('given a network failure', () => {
  it('says the server could not be reached, keeps the message, and Retry sends it again', async () => {
    const model = new MockLanguageModelV4({ doStream: [text('Back online.')] });
    const server = endpoint(model, (n) => {
      if (n === 1) throw new TypeError('Failed to fetch');
      return undefined;
    });
    const { result } = renderHook(() => useToolChat({ ...server }));
    await act(() => result.current.sendMessage('Ping'));
    await waitFor(() => expect(result.current.activity.state).toBe('error'));
    expect(result.current.error?.message).toBe('Could not reach http://localhost/api/chat: network error or CORS (Failed to fetch)');
    expect(result.current.messages.map((m) => m.role)).toEqual(['user']);

    await act(() => result.current.retry());
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Back online.'));
  });
});

describe('given a stream cut in the middle of a tool call', () => {
  it('shows the error, never runs the half-made call, and Retry asks the model again without it', async () => {
    runs.length = 0;
    const model = new MockLanguageModelV4({
      doStream: [calls({ toolCallId: 'c2', toolName: 'getWeather', input: { city: 'Rome' } }), text('Sunny in Rome.')],
    });
    const server = endpoint(model, (n) =>
      n === 1
        ? sse(
            [
              { type: 'start' },
              { type: 'start-step' },
              { type: 'tool-input-start', toolCallId: 'c1', toolName: 'getWeather' },
              { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"city": "Ro' },
            ],
            true,
          )
        : undefined,
    );
    const { result } = renderHook(() => useToolChat({ ...server, tools }));
    await act(() => result.current.sendMessage('Weather in Rome?'));
    await waitFor(() => expect(result.current.activity.state).toBe('error'));
    expect(result.current.error?.message).toMatch(/network error/);
    expect(runs).toEqual([]);

    await act(() => result.current.retry());
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    // The retried request holds the user's message only: no call without its input.
    expect(server.bodies[1]?.messages.map((m) => m.role)).toEqual(['user']);
    expect(model.doStreamCalls[0]?.prompt.map((m) => m.role)).toEqual(['user']);
    expect(runs).toEqual(['Rome']);
    expect(result.current.messages.flatMap((m) => m.parts.filter(isToolUIPart).map((p) => p.toolCallId))).toEqual(['c2']);
    expect(textOf(result.current.messages.at(-1))).toContain('Sunny in Rome.');
  });
});
