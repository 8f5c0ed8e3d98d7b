import * as z from 'zod';
import type { JSONSchema7 } from 'ai';
import type { ToolSet } from './define-tool';
import type { ToolSchemas } from './types';

const cache = new WeakMap<ToolSet, ToolSchemas>();

/**
 * The JSON Schemas of a tool set, as the request body carries them to the model. Cached per
 * tool set object, since every request of a chat sends the same tools.
 */
export function toolSchemas(tools: ToolSet): ToolSchemas {
  const cached = cache.get(tools);
  if (cached) return cached;
  const schemas: ToolSchemas = {};
  for (const [name, tool] of Object.entries(tools)) {
    const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(tool.inputSchema, { io: 'input' }) as JSONSchema7 & {
      $schema?: string;
    };
    schemas[name] = tool.description === undefined ? { inputSchema } : { description: tool.description, inputSchema };
  }
  cache.set(tools, schemas);
  return schemas;
}
