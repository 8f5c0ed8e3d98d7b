import type { UIMessage } from 'ai';
import { toolCallViewFromPart, isToolPart, type ToolPart } from 'toolchat';

const base = { type: 'tool-getWeather', toolCallId: 'c1' } as const;

describe('toolCallViewFromPart', () => {
  describe('given a tool part alone, as plain useChat messages have', () => {
    it.each<[ToolPart, string]>([
      [{ ...base, state: 'input-streaming', input: { ci: 1 } } as ToolPart, 'streaming-input'],
      [{ ...base, state: 'input-available', input: { city: 'Paris' } }, 'running'],
      [{ ...base, state: 'approval-requested', input: {}, approval: { id: 'a' } }, 'awaiting-approval'],
      [{ ...base, state: 'approval-responded', input: {}, approval: { id: 'a', approved: true } }, 'running'],
      [{ ...base, state: 'approval-responded', input: {}, approval: { id: 'a', approved: false } }, 'denied'],
      [{ ...base, state: 'output-available', input: {}, output: 1 }, 'done'],
      [{ ...base, state: 'output-error', input: {}, errorText: 'boom' }, 'error'],
      [{ ...base, state: 'output-denied', input: {}, approval: { id: 'a', approved: false } }, 'denied'],
    ])('maps %o to the phase %s', (part, phase) => {
      expect(toolCallViewFromPart(part).phase).toBe(phase);
    });

    it('takes the name of a static tool from its part type', () => {
      const view = toolCallViewFromPart({ ...base, state: 'output-available', input: { city: 'Paris' }, output: { tempC: 21 } });
      expect(view).toEqual({ toolCallId: 'c1', toolName: 'getWeather', phase: 'done', input: { city: 'Paris' }, output: { tempC: 21 } });
    });

    it('takes the name of a dynamic tool from toolName', () => {
      const view = toolCallViewFromPart({ type: 'dynamic-tool', toolName: 'search', toolCallId: 'd1', state: 'input-available', input: { q: 'x' } });
      expect(view.toolName).toBe('search');
    });

    it('carries the error text of a failed call and the reason of a denied one', () => {
      expect(toolCallViewFromPart({ ...base, state: 'output-error', input: {}, errorText: 'timeout' }).error).toBe('timeout');
      expect(
        toolCallViewFromPart({ ...base, state: 'output-denied', input: {}, approval: { id: 'a', approved: false, reason: 'no' } }).error,
      ).toBe('no');
    });
  });

  describe('given the hook’s view of the run', () => {
    it('tells waiting from running, and keeps the duration', () => {
      const part: ToolPart = { ...base, state: 'input-available', input: { city: 'Paris' } };
      expect(toolCallViewFromPart(part, { toolCallId: 'c1', toolName: 'getWeather', phase: 'pending', input: {} }).phase).toBe('pending');
      const done: ToolPart = { ...base, state: 'output-available', input: {}, output: 1 };
      expect(toolCallViewFromPart(done, { toolCallId: 'c1', toolName: 'getWeather', phase: 'done', input: {}, durationMs: 42 }).durationMs).toBe(42);
    });

    it('shows a stopped call as the loop recorded it: cancelled, with the error the model reads', () => {
      const part: ToolPart = { ...base, state: 'output-error', input: {}, errorText: 'Tool "getWeather" was cancelled by the user' };
      const known = { toolCallId: 'c1', toolName: 'getWeather', phase: 'cancelled' as const, input: {}, error: 'Tool "getWeather" was cancelled by the user' };
      const view = toolCallViewFromPart(part, known);
      expect(view.phase).toBe('cancelled');
      expect(view.error).toBe('Tool "getWeather" was cancelled by the user');
    });

    it('shows a denied call that ended with an error result as denied', () => {
      const part: ToolPart = { ...base, state: 'output-error', input: {}, errorText: 'The user denied this call' };
      expect(toolCallViewFromPart(part, { toolCallId: 'c1', toolName: 'getWeather', phase: 'denied', input: {} }).phase).toBe('denied');
    });

    // The loop settles its record before the result reaches the part, so its record is never
    // behind the part: one record or the other, never a mix of the two.
    it('takes the whole view from the loop’s record when there is one', () => {
      const part: ToolPart = { ...base, state: 'input-available', input: { city: 'Paris' } };
      const known = { toolCallId: 'c1', toolName: 'getWeather', phase: 'done' as const, input: { city: 'Paris' }, output: { tempC: 21 }, durationMs: 5 };
      expect(toolCallViewFromPart(part, known)).toBe(known);
    });
  });

  it('recognises tool parts, static and dynamic, and nothing else', () => {
    const parts: UIMessage['parts'] = [
      { type: 'text', text: 'hi' },
      { type: 'step-start' },
      { type: 'reasoning', text: 'hm' },
      { ...base, state: 'input-available', input: {} },
      { type: 'dynamic-tool', toolName: 'x', toolCallId: 'd', state: 'input-available', input: {} },
    ];
    expect(parts.map(isToolPart)).toEqual([false, false, false, true, true]);
  });
});
