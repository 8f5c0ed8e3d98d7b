import { act, renderHook, waitFor } from '@testing-library/react';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool, useToolChat } from 'toolchat';
import { calls, endpoint, text, textOf, toolResultsSent } from './harness';

function deeplyNested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { next: value };
  return value;
}

const hostile: Record<string, () => unknown> = {
  'a getter that throws': () => ({
    ok: 1,
    get secret() {
      throw new Error('no access');
    },
  }),
  'a toJSON that throws': () => ({ toJSON: () => { throw new Error('cannot serialise'); } }),
  'a proxy whose traps throw': () =>
    new Proxy({}, {
      ownKeys: () => {
        throw new Error('trap');
      },
      getPrototypeOf: () => {
        throw new Error('trap');
      },
    }),
  'a revoked proxy': () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  },
  'nesting 10,000 levels deep': () => deeplyNested(10_000),
  'functions, symbols and a BigInt': () => ({ run: () => 1, tag: Symbol('x'), big: 2n ** 70n, list: [() => 1, Symbol('y')] }),
  'a toJSON that returns itself': () => {
    const self: { toJSON?: () => unknown } = {};
    self.toJSON = () => self;
    return self;
  },
};

describe('given a tool whose output cannot be serialised as it is', () => {
  for (const [name, make] of Object.entries(hostile)) {
    it(`answers the call once with what could be kept (${name}), and the loop goes on to the answer`, async () => {
      const unhandled = vi.fn();
      process.on('unhandledRejection', unhandled);
      const tools = { probe: defineTool({ inputSchema: z.object({}), execute: () => make() }) };
      const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'probe', input: {} }), text('Done.')] });
      const results: string[] = [];
      const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools, onToolResult: (toolName) => results.push(toolName) }));
      await act(() => result.current.sendMessage('Probe'));
      await waitFor(() => expect(result.current.activity.state).toBe('idle'));
      process.off('unhandledRejection', unhandled);

      expect(results).toEqual(['probe']);
      // A revoked proxy cannot even be awaited: the tool fails, readably. Everything else is kept.
      expect(result.current.getToolCall('c1')?.phase).toBe(name === 'a revoked proxy' ? 'error' : 'done');
      const sent = toolResultsSent(model, 1).c1 as { type: string; value: unknown };
      expect(['json', 'text', 'error-text']).toContain(sent.type);
      // Plain JSON: it survives a round trip unchanged.
      expect(JSON.parse(JSON.stringify(sent.value))).toEqual(sent.value);
      expect(textOf(result.current.messages.at(-1))).toBe('Done.');
      expect(unhandled).not.toHaveBeenCalled();
    });
  }

  it('says what it replaced', async () => {
    const tools = { probe: defineTool({ inputSchema: z.object({}), execute: () => hostile['a getter that throws']!() }) };
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'probe', input: {} }), text('Done.')] });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Probe'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'json', value: { ok: 1, secret: '[Unserializable: Error: no access]' } });
  });
});
