import type { JSONSchema7 } from 'ai';
import * as z from 'zod';
import { classify } from './input-schema';
import { isPromiseLike } from './promise-like';

// The JSON Schema of a tool's input is read when a request is sent, never on the first render:
// its own module, so zod's JSON Schema compiler loads with the request path, not with the page.

/** The JSON Schema of anything that accepts any object: for schemas that cannot say more. */
const ANY_OBJECT: JSONSchema7 = { type: 'object', additionalProperties: true };

/** A JSON Schema without its `$schema` dialect line; anything but an object accepts any object. */
export function withoutDialect(schema: unknown): JSONSchema7 {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return ANY_OBJECT;
  const { $schema: _ignored, ...rest } = schema as JSONSchema7 & { $schema?: string };
  return rest;
}

/**
 * The JSON Schema of a tool's input as the model is told it, now. `pending` is a Promise when the
 * schema gives its JSON Schema asynchronously (`jsonSchema(promise)`): until it settles the model
 * gets a schema that accepts any object. Never throws: a schema that cannot be converted (a
 * Standard Schema without `~standard.jsonSchema`, a converter that throws) also gives that.
 */
export function inputJsonSchema(schema: unknown): { jsonSchema: JSONSchema7; pending?: PromiseLike<unknown> } {
  try {
    const kind = classify(schema);
    switch (kind.kind) {
      case 'zod':
        return { jsonSchema: withoutDialect(z.toJSONSchema(kind.schema, { io: 'input' })) };
      case 'ai': {
        const jsonSchema: unknown = kind.schema.jsonSchema;
        if (isPromiseLike(jsonSchema)) return { jsonSchema: ANY_OBJECT, pending: jsonSchema };
        return { jsonSchema: withoutDialect(jsonSchema) };
      }
      case 'standard': {
        const converter = (kind.schema['~standard'] as { jsonSchema?: { input?: (options: { target: string }) => unknown } })
          .jsonSchema;
        if (typeof converter?.input !== 'function') return { jsonSchema: ANY_OBJECT };
        return { jsonSchema: withoutDialect(converter.input({ target: 'draft-07' })) };
      }
      case 'unknown':
        return { jsonSchema: ANY_OBJECT };
    }
  } catch {
    return { jsonSchema: ANY_OBJECT };
  }
}
