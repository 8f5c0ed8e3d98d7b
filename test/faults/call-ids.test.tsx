import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { isToolUIPart } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat } from 'toolchat';
import { calls, endpoint, text, textOf, toolParts, toolResultsSent } from './harness';

function weather() {
  const runs: string[] = [];
  const tools = {
    getWeather: defineTool({
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        runs.push(city);
        return { city, tempC: 20 };
      },
    }),
  };
  return { runs, tools };
}

afterEach(cleanup);

describe('given a provider that numbers its calls call_0 in every response', () => {
  it('runs the call of each round and answers it, in the same assistant message', async () => {
    const { runs, tools } = weather();
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'call_0', toolName: 'getWeather', input: { city: 'Paris' } }),
        calls({ toolCallId: 'call_0', toolName: 'getWeather', input: { city: 'London' } }),
        text('Both are mild.'),
      ],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Paris, then London?'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Both are mild.'));

    expect(runs).toEqual(['Paris', 'London']);
    const parts = toolParts(result.current.messages);
    expect(parts.map((part) => part.state)).toEqual(['output-available', 'output-available']);
    expect(new Set(parts.map((part) => part.toolCallId)).size).toBe(2);
    // The model reads each round's own result under its own id.
    expect(Object.values(toolResultsSent(model, 2))).toEqual([
      { type: 'json', value: { city: 'Paris', tempC: 20 } },
      { type: 'json', value: { city: 'London', tempC: 20 } },
    ]);
  });

  it('runs the call of a later turn too, and answers it in that turn', async () => {
    const { runs, tools } = weather();
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'call_0', toolName: 'getWeather', input: { city: 'Paris' } }),
        text('Paris is mild.'),
        calls({ toolCallId: 'call_0', toolName: 'getWeather', input: { city: 'Rome' } }),
        text('Rome is warm.'),
      ],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Paris?'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Paris is mild.'));
    await act(() => result.current.sendMessage('And Rome?'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Rome is warm.'));

    expect(runs).toEqual(['Paris', 'Rome']);
    expect(toolParts(result.current.messages)).toMatchObject([{ state: 'output-available', output: { city: 'Rome' } }]);
    // The first turn keeps its own result.
    const first = result.current.messages[1]!.parts.filter(isToolUIPart);
    expect(first).toMatchObject([{ toolCallId: 'call_0', state: 'output-available', output: { city: 'Paris' } }]);
  });
});

describe('given a provider that sends empty call ids', () => {
  it('runs every call of the turn once and answers each', async () => {
    const { runs, tools } = weather();
    const model = new MockLanguageModelV4({
      doStream: [
        calls(
          { toolCallId: '', toolName: 'getWeather', input: { city: 'Oslo' } },
          { toolCallId: '', toolName: 'getWeather', input: { city: 'Bergen' } },
        ),
        text('Cold in both.'),
      ],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Norway?'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Cold in both.'));

    expect(runs.sort()).toEqual(['Bergen', 'Oslo']);
    const parts = toolParts(result.current.messages);
    expect(parts.every((part) => part.state === 'output-available' && part.toolCallId !== '')).toBe(true);
    expect(new Set(parts.map((part) => part.toolCallId)).size).toBe(2);
  });
});

describe('whatever ids a provider gives its calls, round after round', () => {
  it('runs each call exactly once, answers each, and reaches the answer', async () => {
    const id = fc.constantFrom('', '0', 'call_0', 'call_1', 'x');
    // Each round: one or two calls with any ids; inputs differ, so no call repeats another.
    const rounds = fc.array(fc.array(id, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(rounds, async (plan) => {
        const { runs, tools } = weather();
        let n = 0;
        const model = new MockLanguageModelV4({
          doStream: [
            ...plan.map((ids) => calls(...ids.map((toolCallId) => ({ toolCallId, toolName: 'getWeather', input: { city: `city${n++}` } })))),
            text('Done.'),
          ],
        });
        const { result, unmount } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
        await act(() => result.current.sendMessage('Go'));
        await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('Done.'));
        expect(runs.sort()).toEqual(Array.from({ length: n }, (_, i) => `city${i}`).sort());
        const parts = toolParts(result.current.messages);
        expect(parts).toHaveLength(n);
        expect(parts.every((part) => part.state === 'output-available')).toBe(true);
        unmount();
      }),
      { numRuns: 15 },
    );
  });
});
