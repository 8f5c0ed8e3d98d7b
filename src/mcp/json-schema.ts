import type { JSONSchema7 } from 'ai';

// Checking input against a JSON Schema that came over the wire is core's (a server tool's edit
// uses it too): the MCP tools share it.
export { formatSchemaErrors, wireJsonSchema } from '../core/tools/wire-json-schema';

/** A wire schema as an object schema the model accepts: a missing or odd one takes any object. */
export function objectSchema(value: unknown): JSONSchema7 {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { type: 'object', properties: {} };
  const { $schema: _dialect, ...schema } = value as JSONSchema7 & { $schema?: string };
  return schema.type === undefined ? { type: 'object', ...schema } : schema;
}
