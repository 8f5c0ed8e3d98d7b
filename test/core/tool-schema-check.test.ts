import { jsonSchema } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedToolSchemas, defineTool, ToolLoop, ToolSchemaError, toolDefinitionProblem, toolSchemas, type ToolSet } from 'toolchat/core';
import { createChatHandler } from 'toolchat/server';
import { textResponse } from '../support/mock-models';

const user = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'hi' }] };

function handler() {
  return createChatHandler({ model: new MockLanguageModelV4({ doStream: async () => textResponse('ok') }) });
}

async function status(tools: unknown): Promise<number> {
  const response = await handler()(
    new Request('http://localhost/api/chat', { method: 'POST', body: JSON.stringify({ id: 'c', messages: [user], tools }) }),
  );
  await response.text();
  return response.status;
}

const tools: ToolSet = {
  good: defineTool({ description: 'Fine', inputSchema: z.object({ city: z.string() }), execute: async () => 'ok' }),
  typo: defineTool({ description: 'From outside', inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'strng' } } } as never), execute: async () => 'ok' }),
  'bad name': defineTool({ inputSchema: z.object({}), execute: async () => 'ok' }),
};

describe('tools whose definition the handler would refuse', () => {
  it('are left out of the request body by name; the others go', () => {
    const { schemas, rejected } = checkedToolSchemas(tools);
    expect(Object.keys(schemas)).toEqual(['good']);
    expect(toolSchemas(tools)).toBe(schemas);
    expect(rejected.map((error) => [error.toolName, error.message])).toEqual([
      ['typo', expect.stringMatching(/^Invalid tool "typo": inputSchema\.properties\.city\.type: .*\. The tool is left out of the chat's requests\.$/)],
      ['bad name', 'Invalid tool name "bad name": use 1 to 64 letters, digits, _ or -. The tool is left out of the chat\'s requests.'],
    ]);
    expect(rejected[0]).toBeInstanceOf(ToolSchemaError);
  });

  it("reach the loop's onError once per tool set, and every request still goes", async () => {
    const errors: Error[] = [];
    const loop = new ToolLoop(() => ({ tools, onError: (error) => errors.push(error) }));
    const first = loop.requestBody([user]);
    loop.requestBody([user]);
    expect(Object.keys(first.tools ?? {})).toEqual(['good']);
    expect(errors.map((error) => (error as ToolSchemaError).toolName)).toEqual(['typo', 'bad name']);
    expect(await status(first.tools)).toBe(200);
  });

  it('an own __proto__ tool stays an ordinary name in the body', () => {
    const own: ToolSet = Object.defineProperty({}, '__proto__', {
      value: defineTool({ inputSchema: z.object({}), execute: async () => 'ok' }),
      enumerable: true,
    });
    expect(Object.hasOwn(toolSchemas(own), '__proto__')).toBe(true);
    expect(Object.keys(JSON.parse(JSON.stringify(toolSchemas(own))) as object)).toEqual(['__proto__']);
  });
});

/** JSON Schemas of every kind: valid, misspelled, odd values where schemas go. */
const schemaArbitrary: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.record(
      {
        type: fc.constantFrom('object', 'string', 'number', 'integer', 'boolean', 'null', 'array', 'strng', 'any'),
        properties: fc.dictionary(fc.string({ maxLength: 4 }), tie('schema'), { maxKeys: 3 }),
        items: tie('schema'),
        required: fc.oneof(fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }), fc.constant('x')),
        minLength: fc.oneof(fc.nat(5), fc.constant(-1)),
        description: fc.oneof(fc.string({ maxLength: 5 }), fc.integer()),
      },
      { requiredKeys: [] },
    ),
    fc.boolean(),
    fc.constant(null),
  ),
})).schema;

describe('the client and the handler agree', () => {
  it('the client sends a tool exactly when the handler takes it', async () => {
    await fc.assert(
      fc.asyncProperty(schemaArbitrary, async (inner) => {
        const definition = { inputSchema: { type: 'object', properties: { a: inner } } };
        const accepted = toolDefinitionProblem('t', definition) === undefined;
        expect(await status({ t: definition })).toBe(accepted ? 200 : 400);
      }),
      { numRuns: 60 },
    );
  });
});
