// The guard is internal (no public entry exposes it), so this file imports it by path: what it
// promises is an invariant of the parsers, that the fast path never accepts what zod rejects.
import { EventSourceParserStream } from '@ai-sdk/provider-utils';
import fc from 'fast-check';
import * as z from 'zod';
import { anthropicEventSchema } from '../../src/transports/anthropic/schema';
import { geminiEventSchema } from '../../src/transports/gemini/schema';
import { openAIChunkSchema } from '../../src/transports/openai-compatible/schema';
import { schemaGuard } from '../../src/transports/sse/schema-guard';
import { byteStream, collect, fixtureBytes } from './openai-compatible/helpers';

async function payloads(names: readonly string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const name of names) {
    const events = byteStream(fixtureBytes(name)).pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>).pipeThrough(new EventSourceParserStream());
    for (const { data } of await collect(events)) if (data.trim() !== '[DONE]') out.push(JSON.parse(data));
  }
  return out;
}

/** A copy of `value` with the node at a random path replaced by any JSON value, or removed. */
function mutated(value: unknown) {
  return fc.tuple(fc.array(fc.nat(), { maxLength: 8 }), fc.option(fc.jsonValue(), { nil: undefined })).map(([path, replacement]) => {
    const copy = structuredClone(value);
    let parent: Record<string, unknown> | undefined;
    let key = '';
    let node: unknown = copy;
    for (const step of path) {
      if (typeof node !== 'object' || node === null) break;
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      parent = node as Record<string, unknown>;
      key = keys[step % keys.length] ?? '';
      node = parent[key];
    }
    if (parent === undefined) return replacement;
    if (replacement === undefined && !Array.isArray(parent)) delete parent[key];
    else parent[key] = replacement ?? null;
    return copy;
  });
}

/** The value with an own `__proto__` key added at its top, as JSON.parse would make it. */
function withOwnProto(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const json = JSON.stringify(value);
  return JSON.parse(`{"__proto__":1${json === '{}' ? '' : ','}${json.slice(1)}`);
}

const wires = [
  {
    schema: openAIChunkSchema,
    fixtures: [
      'openai-chat-parallel-tool-calls.sse',
      'openai-chat-text-with-usage.sse',
      'mistral-chat-tool-call.sse',
      'ollama-openai-compat-parallel-tool-calls.sse',
      'qwen-dashscope-chat-tool-call.sse',
    ],
  },
  { schema: anthropicEventSchema, fixtures: ['anthropic-messages-text-then-tool-use.sse', 'anthropic-messages-server-tool-then-tool-use.sse'] },
  { schema: geminiEventSchema, fixtures: ['gemini-stream-function-call.sse', 'gemini-3-stream-function-call-thought-signature.sse'] },
];

describe.each(wires)('the schema guard for $fixtures.0', ({ schema, fixtures }) => {
  it('accepts every event the providers recorded, so real streams take the fast path', async () => {
    const guard = schemaGuard(schema);
    expect(guard).toBeTypeOf('function');
    const events = await payloads(fixtures);
    expect(events.length).toBeGreaterThanOrEqual(fixtures.length);
    for (const event of events) expect(guard?.(event)).toBe(true);
  });

  it('agrees with zod on altered events, and what it accepts is exactly what zod gives back', async () => {
    const guard = schemaGuard(schema);
    const events = await payloads(fixtures);
    fc.assert(
      fc.property(fc.constantFrom(...events).chain(mutated), fc.boolean(), (altered, proto) => {
        // An own `__proto__` key (JSON.parse makes those) is left to zod.
        const value = proto ? withOwnProto(altered) : altered;
        const result = schema.safeParse(value);
        if (guard?.(value)) {
          expect(result.success).toBe(true);
          expect(result.data).toEqual(value);
        } else if (result.success) {
          // Too strict is only allowed where zod would copy an own `__proto__` key.
          expect(JSON.stringify(value)).toContain('"__proto__"');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('schemaGuard', () => {
  it('declines schemas whose output is not their input, so zod keeps parsing those', () => {
    expect(schemaGuard(z.object({ a: z.string() }))).toBeUndefined(); // strips unknown keys
    expect(schemaGuard(z.object({ a: z.string() }).strict())).toBeUndefined();
    expect(schemaGuard(z.object({ a: z.string().min(1) }).passthrough())).toBeUndefined();
    expect(schemaGuard(z.object({ a: z.string().default('x') }).passthrough())).toBeUndefined();
    expect(schemaGuard(z.object({ a: z.string().transform((s) => s.length) }).passthrough())).toBeUndefined();
    expect(schemaGuard(z.object({ a: z.array(z.object({ b: z.number() })) }).passthrough())).toBeUndefined();
  });

  it('checks nested passthrough objects, arrays, unions and nullish fields', () => {
    const guard = schemaGuard(
      z.object({ a: z.array(z.object({ b: z.union([z.string(), z.number()]) }).passthrough()).nullish(), c: z.boolean() }).passthrough(),
    );
    expect(guard?.({ c: true, a: [{ b: 1 }, { b: 'x', extra: [] }] })).toBe(true);
    expect(guard?.({ c: false, a: null, more: 1 })).toBe(true);
    expect(guard?.({ c: true, a: [{ b: true }] })).toBe(false);
    expect(guard?.({ a: [] })).toBe(false);
    expect(guard?.([])).toBe(false);
    expect(guard?.(null)).toBe(false);
  });

  it('wants a non-optional key present even when its schema is `unknown`, as zod does', () => {
    const schema = z.object({ args: z.unknown() }).passthrough();
    const guard = schemaGuard(schema);
    expect(guard?.({})).toBe(schema.safeParse({}).success);
    expect(guard?.({})).toBe(false);
    expect(guard?.({ args: null })).toBe(true);
  });
});
