import { Validator, type OutputUnit, type Schema as CfSchema, type SchemaDraft } from '@cfworker/json-schema';
import { jsonSchema, type JSONSchema7, type Schema } from 'ai';

// Keywords whose error only says that something inside failed; the inner error says what.
const SUMMARY_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'additionalItems', 'allOf', '$ref', 'unevaluatedProperties', 'dependentSchemas']);
const MAX_ISSUES = 5;

function draftOf(schema: object): SchemaDraft {
  const dialect = (schema as { $schema?: unknown }).$schema;
  if (typeof dialect !== 'string') return '2020-12'; // MCP's default dialect
  if (dialect.includes('draft-04')) return '4';
  if (dialect.includes('draft-07') || dialect.includes('draft-06')) return '7';
  if (dialect.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** `#/a/0/b` → `a.0.b` (JSON Pointer escapes undone). */
function pathOf(instanceLocation: string): string {
  return instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Issues in zod's layout (`✖ message` / `  → at path`), the specific ones first. */
export function formatSchemaErrors(errors: readonly OutputUnit[]): string {
  const specific = errors.filter((error) => !SUMMARY_KEYWORDS.has(error.keyword));
  const shown = (specific.length > 0 ? specific : errors).slice(0, MAX_ISSUES);
  if (shown.length === 0) return '✖ Invalid input';
  return shown
    .map((error) => {
      const path = pathOf(error.instanceLocation);
      return path === '' ? `✖ ${error.error}` : `✖ ${error.error}\n  → at ${path}`;
    })
    .join('\n');
}

/**
 * A schema for `defineTool` from a JSON Schema that came over the wire (an MCP server's or a
 * WebMCP page's): the model is sent the schema as it is, and input is checked against it in
 * the browser by @cfworker/json-schema, which needs no `eval` and so runs under a strict CSP.
 * A schema the validator cannot read is left to the tool's owner to enforce: input passes.
 */
export function wireJsonSchema(schema: JSONSchema7): Schema<Record<string, unknown>> {
  let validator: Validator | undefined;
  try {
    validator = new Validator(schema as CfSchema, draftOf(schema), false);
  } catch {
    validator = undefined;
  }
  return jsonSchema<Record<string, unknown>>(schema, {
    validate: (value) => {
      if (!validator) return { success: true, value: value as Record<string, unknown> };
      const result = validator.validate(value);
      return result.valid
        ? { success: true, value: value as Record<string, unknown> }
        : { success: false, error: new Error(formatSchemaErrors(result.errors)) };
    },
  });
}
