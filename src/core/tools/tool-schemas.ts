import type { JSONSchema7 } from 'ai';
import type { ToolSet } from './define-tool';
import { inputJsonSchema, withoutDialect } from './input-json-schema';
import { toolDefinitionProblem } from './tool-schema-check';
import { ToolSchemaError } from './tool-schema-error';
import { ownRecord } from './own-record';
import type { ToolSchemas } from './types';

/** The tools' JSON Schemas as a request carries them, and the tools left out (see `toolDefinitionProblem`). */
export interface CheckedToolSchemas {
  schemas: ToolSchemas;
  rejected: ToolSchemaError[];
}

const cache = new WeakMap<ToolSet, CheckedToolSchemas>();
// JSON Schemas that a schema gave asynchronously (`jsonSchema(promise)`), once they have settled.
const settled = new WeakMap<object, JSONSchema7>();

/**
 * The JSON Schemas of a tool set, as the request body carries them to the model, whatever
 * kind of schema each tool has (zod, `jsonSchema()` from `ai`, a Standard Schema). Cached per
 * tool set object, since every request of a chat sends the same tools. Never throws: a tool
 * whose schema cannot be converted, or whose JSON Schema is still being resolved, is described
 * as taking any object (its input is still validated before `execute` runs). A tool whose
 * name or JSON Schema the handler would refuse (an unknown type, too deep, too large) is left
 * out: see {@link checkedToolSchemas} for which and why.
 */
export function toolSchemas(tools: ToolSet): ToolSchemas {
  return checkedToolSchemas(tools).schemas;
}

/** {@link toolSchemas}, with the tools left out as errors naming each (`ToolSchemaError`). */
export function checkedToolSchemas(tools: ToolSet): CheckedToolSchemas {
  const cached = cache.get(tools);
  if (cached) return cached;
  // Without a prototype, a tool named `__proto__` is an entry like any other.
  const schemas: ToolSchemas = ownRecord();
  const rejected: ToolSchemaError[] = [];
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
    const definition = description === undefined ? { inputSchema } : { description, inputSchema };
    const problem = toolDefinitionProblem(name, definition);
    if (problem !== undefined) {
      rejected.push(new ToolSchemaError(name, problem));
      continue;
    }
    // An own property whatever the name (`__proto__` is a valid tool name).
    Object.defineProperty(schemas, name, { value: definition, enumerable: true, writable: true, configurable: true });
  }
  const checked = { schemas, rejected };
  // A set with a schema still resolving is built again next time, with the settled schema.
  if (complete) cache.set(tools, checked);
  return checked;
}
