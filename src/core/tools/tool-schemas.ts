import type { JSONSchema7 } from 'ai';
import type { ToolSet } from './define-tool';
import { inputJsonSchema, withoutDialect } from './input-schema';
import { ownRecord } from './own-record';
import type { ToolSchemas } from './types';

const cache = new WeakMap<ToolSet, ToolSchemas>();
// JSON Schemas that a schema gave asynchronously (`jsonSchema(promise)`), once they have settled.
const settled = new WeakMap<object, JSONSchema7>();

/**
 * The JSON Schemas of a tool set, as the request body carries them to the model, whatever
 * kind of schema each tool has (zod, `jsonSchema()` from `ai`, a Standard Schema). Cached per
 * tool set object, since every request of a chat sends the same tools. Never throws: a tool
 * whose schema cannot be converted, or whose JSON Schema is still being resolved, is described
 * as taking any object (its input is still validated before `execute` runs).
 */
export function toolSchemas(tools: ToolSet): ToolSchemas {
  const cached = cache.get(tools);
  if (cached) return cached;
  // Without a prototype, a tool named `__proto__` is an entry like any other.
  const schemas: ToolSchemas = ownRecord();
  let complete = true;
  for (const [name, tool] of Object.entries(tools)) {
    if (typeof tool !== 'object' || tool === null) continue;
    const schema: unknown = tool.inputSchema;
    let inputSchema = typeof schema === 'object' && schema !== null ? settled.get(schema) : undefined;
    if (!inputSchema) {
      const converted = inputJsonSchema(schema);
      inputSchema = converted.jsonSchema;
      if (converted.pending) {
        complete = false;
        const key = schema as object;
        Promise.resolve(converted.pending).then(
          (value) => settled.set(key, withoutDialect(value)),
          () => {},
        );
      }
    }
    const description = typeof tool.description === 'string' ? tool.description : undefined;
    schemas[name] = description === undefined ? { inputSchema } : { description, inputSchema };
  }
  // A set with a schema still resolving is built again next time, with the settled schema.
  if (complete) cache.set(tools, schemas);
  return schemas;
}
