import * as z from 'zod';

const typeName = z.enum(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const count = z.number().int().nonnegative();

/** A subschema: JSON Schema allows `true` and `false` wherever a schema goes. */
const schema: z.ZodType<unknown> = z.lazy(() => z.union([z.boolean(), schemaObject]));
const schemas = z.array(schema);
const namedSchemas = z.record(z.string(), schema);

/**
 * The keywords of JSON Schema (draft 4 to 2020-12) that providers read, checked for their
 * shape; other keywords pass untouched. What zod's `toJSONSchema` writes always passes.
 */
const schemaObject = z.looseObject({
  type: z.union([typeName, z.array(typeName).min(1)]).optional(),
  properties: namedSchemas.optional(),
  patternProperties: namedSchemas.optional(),
  additionalProperties: schema.optional(),
  propertyNames: schema.optional(),
  required: z.array(z.string()).optional(),
  items: z.union([schema, schemas]).optional(),
  prefixItems: schemas.optional(),
  additionalItems: schema.optional(),
  contains: schema.optional(),
  anyOf: schemas.min(1).optional(),
  oneOf: schemas.min(1).optional(),
  allOf: schemas.min(1).optional(),
  not: schema.optional(),
  if: schema.optional(),
  then: schema.optional(),
  else: schema.optional(),
  enum: z.array(z.unknown()).optional(),
  $defs: namedSchemas.optional(),
  definitions: namedSchemas.optional(),
  $ref: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  format: z.string().optional(),
  pattern: z.string().optional(),
  minLength: count.optional(),
  maxLength: count.optional(),
  minItems: count.optional(),
  maxItems: count.optional(),
  minProperties: count.optional(),
  maxProperties: count.optional(),
  uniqueItems: z.boolean().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.union([z.number(), z.boolean()]).optional(),
  exclusiveMaximum: z.union([z.number(), z.boolean()]).optional(),
  multipleOf: z.number().positive().optional(),
});

/**
 * A tool's input schema: a JSON Schema of an object, the only kind of tool parameters that
 * OpenAI, Anthropic and Gemini accept.
 */
export const toolInputSchema = schemaObject.extend({
  type: z.literal('object', { error: 'must be "object": a tool takes an object of named arguments' }),
});
