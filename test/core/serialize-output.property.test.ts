import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT_DEPTH, serializeToolOutput, toJsonValue } from 'toolchat/core';

/** Values a tool may return, hostile ones included. */
const hostileLeaf = fc.constantFrom<unknown>(
  () => 1,
  Symbol('s'),
  10n ** 30n,
  new Date(Number.NaN),
  new Date(0),
  new Error('boom'),
  new Map([[{ k: 1 }, new Set([1])]]),
  new Uint8Array(3),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  undefined,
  Object.create(null),
  new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }),
  Object.defineProperty({}, 'bad', { enumerable: true, get: () => { throw new Error('getter'); } }),
  { toJSON: () => { throw new Error('toJSON'); } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
);

const output = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.anything({ maxDepth: 3 }),
    hostileLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('toJsonValue', () => {
  it('never throws, and gives plain JSON that survives a round trip, whatever the tool returned', () => {
    fc.assert(
      fc.property(output, (value) => {
        const json = toJsonValue(value);
        expect(JSON.parse(JSON.stringify(json))).toEqual(json);
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
    );
  });

  it('cuts nesting past the depth limit and says so', () => {
    let value: unknown = 'bottom';
    for (let i = 0; i < 5000; i++) value = [value];
    const text = JSON.stringify(toJsonValue(value));
    expect(text).toContain(`[Truncated: nested deeper than ${MAX_OUTPUT_DEPTH} levels]`);
  });

  it('keeps a cycle as "[Circular]", also through Maps and arrays', () => {
    const list: unknown[] = [];
    const map = new Map<string, unknown>([['list', list]]);
    list.push(map);
    expect(toJsonValue({ map })).toEqual({ map: [['list', [ '[Circular]' ]]] });
  });
});

describe('serializeToolOutput', () => {
  it('stays within the cap for any output', () => {
    fc.assert(
      fc.property(output, fc.integer({ min: 512, max: 4096 }), (value, maxBytes) => {
        const out = serializeToolOutput(value, maxBytes);
        expect(new TextEncoder().encode(JSON.stringify(out)).length).toBeLessThanOrEqual(maxBytes);
      }),
    );
  });
});
