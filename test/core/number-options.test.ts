import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool, executeToolCall, executeToolCalls, type ToolSet } from 'toolchat/core';

const echo = { echo: defineTool({ inputSchema: z.object({ n: z.number() }), execute: async ({ n }) => n }) };
const callsOf = (count: number) => Array.from({ length: count }, (_, n) => ({ toolCallId: `c${n}`, toolName: 'echo', input: { n } }));

describe('executeToolCalls options', () => {
  it.each([
    ['concurrency', { concurrency: Number.NaN }],
    ['concurrency', { concurrency: 0 }],
    ['concurrency', { concurrency: 1.5 }],
    ['timeoutMs', { timeoutMs: Number.NaN }],
    ['timeoutMs', { timeoutMs: 0 }],
    ['timeoutMs', { timeoutMs: -5 }],
  ])('refuses %s %o with a TypeError naming it', async (name, options) => {
    await expect(executeToolCalls(callsOf(2), echo, options)).rejects.toThrow(new RegExp(`\`${name}\``));
    await expect(executeToolCalls(callsOf(2), echo, options)).rejects.toBeInstanceOf(TypeError);
    await expect(executeToolCall(callsOf(1)[0]!, echo, options)).rejects.toBeInstanceOf(TypeError);
  });

  it('for any concurrency: a TypeError naming it, or one result per call in order, never a hole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.double(), fc.integer({ min: -3, max: 10 })), fc.integer({ min: 0, max: 6 }), async (concurrency, count) => {
        let results;
        try {
          results = await executeToolCalls(callsOf(count), echo, { concurrency });
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect(String(error)).toContain('`concurrency`');
          return;
        }
        expect(results).toHaveLength(count);
        results.forEach((result, index) => expect(result).toEqual({ toolCallId: `c${index}`, toolName: 'echo', ok: true, output: index }));
      }),
      { numRuns: 60 },
    );
  });

  it('treats a timeout longer than a timer can wait as no timeout, instead of firing at once', async () => {
    vi.useFakeTimers();
    try {
      const slow = { slow: defineTool({ inputSchema: z.object({}), timeoutMs: 3_000_000_000, execute: () => new Promise((resolve) => setTimeout(() => resolve('ok'), 50)) }) };
      const pending = executeToolCall({ toolCallId: 'c1', toolName: 'slow', input: {} }, slow);
      await vi.advanceTimersByTimeAsync(50);
      expect(await pending).toEqual({ toolCallId: 'c1', toolName: 'slow', ok: true, output: 'ok' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a tool set built at run time with bad settings', () => {
  it.each([
    ['retry.attempts', { retry: { attempts: Number.NaN } }],
    ['retry.attempts', { retry: { attempts: 0 } }],
    ['retry.backoffMs', { retry: { attempts: 2, backoffMs: -1 } }],
    ['timeoutMs', { timeoutMs: Number.NaN }],
  ])('fails that call, naming %s, and never rejects', async (name, settings) => {
    const tools: ToolSet = { bad: { inputSchema: z.object({}), execute: () => 'ran', ...settings } };
    const [result] = await executeToolCalls([{ toolCallId: 'c1', toolName: 'bad', input: {} }], tools);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining(`\`${name}\``) });
    expect(result!.ok || result!.error).toMatch(/^Tool "bad" is misconfigured/);
  });
});
