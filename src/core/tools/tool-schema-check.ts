import * as z from 'zod';
import { depthExceeds, jsonOf } from './input-limits';
import { formatIssues, quoteClientText } from './issue-text';

/**
 * The one check of a tool's definition (its name and JSON Schema) shared by both ends: the
 * handler refuses a request with a tool that fails it (`400`), and the client leaves such a tool
 * out of its requests and reports it (`ToolSchemaError`), so one bad schema from outside (an MCP
 * server's) never fails every request of the chat.
 */

/** Names OpenAI, Anthropic and Gemini all accept for a tool. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** A tool's input schema nested deeper than this is refused: no real schema comes close. */
export const MAX_SCHEMA_DEPTH = 64;

/** A tool's input schema larger than this (characters of JSON) is refused: every request carries it. */
export const MAX_SCHEMA_CHARS = 256 * 1024;

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

const toolDefinitionSchema = z.object({
  description: z.string().optional(),
  inputSchema: toolInputSchema,
});

/**
 * Why a tool of this name and definition (`{ description?, inputSchema }`) cannot be sent to the
 * model, in the handler's words (`Invalid tool "x": …`), or `undefined` when it can. Repeats no
 * more than a short prefix of the name or of anything in the schema.
 */
export function toolDefinitionProblem(name: string, definition: unknown): string | undefined {
  if (!TOOL_NAME.test(name)) return `Invalid tool name ${quoteClientText(name)}: use 1 to 64 letters, digits, _ or -`;
  const schema = typeof definition === 'object' && definition !== null ? (definition as { inputSchema?: unknown }).inputSchema : undefined;
  // Before validation, which recurses.
  if (depthExceeds(schema, MAX_SCHEMA_DEPTH)) return `Invalid tool ${quoteClientText(name)}: inputSchema is nested deeper than ${MAX_SCHEMA_DEPTH} levels`;
  const json = jsonOf(schema);
  if (json !== undefined && json.length > MAX_SCHEMA_CHARS) {
    return `Invalid tool ${quoteClientText(name)}: inputSchema is ${json.length.toLocaleString('en-US')} characters of JSON, over the limit of ${MAX_SCHEMA_CHARS.toLocaleString('en-US')}`;
  }
  const parsed = toolDefinitionSchema.safeParse(definition);
  return parsed.success ? undefined : `Invalid tool ${quoteClientText(name)}: ${formatIssues(parsed.error.issues)}`;
}

export { ToolSchemaError } from './tool-schema-error';
