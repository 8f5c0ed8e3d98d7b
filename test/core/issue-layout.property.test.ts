import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateToolInput } from 'toolchat/core';

// A zod input's issues read exactly as zod's own `prettifyError` writes them, whatever the
// input: the message a model gets back for a bad call does not depend on where toolchat
// formats it.
const schema = z.object({
  city: z.string().min(2),
  days: z.number().int().max(14).optional(),
  stops: z.array(z.object({ name: z.string(), 'arrival time': z.string() })).max(3),
  tags: z.record(z.string(), z.boolean()),
  mode: z.enum(['car', 'train']),
});

describe('issues of a zod input', () => {
  it('read as z.prettifyError writes them, for any input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything({ withObjectString: true, withNullPrototype: true }), fc.dictionary(fc.constantFrom('city', 'days', 'stops', 'tags', 'mode', 'a b', '0'), fc.jsonValue()), async (anything, fields) => {
        for (const input of [anything, fields]) {
          const parsed = schema.safeParse(input);
          const result = await validateToolInput({ inputSchema: schema }, input);
          if (parsed.success) expect(result.success).toBe(true);
          else expect(result).toEqual({ success: false, message: z.prettifyError(parsed.error) });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('name array items and odd keys as zod does', async () => {
    const result = await validateToolInput({ inputSchema: schema }, { city: 'P', stops: [{ name: 1 }], tags: { x: 'no' }, mode: 'bus' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.message).toContain('  → at stops[0]["arrival time"]');
      expect(result.message).toContain('  → at tags.x');
    }
  });
});
