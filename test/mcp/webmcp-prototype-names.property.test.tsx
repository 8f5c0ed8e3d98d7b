import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, executeToolCalls, toolSchemas, type ToolSet } from 'toolchat';
import { exposeToolsToWebMCP, webMCPTools } from 'toolchat/mcp';
import { definedAndCalledArbitrary } from '../support/prototype-names';

describe('given a page with WebMCP (@mcp-b/webmcp-polyfill) and tools named like Object.prototype members', () => {
  beforeAll(() => {
    initializeWebMCPPolyfill();
  });
  afterAll(() => {
    cleanupWebMCPPolyfill();
  });

  it('exposes each of the chat’s tools, reads each back, and runs it by name (property)', async () => {
    await fc.assert(
      fc.asyncProperty(definedAndCalledArbitrary, async ({ defined, called }) => {
        const tools: ToolSet = Object.fromEntries(
          defined.map((name) => [name, defineTool({ description: `The ${name} tool`, inputSchema: z.object({ n: z.number() }), execute: ({ n }) => `${name} ${n}` })]),
        );
        const controller = new AbortController();
        const page = { close: () => {} };
        try {
          const exposure = await exposeToolsToWebMCP(tools, { signal: controller.signal });
          expect([...exposure.names].sort()).toEqual([...defined].sort());
          const read = await webMCPTools({ includeExposed: true });
          page.close = () => read.close();
          expect(Object.keys(read.tools).sort()).toEqual([...defined].sort());
          expect(Object.keys(toolSchemas(read.tools)).sort()).toEqual([...defined].sort());

          const results = await executeToolCalls(
            called.map((toolName, i) => ({ toolCallId: `c${i}`, toolName, input: { n: i } })),
            read.tools,
          );
          results.forEach((result, i) => {
            const name = called[i]!;
            if (defined.includes(name)) expect(result).toMatchObject({ ok: true });
            else expect(result).toMatchObject({ ok: false, error: `Tool "${name}" is not available` });
            if (result.ok) expect(JSON.stringify(result.output)).toContain(`${name} ${i}`);
          });
        } finally {
          page.close();
          controller.abort();
        }
      }),
      { numRuns: 40 },
    );
  });
});
