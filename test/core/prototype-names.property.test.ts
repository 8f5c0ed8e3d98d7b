import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, executeToolCalls, toolSchemas, type ToolSet } from 'toolchat/core';
import { definedAndCalledArbitrary, PROTOTYPE_NAMES } from '../support/prototype-names';

/** A tool set built the way apps build one at run time: entries under names chosen elsewhere. */
function toolSetOf(names: readonly string[]): ToolSet {
  return Object.fromEntries(
    names.map((name) => [
      name,
      defineTool({ description: `The ${name} tool`, inputSchema: z.object({ n: z.number() }), execute: ({ n }) => ({ tool: name, n }) }),
    ]),
  );
}

describe('tools named like Object.prototype members', () => {
  it('are ordinary tools when defined and unknown tools when not, in executeToolCalls (property)', async () => {
    await fc.assert(
      fc.asyncProperty(definedAndCalledArbitrary, async ({ defined, called }) => {
        const tools = toolSetOf(defined);
        const results = await executeToolCalls(
          called.map((toolName, i) => ({ toolCallId: `c${i}`, toolName, input: { n: i } })),
          tools,
        );
        expect(results).toHaveLength(called.length);
        results.forEach((result, i) => {
          const name = called[i]!;
          expect(result.toolCallId).toBe(`c${i}`);
          expect(result.toolName).toBe(name);
          if (defined.includes(name)) expect(result).toMatchObject({ ok: true, output: { tool: name, n: i } });
          else expect(result).toEqual({ toolCallId: `c${i}`, toolName: name, ok: false, error: `Tool "${name}" is not available` });
        });
      }),
      { numRuns: 150 },
    );
  });

  it('keep their JSON Schemas as own entries in the request body, none added or lost (property)', () => {
    fc.assert(
      fc.property(definedAndCalledArbitrary, ({ defined }) => {
        const schemas = toolSchemas(toolSetOf(defined));
        expect(Object.keys(schemas).sort()).toEqual([...defined].sort());
        for (const name of defined) {
          expect(Object.hasOwn(schemas, name)).toBe(true);
          expect(schemas[name]?.description).toBe(`The ${name} tool`);
        }
        // What goes on the wire: JSON text that parses back to the same names.
        expect(Object.keys(JSON.parse(JSON.stringify({ tools: schemas })).tools).sort()).toEqual([...defined].sort());
      }),
      { numRuns: 150 },
    );
  });

  it('has every such name in the list the property tests draw from', () => {
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', '__defineGetter__']) {
      expect(PROTOTYPE_NAMES).toContain(name);
    }
  });
});
