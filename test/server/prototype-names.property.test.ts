import fc from 'fast-check';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createChatHandler } from 'toolchat/server';
import { toolCallResponse } from '../support/mock-models';
import { definedAndCalledArbitrary } from '../support/prototype-names';
import { chatRequest, readChunks } from './chat-stream';

const userMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go' }] };

/** The wire form of a client's tool set, written as JSON text so `__proto__` is an own key as a browser sends it. */
function toolsJson(names: readonly string[]): string {
  const entries = names.map(
    (name) =>
      `${JSON.stringify(name)}:{"description":${JSON.stringify(`The ${name} tool`)},"inputSchema":{"type":"object","properties":{"${name}":{"type":"number"}}}}`,
  );
  return `{${entries.join(',')}}`;
}

describe('given a client whose tools are named like Object.prototype members', () => {
  it('offers the model exactly those tools and streams each call as a call of a known or an unknown tool (property)', async () => {
    await fc.assert(
      fc.asyncProperty(definedAndCalledArbitrary, async ({ defined, called }) => {
        let offered: LanguageModelV4CallOptions['tools'];
        const model = new MockLanguageModelV4({
          doStream: async (options) => {
            offered = options.tools;
            return toolCallResponse(called.map((toolName, i) => ({ toolCallId: `call_${i}`, toolName, input: { n: i } })));
          },
        });
        const handler = createChatHandler({ model, env: {} });
        const response = await handler(chatRequest(`{"messages":[${JSON.stringify(userMessage)}],"tools":${toolsJson(defined)}}`));
        expect(response.status).toBe(200);
        const chunks = await readChunks(response);

        // Every tool reaches the model, with its own schema (the property named like the tool too).
        expect((offered ?? []).map((tool) => tool.name).sort()).toEqual([...defined].sort());
        for (const tool of offered ?? []) {
          expect(tool.type === 'function' && tool.description).toBe(`The ${tool.name} tool`);
          const properties = tool.type === 'function' ? (tool.inputSchema as { properties: object }).properties : {};
          expect(Object.keys(properties)).toEqual([tool.name]);
        }

        called.forEach((name, i) => {
          const chunk = chunks.find(
            (c) => (c.type === 'tool-input-available' || c.type === 'tool-input-error') && c.toolCallId === `call_${i}`,
          );
          expect(chunk).toBeDefined();
          if (!chunk || (chunk.type !== 'tool-input-available' && chunk.type !== 'tool-input-error')) return;
          expect(chunk.toolName).toBe(name);
          if (defined.includes(name)) {
            // A browser tool: a static `tool-<name>` part whose call goes back to the browser.
            expect(chunk).toMatchObject({ type: 'tool-input-available', input: { n: i } });
            expect(chunk.dynamic).toBeUndefined();
          } else {
            expect(chunk.type).toBe('tool-input-error');
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a tool named __proto__ with a bad schema by name, as any other tool', async () => {
    const handler = createChatHandler({ model: new MockLanguageModelV4(), env: {} });
    const response = await handler(chatRequest(`{"messages":[${JSON.stringify(userMessage)}],"tools":{"__proto__":{"inputSchema":{"type":"strng"}}}}`));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^Invalid tool "__proto__": /);
  });
});
