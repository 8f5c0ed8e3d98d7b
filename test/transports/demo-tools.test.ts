import fc from 'fast-check';
import { z } from 'zod';
import type { ToolDefinition } from '../../src/core/tools/define-tool';
import { demoTools } from '../../src/transports/demo/tools';

const options = (signal = new AbortController().signal) => ({ signal, toolCallId: 'call_1' });

/** Runs a tool as the executor would: `execute` may return a value, a promise or an async iterable. */
async function run<INPUT, OUTPUT>(tool: ToolDefinition<INPUT, OUTPUT>, input: INPUT, signal?: AbortSignal): Promise<OUTPUT> {
  if (!tool.execute) throw new Error('the tool has no execute');
  const output = await tool.execute(input, options(signal));
  if (typeof output !== 'object' || output === null || !(Symbol.asyncIterator in output)) return output;
  let last: OUTPUT | undefined;
  for await (const value of output as AsyncIterable<OUTPUT>) last = value;
  return last as OUTPUT;
}

const calculate = (expression: string) => run(demoTools.calculate, { expression });
const weather = (city: string, unit?: 'celsius' | 'fahrenheit') =>
  run(demoTools.getWeather, unit === undefined ? { city } : { city, unit });
const time = (city: string) => run(demoTools.getTime, { city });

describe('demoTools', () => {
  it('gives every tool a description and an input schema that converts to JSON Schema', () => {
    expect(Object.keys(demoTools).sort()).toEqual(
      ['calculate', 'convertTemperature', 'deleteFile', 'getTime', 'getWeather', 'slowSearch'].sort(),
    );
    for (const [name, definition] of Object.entries(demoTools)) {
      expect(definition.description, name).toMatch(/\w{3,}/);
      expect(z.toJSONSchema(definition.inputSchema), name).toMatchObject({ type: 'object' });
    }
  });

  it('validates inputs with their schemas', () => {
    expect(demoTools.getWeather.inputSchema.safeParse({}).success).toBe(false);
    expect(demoTools.getWeather.inputSchema.safeParse({ city: 'Paris', unit: 'kelvin' }).success).toBe(false);
    expect(demoTools.convertTemperature.inputSchema.safeParse({ celsius: '21', to: 'fahrenheit' }).success).toBe(false);
    expect(demoTools.calculate.inputSchema.safeParse({ expression: '2+2' }).success).toBe(true);
  });
});

describe('getWeather', () => {
  it('reports the table for a known city, whatever its case and spacing', async () => {
    expect(await weather('Paris')).toEqual({ city: 'Paris', tempC: 21, conditions: 'sunny' });
    expect(await weather('  new   YORK ')).toEqual({ city: 'New York', tempC: 24, conditions: 'clear' });
    expect(await weather('London')).toEqual({ city: 'London', tempC: 14, conditions: 'rain' });
    expect(await weather('Tokyo')).toEqual({ city: 'Tokyo', tempC: 18, conditions: 'cloudy' });
  });

  it('adds °F when asked for fahrenheit', async () => {
    expect(await weather('Paris', 'fahrenheit')).toEqual({ city: 'Paris', tempC: 21, conditions: 'sunny', tempF: 69.8 });
  });

  it('throws "Unknown city: X" for a city it does not know', async () => {
    await expect(weather('Atlantis')).rejects.toThrow('Unknown city: Atlantis');
  });
});

describe('getTime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the city's local time and its time zone", async () => {
    vi.useFakeTimers({ now: new Date('2025-01-15T12:00:00Z') });
    expect(await time('Tokyo')).toEqual({ city: 'Tokyo', time: '21:00', date: '2025-01-15', timeZone: 'Asia/Tokyo' });
    expect(await time('new york')).toEqual({ city: 'New York', time: '07:00', date: '2025-01-15', timeZone: 'America/New_York' });
    expect(await time('Sydney')).toMatchObject({ time: '23:00', date: '2025-01-15' });
  });

  it('accepts an IANA time zone and throws for an unknown city', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T23:30:00Z') });
    expect(await time('UTC')).toEqual({ city: 'UTC', time: '23:30', date: '2025-06-01', timeZone: 'UTC' });
    await expect(time('Atlantis')).rejects.toThrow('Unknown city: Atlantis');
  });
});

describe('calculate', () => {
  it.each([
    ['2+2', 4],
    ['2+3*4', 14],
    ['(2+3)*4', 20],
    ['2*(3+(4-1))', 12],
    ['10-4-3', 3],
    ['100/10/2', 5],
    ['-3--2', -1],
    ['+5', 5],
    ['-(2+3)', -5],
    ['1/4', 0.25],
    ['.5+1.', 1.5],
    ['0.1+0.2', 0.3],
    ['  7 ÷ 2 ', 3.5],
    ['3 × 3', 9],
    ['0*-1', 0],
  ])('%s = %s', async (expression, result) => {
    expect(await calculate(expression)).toEqual({ expression, result });
  });

  it.each([
    ['', /Empty expression/],
    ['   ', /Empty expression/],
    ['2+', /Unexpected end/],
    ['2 2', /Unexpected character "2"/],
    ['(1+2', /Missing "\)"/],
    ['1+2)', /Unexpected character "\)"/],
    ['2**3', /Unexpected character "\*"/],
    ['1/0', /Division by zero/],
    ['1/(2-2)', /Division by zero/],
    ['alert(1)', /Unexpected character "a"/],
    ['constructor', /Unexpected character "c"/],
    ['2^3', /Unexpected character "\^"/],
    ['1e3', /Unexpected character "e"/],
    ['9'.repeat(400) + '*' + '9'.repeat(400), /not a finite number/],
    ['('.repeat(200) + '1' + ')'.repeat(200), /nested too deeply/],
    ['1+'.repeat(600) + '1', /too long/],
  ])('throws a readable error for %j', async (expression, message) => {
    await expect(calculate(expression)).rejects.toThrow(message);
  });

  it('agrees with the arithmetic it was written from, for any expression of small integers', async () => {
    type Node = { value: number; text: string };
    const leaf = fc.integer({ min: 0, max: 99 }).map((n): Node => ({ value: n, text: String(n) }));
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(tie('node'), fc.constantFrom('+', '-', '*'), tie('node')).map(([a, op, b]): Node => ({
          value: op === '+' ? a.value + b.value : op === '-' ? a.value - b.value : a.value * b.value,
          text: `(${a.text})${op}(${b.text})`,
        })),
        tie('node').map((a): Node => ({ value: -a.value, text: `-(${a.text})` })),
      ),
    }));
    await fc.assert(
      fc.asyncProperty(node, async ({ value, text }) => {
        fc.pre(Math.abs(value) < 1e11);
        const { result } = await calculate(text);
        expect(result).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('calculate precedence', () => {
  it('applies * and / before + and -, left to right, like JavaScript does', async () => {
    // JavaScript's own arithmetic is the oracle here; the tool itself never evaluates code.
    const oracle = (text: string) => new Function(`return (${text});`)() as number;
    const term = fc.tuple(fc.constantFrom('+', '-', '*', '/'), fc.integer({ min: 1, max: 50 }));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 50 }), fc.array(term, { maxLength: 8 }), async (first, rest) => {
        const text = `${first}${rest.map(([op, n]) => `${op}${n}`).join('')}`;
        const expected = Number(oracle(text).toPrecision(12));
        expect((await calculate(text)).result).toBe(expected === 0 ? 0 : expected);
      }),
    );
  });
});

describe('convertTemperature', () => {
  it.each([
    [21, 'fahrenheit', 69.8, '°F'],
    [-40, 'fahrenheit', -40, '°F'],
    [100, 'fahrenheit', 212, '°F'],
    [0, 'kelvin', 273.15, 'K'],
    [21, 'celsius', 21, '°C'],
  ] as const)('%s °C to %s is %s %s', async (celsius, to, value, unit) => {
    expect(await run(demoTools.convertTemperature, { celsius, to })).toEqual({ celsius, to, value, unit });
  });
});

describe('deleteFile', () => {
  it('needs approval, then pretends to delete the file', async () => {
    expect(demoTools.deleteFile.needsApproval).toBe(true);
    expect(await run(demoTools.deleteFile, { path: 'report.pdf' })).toEqual({ deleted: 'report.pdf' });
  });
});

describe('slowSearch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers with fake results after 3 seconds', async () => {
    vi.useFakeTimers();
    let done = false;
    const search = run(demoTools.slowSearch, { query: 'red pandas' }).then((result) => {
      done = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await search;
    expect(result.query).toBe('red pandas');
    expect(result.results).toHaveLength(3);
    expect(result.results[0]).toEqual({ title: 'red pandas: an overview', url: 'https://example.com/red-pandas' });
  });

  it('rejects with the reason as soon as its signal aborts, leaving no timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const search = run(demoTools.slowSearch, { query: 'cats' }, controller.signal);
    await vi.advanceTimersByTimeAsync(1000);
    const reason = new Error('stopped by the user');
    controller.abort(reason);
    await expect(search).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const reason = new Error('too late');
    const search = run(demoTools.slowSearch, { query: 'cats' }, AbortSignal.abort(reason));
    await expect(search).rejects.toBe(reason);
  });
});
