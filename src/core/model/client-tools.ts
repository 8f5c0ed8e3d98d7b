import { jsonSchema, tool, type ToolSet as AIToolSet } from 'ai';
import { ownRecord } from '../tools/own-record';
import type { ToolSchemas } from '../tools/types';

/**
 * The browser's tools as AI SDK tools for `streamText`: each one's description and JSON Schema,
 * no `execute`, so the model's calls to them end the request and go back to the browser. A
 * null-prototype set: a call to `constructor` or `__proto__` finds a tool only if one has that name.
 */
export function clientToolSet(schemas: ToolSchemas): AIToolSet {
  const tools: AIToolSet = ownRecord();
  for (const [name, schema] of Object.entries(schemas)) {
    tools[name] = tool({
      ...(schema.description === undefined ? {} : { description: schema.description }),
      inputSchema: jsonSchema(schema.inputSchema),
    });
  }
  return tools;
}
