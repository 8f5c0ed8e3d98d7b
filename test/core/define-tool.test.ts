import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineTool, toolSchemas, type ToolExecuteOptions, type ToolSet } from 'toolchat/core';
import { expect } from 'vitest';

describe('defineTool', () => {
  it("types execute's input from the schema", () => {
    defineTool({
      inputSchema: z.object({ city: z.string(), days: z.number().int().default(1) }),
      execute: (input, options) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>();
        expectTypeOf(options).toEqualTypeOf<ToolExecuteOptions>();
        return { ok: true };
      },
      needsApproval: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>();
        return input.days > 3;
      },
    });
  });

  it('rejects an execute that reads a field the schema lacks', () => {
    defineTool({
      inputSchema: z.object({ city: z.string() }),
      // @ts-expect-error: `country` is not in the schema
      execute: ({ country }: { country: string }) => country,
    });
  });

  it('makes tools of any input assignable to a ToolSet', () => {
    const tools = {
      a: defineTool({ inputSchema: z.object({ n: z.number() }), execute: ({ n }) => n * 2 }),
      b: defineTool({ inputSchema: z.object({ s: z.string() }), execute: async ({ s }) => s }),
    };
    expectTypeOf(tools).toExtend<ToolSet>();
  });
});

describe('toolSchemas', () => {
  it("gives each tool's description and the JSON Schema of its input, without $schema", () => {
    const tools = {
      getWeather: defineTool({
        description: 'Current weather',
        inputSchema: z.object({ city: z.string().describe('City name'), unit: z.enum(['c', 'f']).optional() }),
        execute: () => null,
      }),
    };
    expect(toolSchemas(tools)).toEqual({
      getWeather: {
        description: 'Current weather',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['c', 'f'] } },
          required: ['city'],
        },
      },
    });
    expect(toolSchemas(tools)).toBe(toolSchemas(tools));
  });
});
