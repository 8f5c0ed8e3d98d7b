import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webMCPTools, type ModelContextLike, type WebMCPRegisteredTool } from 'toolchat/mcp';

/** A model context that lists the given tools and runs none: names are all this test needs. */
function listing(names: readonly string[]): ModelContextLike {
  const tools: WebMCPRegisteredTool[] = names.map((name) => ({ name, description: `Tool ${name}` }));
  return { registerTool: async () => {}, getTools: async () => tools, executeTool: async () => null };
}

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe('tool names from other origins', () => {
  it('are valid for every provider and never clash, whatever the remote names and the prefix (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.constantFrom('a.b', 'a_b', 'a b', 'a-b', 'x'.repeat(70), 'é', '工具')), { maxLength: 12 }),
        fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
        async (names, prefix) => {
          const page = await webMCPTools({ modelContext: listing(names), ...(prefix === undefined ? {} : { name: prefix }) });
          const local = Object.keys(page.tools);
          expect(local).toHaveLength(names.length);
          for (const name of local) expect(name).toMatch(PROVIDER_NAME);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keep a valid name as it is, prefixed, and tag a cleaned one with a stable hash', async () => {
    const first = await webMCPTools({ modelContext: listing(['search', 'search.docs']), name: 'docs' });
    const second = await webMCPTools({ modelContext: listing(['search.docs', 'search']), name: 'docs' });
    const keys = Object.keys(first.tools);
    expect(keys[0]).toBe('docs_search');
    expect(keys[1]).toMatch(/^docs_search_docs_[0-9a-z]{7}$/);
    expect(Object.keys(second.tools).sort()).toEqual([...keys].sort());
  });
});
