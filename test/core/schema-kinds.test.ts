import type { StandardSchemaV1 } from '@standard-schema/spec';
import { jsonSchema } from 'ai';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineTool, executeToolCalls, toolSchemas, validateToolInput, type ToolSet } from 'toolchat/core';

/** A Standard Schema written by hand, as a library other than zod would make it. */
function standardCity(withJsonSchema: boolean): StandardSchemaV1<unknown, { city: string }> {
  const props: StandardSchemaV1.Props<unknown, { city: string }> & { jsonSchema?: unknown } = {
    version: 1,
    vendor: 'handmade',
    validate: (value) =>
      typeof value === 'object' && value !== null && typeof (value as { city?: unknown }).city === 'string'
        ? { value: { city: (value as { city: string }).city.trim() } }
        : { issues: [{ message: 'Expected a city name', path: [{ key: 'city' }] }] },
  };
  if (withJsonSchema) {
    props.jsonSchema = {
      input: () => ({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      output: () => ({}),
    };
  }
  return { '~standard': props };
}

const citySchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const;

describe('tools whose schema is not zod', () => {
  describe('given a tool made with jsonSchema() and a validate function', () => {
    const tools = {
      getWeather: defineTool({
        description: 'Weather',
        inputSchema: jsonSchema<{ city: string }>(citySchema, {
          validate: (value) =>
            typeof (value as { city?: unknown })?.city === 'string'
              ? { success: true, value: value as { city: string } }
              : { success: false, error: new Error('city must be a string') },
        }),
        execute: ({ city }) => ({ city, tempC: 21 }),
      }),
    };

    it('sends its JSON Schema to the model', () => {
      expect(toolSchemas(tools)).toEqual({ getWeather: { description: 'Weather', inputSchema: citySchema } });
    });

    it('runs it with valid input and returns an error result for invalid input, never a rejection', async () => {
      const results = await executeToolCalls(
        [
          { toolCallId: 'a', toolName: 'getWeather', input: { city: 'Paris' } },
          { toolCallId: 'b', toolName: 'getWeather', input: { city: 3 } },
        ],
        tools,
      );
      expect(results).toEqual([
        { toolCallId: 'a', toolName: 'getWeather', ok: true, output: { city: 'Paris', tempC: 21 } },
        { toolCallId: 'b', toolName: 'getWeather', ok: false, error: 'Invalid input for tool "getWeather": city must be a string' },
      ]);
    });
  });

  it('passes any input to a jsonSchema() tool without validate, as the AI SDK does', async () => {
    const tools = { echo: defineTool({ inputSchema: jsonSchema({ type: 'object' }), execute: (input) => input }) };
    const [result] = await executeToolCalls([{ toolCallId: 'a', toolName: 'echo', input: { anything: 1 } }], tools);
    expect(result).toEqual({ toolCallId: 'a', toolName: 'echo', ok: true, output: { anything: 1 } });
  });

  it('validates with any Standard Schema, and reports its issues the way zod does', async () => {
    const tools = { getWeather: defineTool({ inputSchema: standardCity(true), execute: ({ city }) => city }) };
    expect(await validateToolInput(tools.getWeather, { city: ' Paris ' })).toEqual({ success: true, value: { city: 'Paris' } });
    const results = await executeToolCalls([{ toolCallId: 'a', toolName: 'getWeather', input: {} }], tools);
    expect(results[0]).toEqual({
      toolCallId: 'a',
      toolName: 'getWeather',
      ok: false,
      error: 'Invalid input for tool "getWeather": ✖ Expected a city name\n  → at city',
    });
    expect(toolSchemas(tools).getWeather?.inputSchema).toEqual({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
  });

  it('describes a Standard Schema without a JSON Schema converter as any object, and still validates it', async () => {
    const tools = { getWeather: defineTool({ inputSchema: standardCity(false), execute: ({ city }) => city }) };
    expect(toolSchemas(tools).getWeather?.inputSchema).toEqual({ type: 'object', additionalProperties: true });
    const results = await executeToolCalls([{ toolCallId: 'a', toolName: 'getWeather', input: { city: 1 } }], tools);
    expect(results[0]?.ok).toBe(false);
  });

  it('sends a promised JSON Schema once it has settled', async () => {
    let resolve: (schema: typeof citySchema) => void = () => {};
    const promised = new Promise<typeof citySchema>((done) => (resolve = done));
    const tools = { getWeather: defineTool({ inputSchema: jsonSchema<{ city: string }>(promised), execute: ({ city }) => city }) };
    expect(toolSchemas(tools).getWeather?.inputSchema).toEqual({ type: 'object', additionalProperties: true });
    resolve(citySchema);
    await promised;
    await Promise.resolve();
    expect(toolSchemas(tools).getWeather?.inputSchema).toEqual(citySchema);
  });

  it('keeps the zod path as it was: issues from z.prettifyError', async () => {
    const tools = { getWeather: defineTool({ inputSchema: z.object({ city: z.string() }), execute: ({ city }) => city }) };
    const [result] = await executeToolCalls([{ toolCallId: 'a', toolName: 'getWeather', input: { city: 1 } }], tools);
    expect(result).toMatchObject({ ok: false, error: 'Invalid input for tool "getWeather": ✖ Invalid input: expected string, received number\n  → at city' });
  });

  it("types execute's input from jsonSchema<T>() and from a Standard Schema", () => {
    defineTool({
      inputSchema: jsonSchema<{ city: string; days?: number }>({ type: 'object' }),
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days?: number }>();
      },
    });
    defineTool({
      inputSchema: standardCity(true),
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string }>();
      },
    });
    defineTool({
      inputSchema: jsonSchema<{ city: string }>({ type: 'object' }),
      // @ts-expect-error: `country` is not in the schema's type
      execute: ({ country }: { country: string }) => country,
    });
  });
});

describe('executeToolCalls, whatever the tool set holds', () => {
  const throwingSchema = {
    get '~standard'(): never {
      throw new Error('schema exploded');
    },
  };
  const oddTools: ToolSet = {
    notAFunction: { inputSchema: z.object({}), execute: 'run' as never },
    throwingSchema: { inputSchema: throwingSchema as never, execute: () => 1 },
    validateThrows: { inputSchema: jsonSchema({}, { validate: () => { throw new Error('validator broke'); } }), execute: () => 1 },
    noSchema: { inputSchema: undefined as never, execute: () => 1 },
    nullTool: null as never,
    nanRetry: { inputSchema: z.object({}), retry: { attempts: Number.NaN }, execute: () => { throw new Error('boom'); } },
    nanTimeout: { inputSchema: z.object({}), timeoutMs: Number.NaN, execute: () => 'fine' },
    throwingGetter: Object.defineProperty({ inputSchema: z.object({}) }, 'execute', {
      get() {
        throw new Error('getter exploded');
      },
    }) as never,
  };

  it('gives each odd tool a readable error result, in order, with its id', async () => {
    const names = Object.keys(oddTools);
    const results = await executeToolCalls(names.map((toolName, i) => ({ toolCallId: `c${i}`, toolName, input: {} })), oddTools);
    expect(results.map((result) => [result.toolCallId, result.ok, result.ok ? result.output : result.error])).toEqual([
      ['c0', false, 'Tool "notAFunction" has no execute function'],
      ['c1', false, 'Invalid input for tool "throwingSchema": its input schema failed: schema exploded'],
      ['c2', false, 'Invalid input for tool "validateThrows": its input schema failed: validator broke'],
      ['c3', false, expect.stringContaining('is not a zod schema')],
      ['c4', false, 'Tool "nullTool" is not available'],
      ['c5', false, expect.stringMatching(/^Tool "nanRetry" is misconfigured: `retry.attempts` must be an integer/)],
      ['c6', false, expect.stringMatching(/^Tool "nanTimeout" is misconfigured: `timeoutMs` must be a number/)],
      ['c7', false, 'getter exploded'],
    ]);
  });

  it('resolves with one result per call for any tool set and any calls (property)', async () => {
    const execute = fc.constantFrom<unknown>(
      () => 'ok',
      () => {
        throw new Error('thrown');
      },
      async () => ({ nested: [1, 2] }),
      async () => {
        throw 'a string';
      },
      'not a function',
      undefined,
    );
    const schema = fc.constantFrom<unknown>(z.object({}).passthrough(), jsonSchema({}), standardCity(true), throwingSchema, undefined, 42, null);
    const tool = fc.oneof(
      fc.record({ inputSchema: schema, execute, timeoutMs: fc.option(fc.oneof(fc.double(), fc.constant(5)), { nil: undefined }) }, { requiredKeys: ['inputSchema', 'execute'] }),
      fc.anything(),
    );
    const names = fc.constantFrom('a', 'b', 'toString', '__proto__', 'constructor');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(names, tool), fc.array(fc.record({ toolName: names, input: fc.anything() }), { maxLength: 6 }), async (tools, calls) => {
        const withIds = calls.map((call, i) => ({ ...call, toolCallId: `id${i}` }));
        const results = await executeToolCalls(withIds, tools as ToolSet, { timeoutMs: 50 });
        expect(results.map((result) => result.toolCallId)).toEqual(withIds.map((call) => call.toolCallId));
        for (const result of results) expect(result.ok || typeof result.error === 'string').toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
