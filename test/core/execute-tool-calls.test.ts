import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  backoffDelay,
  defineTool,
  executeToolCall,
  executeToolCalls,
  serializeToolOutput,
  toJsonValue,
  type ToolSet,
} from 'toolchat/core';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const tools = {
  getWeather: defineTool({
    description: 'Weather',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  }),
  fail: defineTool({
    inputSchema: z.object({}),
    execute: () => {
      throw new Error('boom');
    },
  }),
} satisfies ToolSet;

describe('executeToolCalls', () => {
  it('gives every call one result with its id, in call order', async () => {
    const results = await executeToolCalls(
      [
        { toolCallId: 'a', toolName: 'getWeather', input: { city: 'Paris' } },
        { toolCallId: 'b', toolName: 'fail', input: {} },
      ],
      tools,
    );
    expect(results).toEqual([
      { toolCallId: 'a', toolName: 'getWeather', ok: true, output: { city: 'Paris', tempC: 21 } },
      { toolCallId: 'b', toolName: 'fail', ok: false, error: 'boom' },
    ]);
  });

  it('reports an unknown tool, also for names of Object.prototype', async () => {
    const names = ['getWeathr', 'toString', 'constructor', '__proto__', 'hasOwnProperty'];
    const results = await executeToolCalls(
      names.map((toolName, i) => ({ toolCallId: `c${i}`, toolName, input: {} })),
      tools,
    );
    expect(results.map((r) => (r.ok ? 'ok' : r.error))).toEqual(names.map((n) => `Tool "${n}" is not available`));
  });

  it("names the schema's issues when the input does not fit", async () => {
    const [result] = await executeToolCalls([{ toolCallId: 'x', toolName: 'getWeather', input: { city: 42 } }], tools);
    expect(result).toMatchObject({ ok: false });
    expect(result?.ok === false && result.error).toMatch(/^Invalid input for tool "getWeather": .*city/s);
    expect(result?.ok === false && result.error).toMatch(/expected string/);
  });

  it('turns a thrown non-Error into a readable message without a stack', async () => {
    const set: ToolSet = {
      weird: defineTool({
        inputSchema: z.object({}),
        execute: async () => {
          throw { code: 7 };
        },
      }),
    };
    const [result] = await executeToolCalls([{ toolCallId: 'x', toolName: 'weird', input: {} }], set);
    expect(result).toEqual({ toolCallId: 'x', toolName: 'weird', ok: false, error: '{"code":7}' });
  });

  it('runs the calls of a turn in parallel', async () => {
    const gates = [deferred<string>(), deferred<string>()];
    const started: number[] = [];
    const set: ToolSet = {
      wait: defineTool({
        inputSchema: z.object({ i: z.number() }),
        execute: ({ i }) => {
          started.push(i);
          return gates[i]!.promise;
        },
      }),
    };
    const run = executeToolCalls(
      [
        { toolCallId: '0', toolName: 'wait', input: { i: 0 } },
        { toolCallId: '1', toolName: 'wait', input: { i: 1 } },
      ],
      set,
    );
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    gates[1]!.resolve('second');
    gates[0]!.resolve('first');
    expect((await run).map((r) => r.ok && r.output)).toEqual(['first', 'second']);
  });

  it('respects a concurrency limit', async () => {
    let running = 0;
    let peak = 0;
    const set: ToolSet = {
      work: defineTool({
        inputSchema: z.object({}),
        execute: async () => {
          running++;
          peak = Math.max(peak, running);
          await Promise.resolve();
          await Promise.resolve();
          running--;
          return 'done';
        },
      }),
    };
    const calls = Array.from({ length: 6 }, (_, i) => ({ toolCallId: `${i}`, toolName: 'work', input: {} }));
    const results = await executeToolCalls(calls, set, { concurrency: 2 });
    expect(peak).toBe(2);
    expect(results.map((r) => r.toolCallId)).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('times a hanging tool out, aborting its signal', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const set: ToolSet = {
        hang: defineTool({
          inputSchema: z.object({}),
          timeoutMs: 1000,
          execute: (_input, options) => {
            signal = options.signal;
            return new Promise(() => {});
          },
        }),
      };
      const run = executeToolCalls([{ toolCallId: 'h', toolName: 'hang', input: {} }], set);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await run).toEqual([{ toolCallId: 'h', toolName: 'hang', ok: false, error: 'Tool "hang" timed out after 1000 ms' }]);
      expect(signal?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends running calls as cancelled when the signal aborts', async () => {
    const controller = new AbortController();
    const set: ToolSet = { hang: defineTool({ inputSchema: z.object({}), execute: () => new Promise(() => {}) }) };
    const run = executeToolCalls([{ toolCallId: 'h', toolName: 'hang', input: {} }], set, { signal: controller.signal });
    controller.abort();
    expect(await run).toEqual([
      { toolCallId: 'h', toolName: 'hang', ok: false, error: 'Tool "hang" was cancelled by the user' },
    ]);
  });

  it('cancels every call waiting on one signal, and leaves the finished ones as they were', async () => {
    const controller = new AbortController();
    const set: ToolSet = {
      hang: defineTool({ inputSchema: z.object({}), execute: () => new Promise(() => {}) }),
      quick: defineTool({ inputSchema: z.object({}), execute: async () => 'done' }),
    };
    const calls = Array.from({ length: 50 }, (_, i) => ({ toolCallId: `c${i}`, toolName: i % 2 ? 'hang' : 'quick', input: {} }));
    const run = executeToolCalls(calls, set, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    const results = await run;
    expect(results.map((r) => (r.ok ? r.output : r.error))).toEqual(
      calls.map((c) => (c.toolName === 'quick' ? 'done' : 'Tool "hang" was cancelled by the user')),
    );
  });

  it('ends as cancelled when Stop comes while the tool runs synchronously', async () => {
    const controller = new AbortController();
    const set: ToolSet = {
      stopper: defineTool({
        inputSchema: z.object({}),
        execute: () => {
          controller.abort();
          return 'too late';
        },
      }),
    };
    expect(await executeToolCall({ toolCallId: 's', toolName: 'stopper', input: {} }, set, { signal: controller.signal })).toEqual({
      toolCallId: 's',
      toolName: 'stopper',
      ok: false,
      error: 'Tool "stopper" was cancelled by the user',
    });
  });

  it('gives one error result for a thenable that throws, whichever way it throws', async () => {
    const hostile: Record<string, () => unknown> = {
      getterThrows: () => ({
        get then() {
          throw new Error('no then for you');
        },
      }),
      thenThrows: () => ({
        then() {
          throw new Error('then threw');
        },
      }),
      neverCalls: () => ({ then() {} }),
      rejectsWithNothing: () => Promise.reject(undefined),
    };
    const set: ToolSet = Object.fromEntries(
      Object.entries(hostile).map(([name, execute]) => [name, defineTool({ inputSchema: z.object({}), timeoutMs: 50, execute })]),
    );
    const results = await executeToolCalls(
      Object.keys(hostile).map((toolName) => ({ toolCallId: toolName, toolName, input: {} })),
      set,
    );
    expect(results.map((r) => [r.toolCallId, r.ok])).toEqual(Object.keys(hostile).map((name) => [name, false]));
    expect(results.map((r) => (r.ok ? '' : r.error))).toEqual([
      'no then for you',
      'then threw',
      'Tool "neverCalls" timed out after 50 ms',
      expect.any(String),
    ]);
  });

  it('takes the last yield of an async generator as the result and reports the others', async () => {
    const set: ToolSet = {
      progress: defineTool({
        inputSchema: z.object({}),
        async *execute() {
          yield { percent: 50 };
          yield { percent: 100 };
        },
      }),
    };
    const seen: unknown[] = [];
    const [result] = await executeToolCalls([{ toolCallId: 'p', toolName: 'progress', input: {} }], set, {
      onPreliminaryOutput: (_id, output) => seen.push(output),
    });
    expect(result).toEqual({ toolCallId: 'p', toolName: 'progress', ok: true, output: { percent: 100 } });
    expect(seen).toEqual([{ percent: 50 }, { percent: 100 }]);
  });
});

describe('retries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function flaky(failures: number, attempts: number, backoffMs = 100) {
    let runs = 0;
    const tools = {
      fetchData: defineTool({
        inputSchema: z.object({}),
        retry: { attempts, backoffMs },
        execute: async () => {
          runs++;
          if (runs <= failures) throw new Error(`failure ${runs}`);
          return { runs };
        },
      }),
    };
    return { tools, runs: () => runs };
  }

  it('runs again after a failure, waiting with exponential backoff and jitter, until it succeeds', async () => {
    vi.useFakeTimers();
    const { tools, runs } = flaky(2, 3);
    const waits: number[] = [];
    const promise = executeToolCall({ toolCallId: 'r', toolName: 'fetchData', input: {} }, tools, {
      random: () => 0.5,
      onRetry: (_id, _attempt, delayMs) => waits.push(delayMs),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(74);
    expect(runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs()).toBe(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(await promise).toEqual({ toolCallId: 'r', toolName: 'fetchData', ok: true, output: { runs: 3 } });
    // 100 then 200 ms, each half fixed and half jitter (0.5 here).
    expect(waits).toEqual([75, 150]);
  });

  it('gives up after the attempts with the last error', async () => {
    vi.useFakeTimers();
    const { tools, runs } = flaky(5, 2);
    const promise = executeToolCall({ toolCallId: 'r', toolName: 'fetchData', input: {} }, tools, { random: () => 0 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await promise).toEqual({ toolCallId: 'r', toolName: 'fetchData', ok: false, error: 'failure 2' });
    expect(runs()).toBe(2);
  });

  it('stops waiting and ends as cancelled when the signal aborts during the backoff', async () => {
    vi.useFakeTimers();
    const { tools, runs } = flaky(5, 5, 10_000);
    const controller = new AbortController();
    const promise = executeToolCall({ toolCallId: 'r', toolName: 'fetchData', input: {} }, tools, {
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(await promise).toEqual({
      toolCallId: 'r',
      toolName: 'fetchData',
      ok: false,
      error: 'Tool "fetchData" was cancelled by the user',
    });
    expect(runs()).toBe(1);
  });

  it('does not retry input the schema refuses', async () => {
    const { tools, runs } = flaky(0, 3);
    const [result] = await executeToolCalls([{ toolCallId: 'r', toolName: 'fetchData', input: 'nope' }], tools);
    expect(result?.ok).toBe(false);
    expect(runs()).toBe(0);
  });

  it('backoff doubles per retry and stays within half and all of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 8 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (base, retry, r) => {
        const delay = backoffDelay(base, retry, () => r);
        const full = base * 2 ** (retry - 1);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(full / 2));
        expect(delay).toBeLessThanOrEqual(Math.ceil(full));
      }),
    );
  });
});

describe('serializeToolOutput', () => {
  it('turns what JSON cannot hold into values the model can read', () => {
    const error = new Error('bad');
    const cyclic: unknown[] = [1];
    cyclic.push(cyclic);
    expect(
      toJsonValue({ u: undefined, n: null, big: 10n, nan: Number.NaN, err: error, set: new Set(['a']), list: cyclic, f: () => 1 }),
    ).toEqual({ n: null, big: '10', nan: null, err: { name: 'Error', message: 'bad' }, set: ['a'], list: [1, '[Circular]'] });
    expect(toJsonValue(undefined)).toBeNull();
    expect(JSON.stringify(toJsonValue(error))).not.toContain('at ');
  });

  it('keeps a shared (not circular) object twice', () => {
    const shared = { a: 1 };
    expect(toJsonValue({ x: shared, y: shared })).toEqual({ x: { a: 1 }, y: { a: 1 } });
  });

  it('always gives JSON within the cap, for any value', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true }), fc.integer({ min: 200, max: 2000 }), (value, cap) => {
        const output = serializeToolOutput(value, cap);
        const text = JSON.stringify(output);
        expect(typeof text).toBe('string');
        expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(cap);
      }),
    );
  });
});
